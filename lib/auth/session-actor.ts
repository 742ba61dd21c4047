import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { UserActor } from './actor';
import { getAuth } from './auth';
import { isRole } from './permissions';
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
 * deleted), or its user disabled.
 */
export async function actorFromSession({ db, headers, now = new Date() }: ActorFromSessionOptions): Promise<UserActor | null> {
  if (!headers.get('cookie')) return null;
  const auth = await getAuth(db);
  const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return null;
  const { session, user } = found;
  if (user.banned || !isRole(user.role)) return null;
  const idleMs = now.getTime() - new Date(session.updatedAt).getTime();
  if (idleMs > sessionLimits().idleSeconds * 1000) {
    await db.deleteFrom('auth_session').where('id', '=', session.id).execute();
    return null;
  }
  if (idleMs >= ACTIVITY_RESOLUTION_MS) {
    await db.updateTable('auth_session').set({ updatedAt: now.toISOString() }).where('id', '=', session.id).execute();
  }
  return {
    kind: 'user',
    id: `user:${user.email}`,
    displayName: user.name || user.email,
    userId: user.id,
    email: user.email,
    role: user.role,
    sessionId: session.id,
  };
}
