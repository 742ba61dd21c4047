import 'server-only';
import { AppError } from '@/lib/app-error';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { checkVersion } from '@/lib/check-version';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { Actor } from './actor';
import { toAppUser, type AppUser } from './app-user';
import { authorize } from './authorize';
import { announceUserSessionsChanged } from './session-cache';
import type { Role } from './permissions';

/** What `updateUser` needs. */
export interface UpdateUserOptions {
  db: Db;
  actor: Actor;
  id: string;
  /** The version the caller last read. */
  expectedVersion?: number;
  changes: { role?: Role; disabled?: boolean };
}

/**
 * Changes a user's role or disables (enables) them, and ends all their sessions so the change
 * holds at once. AppError `forbidden` without `users:manage`, `invalid` for a change to
 * oneself (an admin cannot lock themselves out), `not_found`, `precondition_required`,
 * `precondition_failed` with the current user. A change that changes nothing writes nothing.
 */
export async function updateUser({ db, actor, id, expectedVersion, changes }: UpdateUserOptions): Promise<AppUser> {
  authorize(actor, 'users:manage');
  if (actor.kind === 'user' && actor.userId === id) {
    throw new AppError('invalid', 'You cannot change your own role or disable yourself; ask another admin');
  }
  const updated = await inTransaction(db, async (trx) => {
    let query = trx.selectFrom('auth_user').selectAll().where('id', '=', id);
    if (dialectOf(trx) === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new AppError('not_found', `User "${id}" was not found`);
    const before = toAppUser(row);
    checkVersion(`User "${before.email}"`, before.version, expectedVersion, () => before);
    const role = changes.role ?? before.role;
    const disabled = changes.disabled ?? before.disabled;
    if (role === before.role && disabled === before.disabled) return before;
    const now = new Date();
    await trx
      .updateTable('auth_user')
      .set({ role, banned: dialectOf(trx) === 'postgres' ? disabled : Number(disabled), version: before.version + 1, updatedAt: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('auth_session').where('userId', '=', id).execute();
    const after = { ...before, role, disabled, version: before.version + 1 };
    await recordAuditEvent(trx, { actor, action: 'user.update', target: userTarget(before.email), before, after });
    return after;
  });
  // Their sessions are gone from the database; no instance may go on trusting a cached one.
  await announceUserSessionsChanged(id);
  return updated;
}
