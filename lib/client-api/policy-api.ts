import { queryOptions } from '@tanstack/react-query';
import type { PolicyInput } from '@/lib/policy/policy-input';
import type { AgentLint } from '@/lib/policy/lint-agent';
import type { ToolPolicyView } from '@/lib/policy/read-tool-policy';
import { agentPath } from './agents-api';
import { apiFetch } from './api-fetch';

function policyPath(agentId: string, toolName: string): string {
  return `${agentPath(agentId)}/tools/${encodeURIComponent(toolName)}/policy`;
}

/** One tool's policy for the agent, each value with its source; refreshed with the agent's tools. */
export function toolPolicyQueryOptions(agentId: string, toolName: string) {
  return queryOptions({
    queryKey: ['agents', 'tools', agentId, 'policy', toolName],
    queryFn: async ({ signal }) => (await apiFetch<ToolPolicyView>(policyPath(agentId, toolName), { signal })).data,
  });
}

/** Saves the agent's layer at the version the admin saw (0: none saved yet). */
export async function saveToolPolicy(agentId: string, toolName: string, input: PolicyInput, version: number): Promise<ToolPolicyView> {
  return (await apiFetch<ToolPolicyView>(policyPath(agentId, toolName), { method: 'PUT', body: input, ifMatch: version === 0 ? undefined : version })).data;
}

/** The lint of the agent's tools, with the cost per format; refreshed with the agent's tools. */
export function agentLintQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: ['agents', 'tools', agentId, 'lint'],
    queryFn: async ({ signal }) => (await apiFetch<AgentLint>(`${agentPath(agentId)}/lint`, { signal })).data,
  });
}

/** Sets the agent's token budget at the version the admin saw (0: the default applies). */
export async function saveTokenBudget(agentId: string, tokens: number | null, version: number): Promise<void> {
  await apiFetch(`${agentPath(agentId)}/token-budget`, { method: 'PUT', body: { tokens }, ifMatch: version === 0 ? undefined : version });
}
