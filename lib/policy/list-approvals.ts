import 'server-only';
import { AppError } from '@/lib/app-error';
import { can, mayReachAgent, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { toApprovalView, type ApprovalView } from './approval';

/** The most approvals one list answers. */
export const MAX_APPROVALS = 200;

/**
 * Held calls for people who decide (`approvals:decide`), newest first: `pending` (still waiting,
 * not expired) or `recent` (everything else, the last {@link MAX_APPROVALS}).
 */
export async function listApprovals({ db, actor, view }: { db: Db; actor: Actor; view: 'pending' | 'recent' }): Promise<ApprovalView[]> {
  authorize(actor, 'approvals:decide');
  const now = new Date();
  let query = db.selectFrom('tool_approvals').selectAll().orderBy('requested_at', 'desc').limit(MAX_APPROVALS);
  query = view === 'pending' ? query.where('status', '=', 'pending').where('expires_at', '>', now.toISOString()) : query.where((eb) => eb.or([eb('status', '!=', 'pending'), eb('expires_at', '<=', now.toISOString())]));
  return (await query.execute()).map((row) => toApprovalView(row, now));
}

/** How many calls wait for a decision now (the sidebar's badge). */
export async function countPendingApprovals({ db, actor }: { db: Db; actor: Actor }): Promise<number> {
  authorize(actor, 'approvals:decide');
  const row = await db
    .selectFrom('tool_approvals')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One held call: for those who decide, and for the caller who asked (the runtime polls it).
 * AppError `forbidden` for anyone else (a runtime token never sees another's calls); `not_found`.
 */
export async function readApproval({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<ApprovalView> {
  if (!can(actor, 'approvals:decide')) authorize(actor, 'runtime');
  const row = isStorableText(id) ? await db.selectFrom('tool_approvals').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row || (!can(actor, 'approvals:decide') && row.requested_by !== actor.id) || !mayReachAgent(actor, row.agent_id)) throw new AppError('not_found', `No approval "${id}" is yours to see`);
  return toApprovalView(row);
}

/** `readApproval`, waiting up to `waitMs` (polling the database, so any instance's decision counts) while it is pending. */
export async function waitForApproval(options: { db: Db; actor: Actor; id: string; waitMs: number; signal?: AbortSignal }): Promise<ApprovalView> {
  const deadline = Date.now() + options.waitMs;
  let approval = await readApproval(options);
  while (approval.status === 'pending' && Date.now() < deadline && !options.signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, Math.max(0, deadline - Date.now()))));
    approval = await readApproval(options);
  }
  return approval;
}
