import 'server-only';
import { parseCookies } from 'better-auth/cookies';
import type { Db } from '@/lib/db/schema';
import type { UserActor } from './actor';
import { getAuth, type Auth } from './auth';
import { isRole, type Role } from './permissions';
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
 * deleted), or its user disabled. What Better Auth verified is cached a few seconds
 * (`session-cache.ts`): a session ended, or a user changed, on this instance is refused at
 * once, on another within those seconds (at once when the change bus carries the notice). The
 * limits are checked on every call.
 */
export async function actorFromSession({ db, headers, now = new Date() }: ActorFromSessionOptions): Promise<UserActor | null> {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  const auth = await getAuth(db);
  const cookieValue = parseCookies(cookie).get(await sessionCookieName(auth));
  if (!cookieValue) return null;
  const key = sessionCacheKey(cookieValue);
  const session = await cachedSession(db, key, () => verifySession(auth, headers));
  if (!session || !isUsable(session, now.getTime())) return null;
  const state = activityOf(session, now.getTime());
  if (state === 'idle') {
    await db.deleteFrom('auth_session').where('id', '=', session.sessionId).execute();
    await announceUserSessionsChanged(session.userId);
    return null;
  }
  if (state === 'active-again') {
    await db.updateTable('auth_session').set({ updatedAt: now.toISOString() }).where('id', '=', session.sessionId).execute();
    updateCachedSession(db, key, { ...session, updatedAt: now.getTime() });
  }
  return actorOf(session);
}

/** A verified session whose user may act: not banned, with a role. */
type UsableSession = VerifiedSession & { role: Role };

/** Whether a verified session still stands at `nowMs`: its user not banned and with a role, its absolute end not reached. */
function isUsable(session: VerifiedSession, nowMs: number): session is UsableSession {
  return !session.banned && isRole(session.role) && session.expiresAt > nowMs;
}

/**
 * A standing session's activity at `nowMs`: `idle` past the idle limit (it ends: deleted),
 * `active-again` when its last activity is older than the resolution (written now), else `live`.
 */
function activityOf(session: VerifiedSession, nowMs: number): 'idle' | 'active-again' | 'live' {
  const idleMs = nowMs - session.updatedAt;
  if (idleMs > sessionLimits().idleSeconds * 1000) return 'idle';
  return idleMs >= ACTIVITY_RESOLUTION_MS ? 'active-again' : 'live';
}

function actorOf(session: UsableSession): UserActor {
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
