import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { agentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { toAssignment } from '@/lib/assignments/assignment';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { toAgent } from './agent';
import { checkVersion } from '@/lib/check-version';
import { lockAgent } from './lock-agent';
import { publishChange } from '@/lib/events';
import { toRule } from '@/lib/rules/rule';

/** What `deleteAgent` needs. */
export interface DeleteAgentOptions {
  db: Db;
  actor: Actor;
  id: string;
  /** The version the caller last read. */
  expectedVersion?: number;
}

/**
 * Deletes an agent and its assignments in one transaction; the audit event keeps both in
 * `before`. AppError `forbidden` without `agents:write`, `not_found`, `precondition_required`, `precondition_failed` as for updates.
 */
export async function deleteAgent({ db, actor, id, expectedVersion }: DeleteAgentOptions): Promise<{
  deletedAssignments: number;
}> {
  authorize(actor, 'agents:write');
  const deleted = await inTransaction(db, async (trx) => {
    const current = await lockAgent(trx, id);
    checkVersion(`Agent "${id}"`, current.version, expectedVersion, () => toAgent(current));
    const assignments = await trx.deleteFrom('assignments').where('agent_id', '=', id).returningAll().execute();
    const rules = await trx.deleteFrom('agent_rules').where('agent_id', '=', id).returningAll().execute();
    await trx.deleteFrom('agents').where('id', '=', id).execute();
    await recordAuditEvent(trx, {
      actor,
      action: 'agent.delete',
      target: agentTarget(id),
      before: { agent: toAgent(current), assignments: assignments.map(toAssignment), ...(rules.length > 0 ? { rules: rules.map(toRule) } : {}) },
      after: null,
    });
    return { deletedAssignments: assignments.length };
  });
  await publishChange({ kind: 'agent-tools', agentId: id });
  return deleted;
}
