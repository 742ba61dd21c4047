import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { toAppUser, type AppUser } from './app-user';
import { getAuth } from './auth';
import { authorize } from './authorize';
import { checkPassword } from './password-policy';
import { isRole, type Role } from './permissions';

/** What `createUser` needs. */
export interface CreateUserOptions {
  db: Db;
  actor: Actor;
  input: { email: string; name?: string; role: Role; password: string };
}

/**
 * Creates a user who signs in with email and password. Checked in this order: AppError
 * `forbidden` without `users:manage`; `invalid` (with field errors) for a malformed email, an
 * unknown role or a password too short or common; `conflict` when the email is taken.
 */
export async function createUser({ db, actor, input }: CreateUserOptions): Promise<AppUser> {
  authorize(actor, 'users:manage');
  const email = normalizeEmail(input.email);
  if (!z.email().safeParse(email).success) {
    throw new AppError('invalid', `"${input.email}" is not an email address`, { errors: [{ pointer: '/email', message: 'Enter an email address' }] });
  }
  if (!isRole(input.role)) {
    throw new AppError('invalid', `"${String(input.role)}" is not a role`, { errors: [{ pointer: '/role', message: 'Choose admin, editor or viewer' }] });
  }
  checkPassword(input.password);
  const taken = () => new AppError('conflict', `A user with the email "${email}" already exists`, { errors: [{ pointer: '/email', message: 'This email already has an account' }] });
  if (await db.selectFrom('auth_user').select('id').where('email', '=', email).executeTakeFirst()) throw taken();
  const auth = await getAuth(db);
  try {
    await auth.api.createUser({ body: { email, password: input.password, name: input.name?.trim() || email, role: input.role } });
  } catch (error) {
    // Two creators at once: the database's unique email decided; say so as for the first check.
    if (await db.selectFrom('auth_user').select('id').where('email', '=', email).executeTakeFirst()) throw taken();
    throw error;
  }
  const user = toAppUser(await db.selectFrom('auth_user').selectAll().where('email', '=', email).executeTakeFirstOrThrow());
  await recordAuditEventNow(db, { actor, action: 'user.create', target: userTarget(email), before: null, after: user });
  return user;
}

/** How emails are compared and stored: trimmed, lower case (as Better Auth looks them up). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
