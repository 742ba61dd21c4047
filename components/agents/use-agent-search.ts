import { useCallback } from 'react';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { useUrlFilters } from '@/components/ui/use-url-filters';

const PARAMS = ['q'] as const;
// Each search is a request: wait for a pause in typing rather than send one per keystroke.
const SEARCH_DELAY_MS = 250;

/** The agents search text, kept in the URL as `?q=`, and the trimmed text once typing pauses. */
export function useAgentSearch() {
  const [{ q: query }, setFilters] = useUrlFilters(PARAMS);
  const setQuery = useCallback((value: string) => setFilters({ q: value }), [setFilters]);
  const settledQuery = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  return { query, setQuery, settledQuery, isSettled: settledQuery === query.trim() };
}
