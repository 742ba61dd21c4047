import 'server-only';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import type { Db } from '@/lib/db/schema';
import type { UserActor } from './actor';
import { getAuth } from './auth';
import { announceUserSessionsChanged } from './session-cache';

/** What `signOut` needs. */
export interface SignOutOptions {
  db: Db;
  actor: UserActor;
  /** The request's headers, which carry the session cookie. */
  headers: Headers;
}

/** Ends the actor's session on the server (its cookie is dead from now on) and answers the Set-Cookie headers that clear it. */
export async function signOut({ db, actor, headers }: SignOutOptions): Promise<string[]> {
  const auth = await getAuth(db);
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  // Better Auth deletes by the cookie's token; make sure, by id, that the session is gone.
  await db.deleteFrom('auth_session').where('id', '=', actor.sessionId).execute();
  await announceUserSessionsChanged(actor.userId);
  await recordAuditEventNow(db, { actor, action: 'auth.sign-out', target: userTarget(actor.email), before: null, after: null });
  return result.headers.getSetCookie();
}
