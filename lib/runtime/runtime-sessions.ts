import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';

/** Idle minutes after which a session ends when RUNTIME_SESSION_IDLE_MINUTES is unset. */
const DEFAULT_IDLE_MINUTES = 60;
/** At most a week: a session is a conversation, not a store. */
const MAX_IDLE_MINUTES = 7 * 24 * 60;
/** `last_used_at` is written at most this often per session (calls are the hot path). */
const TOUCH_EVERY_MS = 60_000;

/**
 * The one answer for a session id that is unknown, expired, another caller's or another agent's:
 * the same 404 in every case, so a probe learns nothing about sessions it does not own.
 */
export const SESSION_NOT_FOUND = 'No such session for this agent and caller: it may have expired; start a new one (leave sessionId out, or initialize again over MCP)';

/** The clock of a session operation; tests pass their own. */
export interface SessionClock {
  /** Milliseconds since the epoch; `Date.now()` when absent. */
  now?: number;
}

/** The idle time after which a session ends, from RUNTIME_SESSION_IDLE_MINUTES (1 to 10,080 minutes; 60 when unset or unreadable). */
export function runtimeSessionIdleMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.RUNTIME_SESSION_IDLE_MINUTES?.trim();
  const minutes = raw ? Number(raw) : DEFAULT_IDLE_MINUTES;
  return (Number.isInteger(minutes) && minutes >= 1 && minutes <= MAX_IDLE_MINUTES ? minutes : DEFAULT_IDLE_MINUTES) * 60_000;
}

/**
 * Who a session belongs to: the actor's stable id (a user's id, an API token's id, an OAuth
 * grant's id), never a name or an email that may change.
 */
export function principalOf(actor: Actor): string {
  if (actor.kind === 'user') return `user:${actor.userId}`;
  // An OAuth access token acts as a token whose tokenId is its grant's (lib/auth/oauth): kept apart from API tokens' ids.
  if (actor.kind === 'token') return actor.id.startsWith('oauth:') ? `oauth:${actor.tokenId}` : `token:${actor.tokenId}`;
  return `system:${actor.id}`;
}

/** What audit events, logs and spans carry instead of a session id: its SHA-256, hex, first 16 characters. */
export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
}

/**
 * Opens a session of `agentId` for the actor; answers its id (`id`, drawn by the caller, or a new
 * random one). `canElicit`: its MCP client declared form elicitation.
 */
export async function openRuntimeSession(db: Db, { agentId, actor, id = randomUUID(), canElicit = false, now = Date.now() }: { agentId: string; actor: Actor; id?: string; canElicit?: boolean } & SessionClock): Promise<string> {
  const at = new Date(now).toISOString();
  await db.insertInto('runtime_sessions').values({ id, agent_id: agentId, principal: principalOf(actor), created_at: at, last_used_at: at, client_elicitation: canElicit ? 1 : 0 }).execute();
  return id;
}

/** What a resumed session tells the call path. */
export interface ResumedSession {
  /** Its MCP client declared form elicitation at `initialize`. */
  canElicit: boolean;
}

/**
 * Checks that `id` is a live session of this agent opened by this actor and marks it used.
 * AppError `not_found` (SESSION_NOT_FOUND) otherwise: unknown, idle too long, or another's.
 */
export async function resumeRuntimeSession(db: Db, { id, agentId, actor, now = Date.now() }: { id: string; agentId: string; actor: Actor } & SessionClock): Promise<ResumedSession> {
  const row = await db.selectFrom('runtime_sessions').select(['agent_id', 'principal', 'last_used_at', 'client_elicitation']).where('id', '=', id).executeTakeFirst();
  if (!row || row.agent_id !== agentId || row.principal !== principalOf(actor)) throw new AppError('not_found', SESSION_NOT_FOUND);
  const idleMs = runtimeSessionIdleMs();
  const lastUsed = Date.parse(row.last_used_at);
  if (!(now - lastUsed <= idleMs)) throw new AppError('not_found', SESSION_NOT_FOUND);
  const resumed = { canElicit: Number(row.client_elicitation) === 1 };
  if (now - lastUsed < Math.min(TOUCH_EVERY_MS, idleMs / 4)) return resumed;
  // Conditional, so a sweep that deleted the session meanwhile is not undone, and the caller is told.
  const cutoff = new Date(now - idleMs).toISOString();
  const touched = await db
    .updateTable('runtime_sessions')
    .set({ last_used_at: new Date(now).toISOString() })
    .where('id', '=', id)
    .where('last_used_at', '>=', cutoff)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) throw new AppError('not_found', SESSION_NOT_FOUND);
  return resumed;
}

/** Ends the actor's session of this agent with its data (todo list); answers whether there was one. */
export async function endRuntimeSession(db: Db, { id, agentId, actor }: { id: string; agentId: string; actor: Actor }): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('runtime_sessions').where('id', '=', id).where('agent_id', '=', agentId).where('principal', '=', principalOf(actor)).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await trx.deleteFrom('session_todo_items').where('agent_id', '=', agentId).where('session_id', '=', id).execute();
    return true;
  });
}

/** What one sweep deleted. */
export interface SweepResult {
  sessions: number;
  todoItems: number;
}

/**
 * Deletes the sessions idle past RUNTIME_SESSION_IDLE_MINUTES, then every todo item whose
 * session is gone (theirs, and lists left without one). Two plain conditional DELETEs: two
 * instances sweeping one database at once delete each row once between them, and a session
 * used meanwhile is kept (its `last_used_at` no longer matches).
 */
export async function sweepRuntimeSessions(db: Db, { now = Date.now() }: SessionClock = {}): Promise<SweepResult> {
  const cutoff = new Date(now - runtimeSessionIdleMs()).toISOString();
  const sessions = await db.deleteFrom('runtime_sessions').where('last_used_at', '<', cutoff).executeTakeFirst();
  const todoItems = await db
    .deleteFrom('session_todo_items')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('runtime_sessions')
            .select('runtime_sessions.id')
            .whereRef('runtime_sessions.id', '=', 'session_todo_items.session_id')
            .whereRef('runtime_sessions.agent_id', '=', 'session_todo_items.agent_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), todoItems: Number(todoItems.numDeletedRows) };
}
