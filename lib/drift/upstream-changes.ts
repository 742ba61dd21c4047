import 'server-only';
import { AppError } from '@/lib/app-error';
import { getAgent } from '@/lib/agents/get-agent';
import { lockAgent } from '@/lib/agents/lock-agent';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import type { ToolRegistry } from '@/registry';
import { approveTool, readUpstreamChanges, type UpstreamChange } from './tool-approvals';
import { heldToolNames, holdersOf } from './tool-holders';

/** What the upstream-change functions need. */
export interface UpstreamOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
}

/** The agent's tools (assigned or given by a rule) changed upstream since approved, by tool name. AppError `forbidden` without `agents:read`, `not_found`. */
export async function listUpstreamChanges({ db, registry, actor, agentId }: UpstreamOptions & { agentId: string }): Promise<UpstreamChange[]> {
  await getAgent({ db, actor, id: agentId });
  const names = await heldToolNames(db, registry, agentId);
  return [...(await readUpstreamChanges(db, registry, agentId, names)).values()].sort((a, b) => (a.toolName < b.toolName ? -1 : 1));
}

/**
 * Accepts the provider's current version of `toolName` for one agent (`agentId`) or for every
 * agent that has it (assigned or through a group rule) with a pending change: the model is served it from now on. One
 * `assignment.accept-upstream` event per agent, with the approved and the accepted version.
 * AppError `forbidden` without `agents:write`; `not_found` for the agent, or when the tool has
 * no pending change there (or anywhere, for all). Answers the agents whose change was accepted.
 */
export async function acceptUpstreamChange({ db, registry, actor, toolName, agentId }: UpstreamOptions & { toolName: string; agentId?: string }): Promise<{ agentIds: string[] }> {
  authorize(actor, 'agents:write');
  // One agent's acceptance is gated by its route (apiRoute); every agent's is beyond a limited token.
  if (agentId === undefined) authorizeAllAgents(actor, 'accept a tool\'s change for every agent; accept it per agent');
  const entry = singleToolLookup(registry)(toolName);
  if (!entry || !entry.available) throw new AppError('not_found', `No tool named "${toolName}" is offered now, so there is no change of it to accept`);
  const agentIds = await inTransaction(db, async (trx) => {
    const candidates = agentId ? [agentId] : await holdersOf(trx, registry, toolName);
    const accepted: string[] = [];
    for (const candidate of candidates) {
      await lockAgent(trx, candidate);
      const change = (await readUpstreamChanges(trx, registry, candidate, [toolName])).get(toolName);
      if (!change) continue;
      if ((await holdersOf(trx, registry, toolName, candidate)).length === 0) continue;
      await approveTool(trx, actor, candidate, entry);
      await recordAuditEvent(trx, { actor, action: 'assignment.accept-upstream', target: assignmentTarget(candidate, toolName), before: change.approved, after: change.current });
      accepted.push(candidate);
    }
    if (accepted.length === 0) {
      throw new AppError('not_found', agentId ? `Agent "${agentId}" has no pending upstream change of "${toolName}"` : `No agent has a pending upstream change of "${toolName}"`);
    }
    return accepted;
  });
  for (const id of agentIds) await publishChange({ kind: 'agent-tools', agentId: id });
  return { agentIds };
}
