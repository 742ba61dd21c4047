import { apiFetch } from './api-fetch';

/** The kinds of object with a version history, as their API collections (an agent's rules: `agents/<encoded id>/rules`). */
export type HistoryCollection = 'agents' | 'servers' | 'workflows' | `agents/${string}/rules`;

/** What a restore answered: the object's new current version, and what of the version no longer exists (tools, rule groups, secrets). */
export interface RestoreAnswer {
  current: number;
  restoredFrom: number;
  missing: string[];
}

/** Brings an agent, server, workflow or group rule back to `version`, as long as `current` is still its newest version (412 otherwise). */
export async function restoreVersion(collection: HistoryCollection, key: string, version: number, current: number): Promise<RestoreAnswer> {
  const path = `/api/v1/${collection}/${encodeURIComponent(key)}/restore`;
  const { data } = await apiFetch<{ current: number; restoredFrom: number; missing: Record<string, string[]> }>(path, { method: 'POST', body: { version }, ifMatch: current });
  return { current: data.current, restoredFrom: data.restoredFrom, missing: Object.values(data.missing).flat() };
}

/** Accepts the provider's current version of a tool for one agent. */
export async function acceptUpstreamChange(agentId: string, toolName: string): Promise<{ agentIds: string[] }> {
  return (await apiFetch<{ agentIds: string[] }>(`/api/v1/agents/${encodeURIComponent(agentId)}/tools/${encodeURIComponent(toolName)}/accept-upstream`, { method: 'POST' })).data;
}
