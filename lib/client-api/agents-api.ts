import { queryOptions } from '@tanstack/react-query';
import type { Agent, AgentListItem, AgentStatusFilter } from '@/lib/agents/agent';
import { apiFetch } from './api-fetch';

/** The fields an admin fills in to create an agent; without an id, the server makes one from the name. */
export interface NewAgent {
  id?: string;
  name: string;
  description?: string;
}

/** The agents matching `search` (all when empty) and having an assignment of `status` (any when empty), by name. */
export function agentListQueryOptions(search = '', status: AgentStatusFilter | '' = '') {
  const query = search.trim();
  return queryOptions({
    queryKey: ['agents', 'list', query, status],
    queryFn: async () => {
      const params = new URLSearchParams();
      if (query !== '') params.set('search', query);
      if (status !== '') params.set('status', status);
      const path = params.size === 0 ? '/api/v1/agents' : `/api/v1/agents?${params.toString()}`;
      return (await apiFetch<{ agents: AgentListItem[] }>(path)).data.agents;
    },
  });
}

/** One page of the agents list and how many agents match in all. */
export interface AgentPageData {
  agents: AgentListItem[];
  total: number;
}

/** How many agents one page of the list shows. */
export const AGENT_PAGE_SIZE = 50;

/** One page (0-based) of the agents matching `search` and `status`, by name, with how many match in all. */
export function agentPageQueryOptions(search: string, status: AgentStatusFilter | '', page: number) {
  const query = search.trim();
  return queryOptions({
    queryKey: ['agents', 'list', query, status, 'page', page],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: String(AGENT_PAGE_SIZE), offset: String(page * AGENT_PAGE_SIZE) });
      if (query !== '') params.set('search', query);
      if (status !== '') params.set('status', status);
      return (await apiFetch<AgentPageData>(`/api/v1/agents?${params.toString()}`, { signal })).data;
    },
  });
}

/** A URL parameter's value as an agent status filter; anything else means no filter. */
export function toAgentStatusFilter(value: string | undefined): AgentStatusFilter | '' {
  return value === 'missing' || value === 'invalid' || value === 'unavailable' || value === 'attention' || value === 'changed' ? value : '';
}

/** A `?page=` value (1-based) as a 0-based page; anything else is the first page. */
export function toPage(value: string | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page - 1 : 0;
}

/** One agent. */
export function agentQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['agents', 'one', id],
    queryFn: async () => (await apiFetch<Agent>(agentPath(id))).data,
  });
}

/** Creates an agent; throws `ApiProblem` (409 for a taken id, 400 with field errors). */
export async function createAgent(input: NewAgent): Promise<Agent> {
  return (await apiFetch<Agent>('/api/v1/agents', { method: 'POST', body: input })).data;
}

/** Renames or describes an agent at the version the admin saw. */
export async function updateAgent(id: string, version: number, changes: { name?: string; description?: string }): Promise<Agent> {
  return (await apiFetch<Agent>(agentPath(id), { method: 'PATCH', body: changes, ifMatch: version })).data;
}

/** Deletes an agent at the version the admin saw, with its assignments. */
export async function deleteAgent(id: string, version: number): Promise<{ deletedAssignments: number }> {
  return (await apiFetch<{ deletedAssignments: number }>(agentPath(id), { method: 'DELETE', ifMatch: version })).data;
}

/** The API path of one agent. */
export function agentPath(id: string): string {
  return `/api/v1/agents/${encodeURIComponent(id)}`;
}
