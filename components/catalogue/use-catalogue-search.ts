import { useCallback } from 'react';
import { useUrlFilters } from '@/components/ui/use-url-filters';
import { toAvailabilityFilter, type AvailabilityFilter } from '@/lib/catalogue/filter-catalogue';

const PARAMS = ['q', 'group', 'availability'] as const;

/**
 * The search text, group and availability filters, kept in the URL (`?q=…&group=…&availability=unavailable`). The list follows
 * in the same render as the box: a keystroke's filtering and drawing take a few milliseconds at
 * 10,000 tools, less than the second render and frame a deferred value would add.
 */
export function useCatalogueSearch() {
  const [{ q: query, group, availability: availabilityParam }, setFilters] = useUrlFilters(PARAMS);
  const availability = toAvailabilityFilter(availabilityParam);
  const setQuery = useCallback((value: string) => setFilters({ q: value }), [setFilters]);
  const setGroup = useCallback((value: string) => setFilters({ group: value }), [setFilters]);
  const setAvailability = useCallback((value: AvailabilityFilter) => setFilters({ availability: value }), [setFilters]);
  return {
    query,
    group,
    setQuery,
    setGroup,
    availability,
    setAvailability,
  };
}
