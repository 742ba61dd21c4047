import 'server-only';
import { AppError } from '@/lib/app-error';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { getAuth } from './auth';
import { signInSettings } from './oidc-config';
import { checkPassword } from './password-policy';
import { announceUserSessionsChanged } from './session-cache';
import { ACCOUNT_RULE, accountKey, blockedSeconds, clearFailures, recordFailure } from './throttle';

/** Whether the user has a password here (an account that signs in with single sign-on only has none). */
export async function hasOwnPassword(db: Db, userId: string): Promise<boolean> {
  const credential = await db.selectFrom('auth_account').select('id').where('userId', '=', userId).where('providerId', '=', 'credential').where('password', 'is not', null).executeTakeFirst();
  return credential !== undefined;
}

/** What `changeOwnPassword` needs. */
export interface ChangeOwnPasswordOptions {
  db: Db;
  actor: Actor;
  currentPassword: string;
  newPassword: string;
  /** The request's headers: Better Auth finds the session by its cookie. */
  headers: Headers;
}

/**
 * The signed-in user changes their own password with Better Auth's `changePassword`; every other
 * session of theirs ends (on every instance), the one they use stays. Checked in this order:
 * AppError `forbidden` for a token (a token has no password) and for an account without a
 * password (it signs in with single sign-on: its password is the identity provider's);
 * `too_many_requests` while the account is blocked by failed sign-ins; `invalid` at
 * `/newPassword` for a password the policy refuses (as for setup and admin-made users), and at
 * `/currentPassword` for a wrong current password, which counts as a failed sign-in of the
 * account (so a stolen session cannot guess it for long). Audited, never with a password.
 */
export async function changeOwnPassword({ db, actor, currentPassword, newPassword, headers }: ChangeOwnPasswordOptions): Promise<{ sessionsEnded: number }> {
  if (actor.kind !== 'user') throw new AppError('forbidden', 'Only a signed-in person has a password to change; a token has none');
  if (!(await hasOwnPassword(db, actor.userId))) {
    const provider = signInSettings().oidc?.providerName ?? 'single sign-on';
    throw new AppError('forbidden', `Your account signs in with ${provider} and has no password here: change it with ${provider}`);
  }
  const key = accountKey(actor.email);
  const wait = await blockedSeconds(db, [key]);
  if (wait > 0) throw new AppError('too_many_requests', `Too many wrong passwords; try again in ${wait} seconds`, { retryAfterSeconds: wait });
  checkPassword(newPassword, '/newPassword');
  if (newPassword === currentPassword) {
    throw new AppError('invalid', 'The new password is the same as the current one', { errors: [{ pointer: '/newPassword', message: 'Choose a password other than the current one' }] });
  }
  const auth = await getAuth(db);
  try {
    await auth.api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: false }, headers });
  } catch (error) {
    if (!isWrongPassword(error)) throw error;
    await recordFailure(db, key, ACCOUNT_RULE);
    await recordAuditEventNow(db, { actor, action: 'user.password-change-failed', target: userTarget(actor.email), before: null, after: { reason: 'wrong current password' } });
    const message = 'The current password is wrong';
    throw new AppError('invalid', message, { errors: [{ pointer: '/currentPassword', message }] });
  }
  await clearFailures(db, key);
  const ended = await db.deleteFrom('auth_session').where('userId', '=', actor.userId).where('id', '!=', actor.sessionId).executeTakeFirst();
  const sessionsEnded = Number(ended.numDeletedRows);
  await announceUserSessionsChanged(actor.userId);
  await recordAuditEventNow(db, { actor, action: 'user.password-change', target: userTarget(actor.email), before: null, after: { otherSessionsEnded: sessionsEnded } });
  return { sessionsEnded };
}

/** Better Auth's refusal of the current password, by its shape (its class may be a distinct copy in the bundle). */
function isWrongPassword(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'APIError') return false;
  const { body } = error as Error & { body?: { code?: string } };
  return body?.code === 'INVALID_PASSWORD';
}
