import { useCallback } from 'react';
import type { AgentStatusFilter } from '@/lib/agents/agent';
import { toAgentStatusFilter, toPage } from '@/lib/client-api/agents-api';
import { useUrlFilters } from '@/components/ui/use-url-filters';

const PARAMS = ['q', 'status', 'page'] as const;

/**
 * The agents search text, status filter and page (0-based), kept in the URL as `?q=`,
 * `?status=` and `?page=` (1-based). The search runs on the server at every keystroke: an
 * indexed page of 50 answers in milliseconds, and a query nobody waits for any more is aborted.
 * A new search or filter goes back to the first page.
 */
export function useAgentSearch() {
  const [{ q: query, status: statusParam, page: pageParam }, setFilters] = useUrlFilters(PARAMS);
  const setQuery = useCallback((value: string) => setFilters({ q: value, page: '' }), [setFilters]);
  const status = toAgentStatusFilter(statusParam);
  const setStatus = useCallback((value: AgentStatusFilter | '') => setFilters({ status: value, page: '' }), [setFilters]);
  const page = toPage(pageParam);
  const setPage = useCallback((value: number) => setFilters({ page: value === 0 ? '' : String(value + 1) }), [setFilters]);
  const settledQuery = query.trim();
  return { query, setQuery, status, setStatus, page, setPage, settledQuery, isSettled: true };
}
