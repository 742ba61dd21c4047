import { queryOptions } from '@tanstack/react-query';
import type { PolicyInput } from '@/lib/policy/policy-input';
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
