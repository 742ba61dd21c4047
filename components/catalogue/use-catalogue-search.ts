import { useCallback, useDeferredValue } from 'react';
import { useUrlFilters } from '@/components/ui/use-url-filters';

const PARAMS = ['q', 'group'] as const;

/**
 * The search text and group filter, kept in the URL (`?q=…&group=…`). The list follows
 * through deferred values, so typing never waits for it.
 */
export function useCatalogueSearch() {
  const [{ q: query, group }, setFilters] = useUrlFilters(PARAMS);
  const setQuery = useCallback((value: string) => setFilters({ q: value }), [setFilters]);
  const setGroup = useCallback((value: string) => setFilters({ group: value }), [setFilters]);
  return {
    query,
    group,
    setQuery,
    setGroup,
    deferredQuery: useDeferredValue(query),
    deferredGroup: useDeferredValue(group),
  };
}
