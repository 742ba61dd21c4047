import 'server-only';
import { AppError } from '@/lib/app-error';
import { userTarget } from '@/lib/audit/audit-event';
import { recordAuditEventNow } from '@/lib/audit/record-audit-event-now';
import type { Db } from '@/lib/db/schema';
import type { Actor } from './actor';
import { announceUserSessionsChanged } from './session-cache';

/** One of a user's sessions, as they see it in their list. */
export interface SessionSummary {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  userAgent: string | null;
  /** The address the session signed in from, as the sign-in saw it. */
  ipAddress: string | null;
  isCurrent: boolean;
}

function ownUser(actor: Actor) {
  if (actor.kind !== 'user') throw new AppError('forbidden', 'Only a signed-in user has sessions; a token has none');
  return actor;
}

/** What `listOwnSessions` needs. */
export interface ListOwnSessionsOptions {
  db: Db;
  actor: Actor;
}

/** The signed-in user's live sessions, newest first, the current one marked; AppError `forbidden` for a token. */
export async function listOwnSessions({ db, actor }: ListOwnSessionsOptions): Promise<SessionSummary[]> {
  const user = ownUser(actor);
  const rows = await db.selectFrom('auth_session').selectAll().where('userId', '=', user.userId).execute();
  const now = Date.now();
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now)
    .map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      lastActiveAt: new Date(row.updatedAt).toISOString(),
      expiresAt: new Date(row.expiresAt).toISOString(),
      userAgent: row.userAgent || null,
      ipAddress: row.ipAddress || null,
      isCurrent: row.id === user.sessionId,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** What `endOwnSession` needs. */
export interface EndOwnSessionOptions {
  db: Db;
  actor: Actor;
  sessionId: string;
}

/** Ends one of the signed-in user's sessions; AppError `forbidden` for a token, `not_found` for a session that is not theirs or already ended. */
export async function endOwnSession({ db, actor, sessionId }: EndOwnSessionOptions): Promise<void> {
  const user = ownUser(actor);
  const result = await db.deleteFrom('auth_session').where('id', '=', sessionId).where('userId', '=', user.userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('not_found', 'You have no session with this id (it may have ended already)');
  await announceUserSessionsChanged(user.userId);
  await recordAuditEventNow(db, { actor, action: 'session.revoke', target: userTarget(user.email), before: { sessionId }, after: null });
}
