import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { AppError } from '@/lib/app-error';
import { checkVersion } from '@/lib/check-version';
import { lockAgent } from '@/lib/agents/lock-agent';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { ToolRegistry } from '@/registry';
import { toAssignment } from './assignment';
import { viewAssignment } from './assignment-view';
import { findAssignmentRow } from './find-assignment-row';
import { toolLookup } from './tool-lookup';

/** What `deleteAssignment` needs. */
export interface DeleteAssignmentOptions {
  db: Db;
  /** Gives the current assignment its status when the caller's version is stale. */
  registry: ToolRegistry;
  actor: Actor;
  agentId: string;
  toolName: string;
  /** The version the caller last read. */
  expectedVersion?: number;
}

/**
 * Removes a tool from an agent. AppError `forbidden` without `agents:write`, `not_found` naming the agent, or the agent and the
 * tool; `precondition_required` without a version; `precondition_failed` with the current
 * assignment view (with its status, as GET answers it) when stale.
 */
export async function deleteAssignment({ db, registry, actor, agentId, toolName, expectedVersion }: DeleteAssignmentOptions): Promise<void> {
  authorize(actor, 'agents:write');
  await inTransaction(db, async (trx) => {
    await lockAgent(trx, agentId);
    const existing = await findAssignmentRow(trx, agentId, toolName);
    if (!existing) throw new AppError('not_found', `Agent "${agentId}" has no tool "${toolName}" assigned`);
    const before = toAssignment(existing);
    checkVersion(`The assignment of "${toolName}" to agent "${agentId}"`, existing.version, expectedVersion, () => viewAssignment(before, toolLookup(registry)));
    await trx.deleteFrom('assignments').where('agent_id', '=', agentId).where('tool_name', '=', toolName).execute();
    await recordAuditEvent(trx, {
      actor,
      action: 'assignment.delete',
      target: assignmentTarget(agentId, toolName),
      before,
      after: null,
    });
  });
}
