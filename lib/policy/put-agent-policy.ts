import 'server-only';
import { AppError } from '@/lib/app-error';
import { lockAgent } from '@/lib/agents/lock-agent';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { checkVersion } from '@/lib/check-version';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import type { ToolRegistry } from '@/registry';
import { givenToolNames } from './given-tools';
import { policyInputErrors, type PolicyInput } from './policy-input';
import { agentNameCollisions, saveAgentPolicyRow } from './policy-rows';
import { readPolicySnapshot } from './policy-snapshot';
import { toAgentLayer } from './tool-policy';
import { readToolPolicy, type ToolPolicyView } from './read-tool-policy';

/** What `putAgentPolicy` needs. */
export interface PutAgentPolicyOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  agentId: string;
  toolName: string;
  input: PolicyInput;
  /** Required to change a stored policy; absent or 0 to make the first. */
  expectedVersion?: number;
}

/**
 * Sets what the agent's model is told about one of its tools and how its calls pass, checked in
 * this order: `agents:write` (`forbidden`); the agent (`not_found`); the tool is given to the
 * agent (`not_found`); the input (`invalid`, pointers into the body: a name a format refuses, a
 * parameter the tool lacks, a shown name another of the agent's tools already has); the version
 * (`precondition_required` / `precondition_failed` with the current view). Audited as `policy.put`.
 */
export async function putAgentPolicy({ db, registry, actor, agentId, toolName, input, expectedVersion }: PutAgentPolicyOptions): Promise<ToolPolicyView> {
  authorize(actor, 'agents:write');
  const lookup = singleToolLookup(registry);
  await inTransaction(db, async (trx) => {
    await lockAgent(trx, agentId);
    const given = await givenToolNames(trx, registry, agentId);
    if (!given.has(toolName)) throw new AppError('not_found', `Agent "${agentId}" has no tool "${toolName}" assigned`);
    const snapshot = await readPolicySnapshot(trx, agentId);
    const errors = [...policyInputErrors(input, lookup(toolName)), ...agentNameCollisions(snapshot, given, toolName, input.displayName)];
    if (errors.length > 0) throw new AppError('invalid', `The policy for "${toolName}" of agent "${agentId}" cannot be saved`, { errors });
    const existing = await trx.selectFrom('agent_tool_policies').selectAll().where('agent_id', '=', agentId).where('tool_name', '=', toolName).executeTakeFirst();
    const subject = `The policy of "${toolName}" for agent "${agentId}"`;
    if (existing) checkVersion(subject, existing.version, expectedVersion, () => toAgentLayer(existing));
    else if (expectedVersion !== undefined && expectedVersion !== 0) {
      throw new AppError('precondition_failed', `${subject} does not exist (any more), so version ${expectedVersion} cannot be current`);
    }
    await saveAgentPolicyRow(trx, { actor, agentId, toolName, input, existing });
  });
  await publishChange({ kind: 'agent-tools', agentId });
  return readToolPolicy({ db, registry, actor, agentId, toolName });
}
