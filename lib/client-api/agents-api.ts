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

/** A URL parameter's value as an agent status filter; anything else means no filter. */
export function toAgentStatusFilter(value: string | undefined): AgentStatusFilter | '' {
  return value === 'missing' || value === 'invalid' || value === 'unavailable' || value === 'attention' ? value : '';
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
