import 'server-only';
import { parseSetCookieHeader } from 'better-auth/cookies';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { getAuth } from './auth';
import { toAppUser } from './app-user';
import { signInSettings } from './oidc-config';
import { OIDC_PROVIDER_ID, oidcAttempts, type OidcAttempt } from './oidc-provider-config';
import type { Role } from './permissions';
import { announceUserSessionsChanged } from './session-cache';
import { recordSessionAddress } from './record-session-address';
import { actorFromSession } from './session-actor';
import { ANONYMOUS, SINGLE_SIGN_ON } from './system-actors';

/** Where a refused SSO sign-in lands: the sign-in page, which explains `sso_error`. */
const SIGN_IN_PAGE = '/sign-in';

/**
 * Starts a sign-in with the operator's identity provider: the provider's authorization URL
 * (with state, PKCE challenge and nonce) and the Set-Cookie of the signed state cookie that
 * binds the flow to this browser; a successful sign-in lands on `next` (a path of this app, checked
 * by the caller with `safeNextPath`). Null when single sign-on is not configured.
 */
export async function startOidcSignIn(db: Db, next = '/'): Promise<{ url: string; setCookies: string[] } | null> {
  if (!signInSettings().oidc) return null;
  const auth = await getAuth(db);
  const { headers, response } = await auth.api.signInSocial({
    body: { provider: OIDC_PROVIDER_ID, callbackURL: next, errorCallbackURL: SIGN_IN_PAGE, disableRedirect: true },
    returnHeaders: true,
  });
  if (!response.url) throw new Error('Better Auth gave no authorization URL for the identity provider');
  return { url: response.url, setCookies: headers.getSetCookie() };
}

/** What `finishOidcSignIn` needs. */
export interface FinishOidcSignInOptions {
  db: Db;
  /** The provider's redirect back (`/api/auth/callback/oidc?code=…&state=…`). */
  request: Request;
  /** The client's address (`clientAddress`), for the audit log. */
  address: string;
}

/**
 * Completes a sign-in with the identity provider. Better Auth checks the state against this
 * browser's cookie, exchanges the code with the PKCE verifier and verifies the ID token (see
 * `oidcProviderConfig`); it then finds the user by the provider's subject or verified email, or
 * creates them, and makes the session. Before the session's cookie leaves, the role the token's
 * groups map to is written on the user (every sign-in: a group removed at the provider lowers the
 * role now), and the provider's tokens are removed from the account row. A refused sign-in makes
 * no session and lands on the sign-in page with a reason code; refused because their groups map
 * to no role (OIDC_DEFAULT_ROLE=refuse), a known person's other sessions end too. Both outcomes are audited, never
 * with a token or code.
 */
export async function finishOidcSignIn({ db, request, address }: FinishOidcSignInOptions): Promise<Response> {
  const auth = await getAuth(db);
  const attempt: OidcAttempt = {};
  const response = await oidcAttempts.run(attempt, () => auth.handler(request));
  const setCookies = response.headers.getSetCookie();
  const sessionCookieName = (await auth.$context).authCookies.sessionToken.name;
  const madeSession = setCookies.some((cookie) => parseSetCookieHeader(cookie).get(sessionCookieName)?.value);
  if (!madeSession || !attempt.decision?.role || !attempt.subject) {
    const reason = attempt.refusal ?? refusalCodeOf(response.headers.get('location'));
    // A session made though the sign-in is refused here (never expected) must not outlive this answer.
    if (madeSession) await endSessionsOfCookies(db, setCookies, sessionCookieName);
    // The provider vouched for this person but their groups no longer give a role: their sessions end now.
    const sessionsEnded = attempt.refusal === 'no_role' && attempt.subject ? await endSessionsOfSubject(db, attempt.subject) : 0;
    await recordAuditEventNow(db, {
      actor: ANONYMOUS,
      action: 'auth.sign-in-failed',
      target: attempt.email ? userTarget(attempt.email) : 'users',
      before: null,
      after: { address, method: 'sso', reason, ...(sessionsEnded > 0 ? { sessionsEnded } : {}) },
    });
    return redirectTo(`${SIGN_IN_PAGE}?sso_error=${encodeURIComponent(reason)}`, setCookies.filter((cookie) => !parseSetCookieHeader(cookie).get(sessionCookieName)?.value));
  }
  const userId = await applyMappedRole(db, { ...attempt, subject: attempt.subject }, attempt.decision.role, attempt.decision.matchedGroups);
  await db.updateTable('auth_account').set({ accessToken: null, refreshToken: null, idToken: null }).where('providerId', '=', OIDC_PROVIDER_ID).where('userId', '=', userId).execute();
  const cookieHeader = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
  const actor = await actorFromSession({ db, headers: new Headers({ cookie: cookieHeader }) });
  if (!actor) throw new Error('Better Auth set a session cookie that does not resolve to a session');
  await recordSessionAddress(db, actor.sessionId, address);
  await recordAuditEventNow(db, {
    actor,
    action: 'auth.sign-in',
    target: userTarget(actor.email),
    before: null,
    after: { address, method: 'sso', role: actor.role, groups: attempt.decision.matchedGroups },
  });
  const location = response.headers.get('location') ?? '/';
  return redirectTo(location.startsWith('/') && !location.startsWith('//') ? location : '/', setCookies);
}

/**
 * Writes `role` on the user of the provider's `subject`. A user created by this sign-in gets it
 * as their first role, audited as `user.create` by single sign-on; an existing user whose role
 * differs gets it with a raised version, audited as `user.role-from-sso`, and every instance
 * drops their cached sessions. Returns the user id.
 */
async function applyMappedRole(db: Db, attempt: OidcAttempt & { subject: string }, role: Role, groups: string[]): Promise<string> {
  const { changed, userId } = await inTransaction(db, async (trx) => {
    const account = await trx.selectFrom('auth_account').select('userId').where('providerId', '=', OIDC_PROVIDER_ID).where('accountId', '=', attempt.subject).executeTakeFirstOrThrow();
    let query = trx.selectFrom('auth_user').selectAll().where('id', '=', account.userId);
    if (dialectOf(trx) === 'postgres') query = query.forUpdate();
    const before = toAppUser(await query.executeTakeFirstOrThrow());
    const isNew = attempt.createdUserId === account.userId;
    if (isNew) {
      if (before.role !== role) await trx.updateTable('auth_user').set({ role }).where('id', '=', account.userId).execute();
      await recordAuditEvent(trx, { actor: SINGLE_SIGN_ON, action: 'user.create', target: userTarget(before.email), before: null, after: { ...before, role, groups } });
      return { changed: false, userId: account.userId };
    }
    if (before.role === role) return { changed: false, userId: account.userId };
    await trx
      .updateTable('auth_user')
      .set({ role, version: before.version + 1, updatedAt: new Date().toISOString() })
      .where('id', '=', account.userId)
      .execute();
    await recordAuditEvent(trx, {
      actor: SINGLE_SIGN_ON,
      action: 'user.role-from-sso',
      target: userTarget(before.email),
      before: { role: before.role },
      after: { role, groups },
    });
    return { changed: true, userId: account.userId };
  });
  if (changed) await announceUserSessionsChanged(userId);
  return userId;
}

/**
 * The `error` Better Auth put on its redirect, as a short code; `failed` when there is none.
 * `unable_to_get_user_info` before this app saw any claims means the ID token failed the
 * plugin's checks (signature, issuer, audience, expiry, nonce): `id_token_rejected`.
 */
function refusalCodeOf(location: string | null): string {
  if (!location) return 'failed';
  const code = (new URL(location, 'http://localhost').searchParams.get('error') ?? '').toLowerCase();
  if (code === 'unable_to_get_user_info') return 'id_token_rejected';
  return /^[a-z_]{1,40}$/.test(code) ? code : 'failed';
}

/** Ends every session of the user linked to the provider's `subject`, if any; how many ended. */
async function endSessionsOfSubject(db: Db, subject: string): Promise<number> {
  const account = await db.selectFrom('auth_account').select('userId').where('providerId', '=', OIDC_PROVIDER_ID).where('accountId', '=', subject).executeTakeFirst();
  if (!account) return 0;
  const result = await db.deleteFrom('auth_session').where('userId', '=', account.userId).executeTakeFirst();
  await announceUserSessionsChanged(account.userId);
  return Number(result.numDeletedRows);
}

async function endSessionsOfCookies(db: Db, setCookies: string[], name: string): Promise<void> {
  for (const cookie of setCookies) {
    const signed = parseSetCookieHeader(cookie).get(name)?.value;
    // The cookie holds `<token>.<signature>`; the session row is keyed by the token.
    const token = signed ? decodeURIComponent(signed).split('.')[0] : undefined;
    if (token) await db.deleteFrom('auth_session').where('token', '=', token).execute();
  }
}

function redirectTo(location: string, setCookies: readonly string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
