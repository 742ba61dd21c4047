import 'server-only';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { Actor } from './actor';
import { authorize } from './authorize';
import { getUser } from './get-user';
import { announceUserSessionsChanged } from './session-cache';

/** What `endUserSessions` needs. */
export interface EndUserSessionsOptions {
  db: Db;
  actor: Actor;
  /** The user whose sessions end. */
  id: string;
}

/**
 * Ends every session of a user at once (someone removed from a group at the identity provider,
 * a lost laptop): their next request is signed out, on every instance. Their role and account stay;
 * an SSO user signing in again gets the role their groups give then. AppError `forbidden` without
 * `users:manage`, `not_found` for an unknown user. Returns how many sessions ended; audited as
 * `user.sessions-end`, also when there were none.
 */
export async function endUserSessions({ db, actor, id }: EndUserSessionsOptions): Promise<number> {
  authorize(actor, 'users:manage');
  const user = await getUser({ db, actor, id });
  const ended = await inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('auth_session').where('userId', '=', id).executeTakeFirst();
    const count = Number(result.numDeletedRows);
    await recordAuditEvent(trx, { actor, action: 'user.sessions-end', target: userTarget(user.email), before: null, after: { sessions: count } });
    return count;
  });
  await announceUserSessionsChanged(id);
  return ended;
}
