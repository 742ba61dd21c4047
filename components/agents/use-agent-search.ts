import { useCallback } from 'react';
import type { AgentStatusFilter } from '@/lib/agents/agent';
import { toAgentStatusFilter } from '@/lib/client-api/agents-api';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { useUrlFilters } from '@/components/ui/use-url-filters';

const PARAMS = ['q', 'status'] as const;
// Each search is a request: wait for a pause in typing rather than send one per keystroke.
const SEARCH_DELAY_MS = 250;

/**
 * The agents search text and status filter, kept in the URL as `?q=` and `?status=`, and the
 * trimmed text once typing pauses.
 */
export function useAgentSearch() {
  const [{ q: query, status: statusParam }, setFilters] = useUrlFilters(PARAMS);
  const setQuery = useCallback((value: string) => setFilters({ q: value }), [setFilters]);
  const status = toAgentStatusFilter(statusParam);
  const setStatus = useCallback((value: AgentStatusFilter | '') => setFilters({ status: value }), [setFilters]);
  const settledQuery = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  return { query, setQuery, status, setStatus, settledQuery, isSettled: settledQuery === query.trim() };
}
