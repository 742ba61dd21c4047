import { queryOptions } from '@tanstack/react-query';
import type { Agent } from '@/lib/agents/agent';
import type { AssignmentView } from '@/lib/assignments/assignment';
import { apiFetch } from './api-fetch';

/** One agent that has a tool, with its assignment. */
export interface ToolUser {
  agentId: string;
  agentName: string;
  assignment: AssignmentView;
}

/** How many of a tool's users one page shows. */
export const TOOL_USERS_PAGE_SIZE = 25;

/** One page (0-based) of the agents that have a tool, and how many there are. */
export function toolUsersQueryOptions(toolName: string, page: number) {
  return queryOptions({
    queryKey: ['agents', 'tool-users', toolName, page],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: String(TOOL_USERS_PAGE_SIZE), offset: String(page * TOOL_USERS_PAGE_SIZE) });
      return (await apiFetch<{ agents: ToolUser[]; total: number }>(`/api/v1/tools/${encodeURIComponent(toolName)}/agents?${params.toString()}`, { signal })).data;
    },
  });
}

/** One change to many agents' assignments of a tool. */
export type BulkChange =
  | { operation: 'add'; overrides: Record<string, unknown> }
  | { operation: 'remove' }
  | { operation: 'set'; set: Record<string, unknown> };

/** What a bulk change did (or would do) to one agent. */
export interface BulkResult {
  agentId: string;
  action: 'create' | 'update' | 'delete' | 'unchanged';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Applies (or, with `preview`, checks) one change on many agents in one request; throws `ApiProblem` naming each agent that cannot take it. */
export async function bulkAssignTool(toolName: string, agentIds: readonly string[], change: BulkChange, preview = false): Promise<BulkResult[]> {
  const path = `/api/v1/tools/${encodeURIComponent(toolName)}/agents`;
  return (await apiFetch<{ results: BulkResult[] }>(path, { method: 'POST', body: { ...change, agentIds, preview } })).data.results;
}

/** A new agent with a copy of another's tools and settings. */
export async function cloneAgent(sourceId: string, input: { id?: string; name: string }): Promise<{ agent: Agent; assignmentCount: number }> {
  return (await apiFetch<{ agent: Agent; assignmentCount: number }>(`/api/v1/agents/${encodeURIComponent(sourceId)}/clone`, { method: 'POST', body: input })).data;
}
