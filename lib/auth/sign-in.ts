import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@/lib/app-error';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import type { Db } from '@/lib/db/schema';
import type { UserActor } from './actor';
import { getAuth } from './auth';
import { normalizeEmail } from './create-user';
import { signInSettings } from './oidc-config';
import { recordSessionAddress } from './record-session-address';
import { isBreakGlassAccount } from './set-break-glass';
import { actorFromSession } from './session-actor';
import { ANONYMOUS } from './system-actors';
import { ACCOUNT_RULE, ADDRESS_RULE, accountKey, addressKey, blockedSeconds, clearFailures, recordFailure } from './throttle';

/** A failed sign-in takes at least this long, whether the account exists or not. */
export const FAILED_SIGN_IN_FLOOR_MS = 800;

/** What `signIn` needs. */
export interface SignInOptions {
  db: Db;
  email: string;
  password: string;
  /** The client's address (`clientAddress`), the throttle's second key. */
  address: string;
  /** The request's headers, for Better Auth (user agent). */
  headers: Headers;
}

/** A new session: the signed-in user and the Set-Cookie headers that carry it. */
export interface SignedIn {
  actor: UserActor;
  setCookies: string[];
}

/**
 * Signs a user in with a new session (a new session id every time). Checked in this order:
 * AppError `too_many_requests` (with the seconds to wait) while the account or the address is
 * blocked by failed sign-ins; `unauthenticated` for a wrong email or password, alike for an
 * unknown account and in at least {@link FAILED_SIGN_IN_FLOOR_MS}; `forbidden` for a disabled
 * account. With LOCAL_SIGN_IN=off only a break-glass admin gets past the password check: every
 * other account (known or not) is refused as `unauthenticated` with the same message as a wrong
 * password, counted by the throttle alike, so the answer does not tell which email is break-glass.
 * Every outcome is audited.
 */
export async function signIn({ db, email: rawEmail, password, address, headers }: SignInOptions): Promise<SignedIn> {
  const started = Date.now();
  const email = normalizeEmail(rawEmail);
  const keys = [accountKey(email), addressKey(address)];
  const wait = await blockedSeconds(db, keys);
  if (wait > 0) {
    await recordAuditEventNow(db, { actor: ANONYMOUS, action: 'auth.sign-in-failed', target: userTarget(email), before: null, after: { address, reason: 'throttled' } });
    throw new AppError('too_many_requests', `Too many failed sign-ins; try again in ${wait} seconds`, { retryAfterSeconds: wait });
  }
  const { isLocalSignInOn, oidc } = signInSettings();
  const wrongMessage = isLocalSignInOn
    ? 'The email or password is wrong'
    : `The email or password is wrong, or this account signs in with ${oidc?.providerName ?? 'single sign-on'} only`;
  const refuse = async (reason: string): Promise<never> => {
    await recordFailure(db, keys[0]!, ACCOUNT_RULE);
    await recordFailure(db, keys[1]!, ADDRESS_RULE);
    await recordAuditEventNow(db, { actor: ANONYMOUS, action: 'auth.sign-in-failed', target: userTarget(email), before: null, after: { address, reason } });
    await sleep(Math.max(0, FAILED_SIGN_IN_FLOOR_MS - (Date.now() - started)));
    throw new AppError('unauthenticated', wrongMessage);
  };
  if (!isLocalSignInOn && !(await isBreakGlassAccount(db, email))) return refuse('password sign-in is off');
  const auth = await getAuth(db);
  let setCookies: string[];
  try {
    const result = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers, returnHeaders: true });
    setCookies = result.headers.getSetCookie();
  } catch (error) {
    // Not `instanceof APIError`: the production bundle and better-auth's own code may hold distinct copies of the class.
    if (!isBetterAuthRefusal(error)) throw error;
    if (error.body?.code === 'BANNED_USER') {
      await recordAuditEventNow(db, { actor: ANONYMOUS, action: 'auth.sign-in-failed', target: userTarget(email), before: null, after: { address, reason: 'disabled' } });
      throw new AppError('forbidden', 'This account is disabled; ask an admin to enable it');
    }
    return refuse('wrong email or password');
  }
  await clearFailures(db, keys[0]!);
  const cookieHeader = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
  const actor = await actorFromSession({ db, headers: new Headers({ cookie: cookieHeader }) });
  if (!actor) throw new Error('Better Auth set a session cookie that does not resolve to a session');
  await recordSessionAddress(db, actor.sessionId, address);
  await recordAuditEventNow(db, { actor, action: 'auth.sign-in', target: userTarget(email), before: null, after: { address, method: 'password' } });
  return { actor, setCookies };
}

/** Better Auth's refusal of a sign-in (wrong credentials, disabled account), by its shape. */
function isBetterAuthRefusal(error: unknown): error is Error & { statusCode: number; body?: { code?: string } } {
  return error instanceof Error && error.name === 'APIError' && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500;
}
