import { queryOptions } from '@tanstack/react-query';
import type { AgentRuleView } from '@/lib/rules/rule';
import { agentPath } from './agents-api';
import { apiFetch } from './api-fetch';

/** The agent's group rules, each with the tools it gives now. */
export function rulesQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: ['agents', 'rules', agentId],
    queryFn: async () => (await apiFetch<{ rules: AgentRuleView[] }>(`${agentPath(agentId)}/rules`)).data.rules,
  });
}

/** Gives the agent a whole group as a rule. */
export async function addRule(agentId: string, group: string, exclude: readonly string[] = []): Promise<AgentRuleView> {
  return (await apiFetch<AgentRuleView>(`${agentPath(agentId)}/rules`, { method: 'POST', body: { group, exclude } })).data;
}

/** Removes a rule at the version the admin saw. */
export async function removeRule(agentId: string, group: string, version: number): Promise<void> {
  await apiFetch<undefined>(`${agentPath(agentId)}/rules/${encodeURIComponent(group)}`, { method: 'DELETE', ifMatch: version });
}

/** Replaces the rule's exclusions at the version the admin saw; answers the rule as saved. */
export async function updateRuleExclusions(agentId: string, group: string, exclude: readonly string[], version: number): Promise<AgentRuleView> {
  return (await apiFetch<AgentRuleView>(`${agentPath(agentId)}/rules/${encodeURIComponent(group)}`, { method: 'PUT', body: { exclude }, ifMatch: version })).data;
}
