import 'server-only';
import { parseCookies } from 'better-auth/cookies';
import type { Db } from '@/lib/db/schema';
import type { UserActor } from './actor';
import { getAuth, type Auth } from './auth';
import { isRole } from './permissions';
import { announceUserSessionsChanged, cachedSession, sessionCacheKey, updateCachedSession, type VerifiedSession } from './session-cache';
import { sessionLimits } from './session-limits';

/** How often a session's last activity is written: at most once a minute. */
const ACTIVITY_RESOLUTION_MS = 60_000;

/** What `actorFromSession` needs. */
export interface ActorFromSessionOptions {
  db: Db;
  /** The request's headers; only its session cookie is read. */
  headers: Headers;
  now?: Date;
}

/**
 * The signed-in user of a request's session cookie, or null when there is none or it has
 * ended: signed out, past its absolute limit, idle longer than the idle limit (then it is
 * deleted), or its user disabled. What Better Auth verified is kept a few seconds
 * (`session-cache.ts`): a session ended, or a user changed, on this instance is refused at
 * once, on another within those seconds (at once when the change bus carries the notice). The
 * limits are checked on every call.
 */
export async function actorFromSession({ db, headers, now }: ActorFromSessionOptions): Promise<UserActor | null> {
  return actorFromSessionCookie({ db, cookie: headers.get('cookie'), headers: () => headers, now });
}

/** What `actorFromSessionCookie` needs. */
export interface ActorFromSessionCookieOptions {
  db: Db;
  /** The request's Cookie header; null when it has none. */
  cookie: string | null;
  /** The request's headers, asked for only when Better Auth must verify a session that is not kept. */
  headers: () => Headers;
  now?: Date;
}

/** `actorFromSession` from the Cookie header alone: the request's other headers are built only when Better Auth is asked. */
export async function actorFromSessionCookie({ db, cookie, headers, now = new Date() }: ActorFromSessionCookieOptions): Promise<UserActor | null> {
  if (!cookie) return null;
  const auth = await getAuth(db);
  const cookieValue = parseCookies(cookie).get(await sessionCookieName(auth));
  if (!cookieValue) return null;
  const key = sessionCacheKey(cookieValue);
  const session = await cachedSession(db, key, () => verifySession(auth, headers()));
  if (!session) return null;
  if (session.banned || !isRole(session.role) || session.expiresAt <= now.getTime()) return null;
  const idleMs = now.getTime() - session.updatedAt;
  if (idleMs > sessionLimits().idleSeconds * 1000) {
    await db.deleteFrom('auth_session').where('id', '=', session.sessionId).execute();
    await announceUserSessionsChanged(session.userId);
    return null;
  }
  if (idleMs >= ACTIVITY_RESOLUTION_MS) {
    await db.updateTable('auth_session').set({ updatedAt: now.toISOString() }).where('id', '=', session.sessionId).execute();
    updateCachedSession(db, key, { ...session, updatedAt: now.getTime() });
  }
  return {
    kind: 'user',
    id: `user:${session.email}`,
    displayName: session.name || session.email,
    userId: session.userId,
    email: session.email,
    role: session.role,
    sessionId: session.sessionId,
  };
}

/** The name of the cookie Better Auth reads the session from (`__Secure-` prefixed behind https). */
async function sessionCookieName(auth: Auth): Promise<string> {
  return (await auth.$context).authCookies.sessionToken.name;
}

/** Better Auth's own lookup: the cookie's signature, then the session and its user from the database. */
async function verifySession(auth: Auth, headers: Headers): Promise<VerifiedSession | null> {
  const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return null;
  const { session, user } = found;
  return {
    sessionId: session.id,
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    banned: Boolean(user.banned),
    expiresAt: new Date(session.expiresAt).getTime(),
    updatedAt: new Date(session.updatedAt).getTime(),
  };
}
