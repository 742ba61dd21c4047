import 'server-only';
import { AppError } from '@/lib/app-error';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { SystemActor } from './actor';
import { toAppUser, type AppUser } from './app-user';
import { authorize } from './authorize';
import { normalizeEmail } from './create-user';

/** What `setBreakGlass` needs. */
export interface SetBreakGlassOptions {
  db: Db;
  /** Only the operator's command line makes or unmakes a break-glass admin, never a request. */
  actor: SystemActor;
  email: string;
  isBreakGlass: boolean;
}

/**
 * Marks (or unmarks) an admin as break-glass: the one kind of account that signs in with a
 * password when LOCAL_SIGN_IN=off. AppError `forbidden` without `users:manage`, `not_found`
 * for an unknown email, `invalid` for a user who is not an admin. Audited as `user.update`.
 */
export async function setBreakGlass({ db, actor, email, isBreakGlass }: SetBreakGlassOptions): Promise<AppUser> {
  authorize(actor, 'users:manage');
  const normalized = normalizeEmail(email);
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('auth_user').selectAll().where('email', '=', normalized).executeTakeFirst();
    if (!row) throw new AppError('not_found', `No user has the email "${normalized}"`);
    const before = toAppUser(row);
    if (isBreakGlass && before.role !== 'admin') throw new AppError('invalid', `${normalized} is ${before.role}; only an admin can be break-glass`);
    if (before.breakGlass === isBreakGlass) return before;
    await trx.updateTable('auth_user').set({ breakGlass: isBreakGlass ? 1 : 0, version: before.version + 1, updatedAt: new Date().toISOString() }).where('id', '=', row.id).execute();
    const after = { ...before, breakGlass: isBreakGlass, version: before.version + 1 };
    await recordAuditEvent(trx, { actor, action: 'user.update', target: userTarget(normalized), before, after });
    return after;
  });
}

/** Whether the account of `email` (normalized) is a break-glass admin that is not disabled. */
export async function isBreakGlassAccount(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('auth_user').select(['breakGlass', 'role']).where('email', '=', email).executeTakeFirst();
  return row !== undefined && Number(row.breakGlass) === 1 && row.role === 'admin';
}
