import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import type { ToolLookup } from '@/lib/assignments/tool-lookup';
import type { Db } from '@/lib/db/schema';
import { deleteAgentPolicyRow, deleteDefaultPolicyRow, saveAgentPolicyRow, saveDefaultPolicyRow, saveTokenBudgetRow } from '@/lib/policy/policy-rows';
import { WORKFLOW_GROUP, workflowNameOf } from '@/lib/workflows/workflow';
import type { ConfigFile } from './config-file';
import type { ConfigChange } from './config-plan';
import { serverPrefix } from './server-checks';

/**
 * A policy, group default or token budget change of the plan, written as their APIs write them
 * (`lib/policy/policy-rows`: the same rows, version bumps and audit events, with `policy.delete`
 * and `policy-default.delete` for what the file removes). Its checks were the plan's.
 */
export async function applyPolicyChange(trx: Db, actor: Actor, file: ConfigFile, change: ConfigChange, lookup: ToolLookup): Promise<void> {
  const { agentId, toolName } = change;
  if (change.kind === 'token-budget') {
    if (agentId === undefined) throw new Error(`The plan's change of ${change.target} names no agent`);
    const tokens = change.action === 'delete' ? null : file.agents?.find((agent) => agent.id === agentId)?.tokenBudget;
    if (tokens === undefined) throw new Error(`The plan names ${change.target}, which the file does not hold`);
    const existing = await trx.selectFrom('agent_token_budgets').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
    await saveTokenBudgetRow(trx, actor, agentId, tokens, existing);
    return;
  }
  if (toolName === undefined) throw new Error(`The plan's change of ${change.target} names no tool`);
  if (change.kind === 'tool-default') {
    if (change.action === 'delete') return deleteDefaultPolicyRow(trx, actor, toolName);
    const input = file.toolDefaults?.[toolName];
    if (input === undefined) throw new Error(`The plan names ${change.target}, which the file does not hold`);
    const existing = await trx.selectFrom('tool_policy_defaults').selectAll().where('tool_name', '=', toolName).executeTakeFirst();
    // A tool the file brings (its server or workflow) is not in the catalogue yet: its group is its prefix.
    const group = lookup(toolName)?.group ?? (workflowNameOf(toolName) === undefined ? serverPrefix(toolName) : WORKFLOW_GROUP);
    await saveDefaultPolicyRow(trx, { actor, toolName, group, input, existing });
    return;
  }
  if (agentId === undefined) throw new Error(`The plan's change of ${change.target} names no agent`);
  if (change.action === 'delete') return deleteAgentPolicyRow(trx, actor, agentId, toolName);
  const input = file.agents?.find((agent) => agent.id === agentId)?.policies?.[toolName];
  if (input === undefined) throw new Error(`The plan names ${change.target}, which the file does not hold`);
  const existing = await trx.selectFrom('agent_tool_policies').selectAll().where('agent_id', '=', agentId).where('tool_name', '=', toolName).executeTakeFirst();
  await saveAgentPolicyRow(trx, { actor, agentId, toolName, input, existing });
}
