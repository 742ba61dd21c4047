import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { approvalTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { toApprovalView, type ApprovalView } from './approval';
import { approvalTtlMs } from './approval-ttl';

/** What `decideApproval` needs. */
export interface DecideApprovalOptions {
  db: Db;
  actor: Actor;
  id: string;
  decision: 'approve' | 'deny';
  comment?: string;
}

/**
 * A person's decision on a held call, checked in this order: `approvals:decide` (admins and
 * editors; no token may, so a runtime cannot approve its own call; `forbidden`); the approval
 * (`not_found`); the decider did not ask for the call themselves (`forbidden`); it is still
 * pending and not expired (`conflict`, with the current state). Approving gives the exact call
 * one run within APPROVAL_TTL_MINUTES from now; denying refuses it for as long. Audited as
 * `approval.approve` / `approval.deny` with the comment, and published on the change bus.
 */
export async function decideApproval({ db, actor, id, decision, comment }: DecideApprovalOptions): Promise<ApprovalView> {
  authorize(actor, 'approvals:decide');
  const decided = await inTransaction(db, async (trx) => {
    const row = isStorableText(id) ? await trx.selectFrom('tool_approvals').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw new AppError('not_found', `No approval "${id}" exists`);
    if (row.requested_by === actor.id) throw new AppError('forbidden', 'You asked for this call yourself: another person must decide it');
    const before = toApprovalView(row);
    if (before.status !== 'pending') throw new AppError('conflict', `Approval ${id} is ${before.status} already: it cannot be decided again`, { current: before });
    const now = new Date();
    const updated = await trx
      .updateTable('tool_approvals')
      .set({
        status: decision === 'approve' ? 'approved' : 'denied',
        decided_by: actor.id,
        decided_by_name: actor.displayName,
        decided_at: now.toISOString(),
        comment: comment?.trim() ? comment.trim() : null,
        expires_at: new Date(now.getTime() + approvalTtlMs()).toISOString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('conflict', `Approval ${id} was decided meanwhile`);
    const after = toApprovalView(updated, now);
    await recordAuditEvent(trx, {
      actor,
      action: decision === 'approve' ? 'approval.approve' : 'approval.deny',
      target: approvalTarget(id),
      before: { status: before.status },
      after: { agentId: after.agentId, toolName: after.toolName, arguments: after.arguments, status: after.status, comment: after.comment, expiresAt: after.expiresAt },
    });
    return after;
  });
  // Once committed: live views and held MCP calls waiting for it (on any instance) hear of it.
  await publishChange({ kind: 'approvals', approvalId: id, change: 'decided' });
  return decided;
}
