import { apiFetch } from './api-fetch';

/** What a restore answered: the agent's new current version, and what of the version the registry no longer knows. */
export interface RestoreAnswer {
  current: number;
  restoredFrom: number;
  missing: { tools: string[]; groups: string[] };
}

/** Brings the agent back to `version`, as long as `current` is still its newest version (412 otherwise). */
export async function restoreAgentVersion(agentId: string, version: number, current: number): Promise<RestoreAnswer> {
  return (await apiFetch<RestoreAnswer>(`/api/v1/agents/${encodeURIComponent(agentId)}/restore`, { method: 'POST', body: { version }, ifMatch: current })).data;
}

/** Accepts the provider's current version of a tool for one agent. */
export async function acceptUpstreamChange(agentId: string, toolName: string): Promise<{ agentIds: string[] }> {
  return (await apiFetch<{ agentIds: string[] }>(`/api/v1/agents/${encodeURIComponent(agentId)}/tools/${encodeURIComponent(toolName)}/accept-upstream`, { method: 'POST' })).data;
}
