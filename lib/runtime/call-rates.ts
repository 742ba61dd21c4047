import 'server-only';
import { sql } from 'kysely';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEventLater } from '@/lib/audit/record-audit-event-later';
import type { Db } from '@/lib/db/schema';
import { recordToolCall as countToolCall } from '@/lib/metrics/record-tool-call';
import { authorize } from '@/lib/auth/authorize';
import { requireAgent } from './require-agent';
import { callRatePerMinute } from './runtime-limits';

const WINDOW_MS = 60_000;

/** What `checkCallRate` needs: who calls which agent's tool, and when. */
export interface CallRateCheck {
  db: Db;
  actor: Actor;
  agentId: string;
  toolName: string;
  /** Calls allowed per caller and per agent in one minute; 0 turns the limit off. Default `RUNTIME_RATE_PER_MINUTE`. */
  perMinute?: number;
  now?: number;
}

/** The row of one key and window after this call was counted. */
interface Counted {
  calls: number;
  throttled: number;
}

/**
 * Counts one tool call against its caller's and its agent's fixed one-minute windows, shared by
 * every instance through the database (one atomic upsert each). The caller (token, user) is
 * counted first: a call it may not make is refused without using up the agent's window, so one
 * runaway token cannot hold the agent's other callers back more than the agent limit says.
 * AppError `too_many_requests` (429, `Retry-After` the seconds to the window's end) past either
 * limit. A refused call is counted (metrics `outcome="throttled"`, the agent's `throttled`),
 * and audited once per key and window (`tool.throttle`), not once per call.
 */
export async function checkCallRate({ db, actor, agentId, toolName, perMinute = callRatePerMinute(), now = Date.now() }: CallRateCheck): Promise<void> {
  if (perMinute <= 0) return;
  const window = Math.floor(now / WINDOW_MS);
  cleanUpOldWindows(db, window);
  // A statement each, no transaction: a busy caller's row is locked for one statement, never across an await.
  const caller = await count(db, `caller:${actor.kind}:${idOf(actor)}`, window, { isRefused: false, perMinute });
  const agent = await count(db, `agent:${agentId}`, window, { isRefused: caller.calls > perMinute, perMinute });
  const isCallerOver = caller.calls > perMinute;
  const isAgentOver = !isCallerOver && agent.calls > perMinute;
  if (!isCallerOver && !isAgentOver) return;
  try {
    countToolCall(toolName, 'throttled', 0);
  } catch (error) {
    console.error('Counting a tool call failed', error);
  }
  // The first refusal of a window is audited; the ones after it are only counted.
  const isFirst = isCallerOver ? caller.calls === perMinute + 1 : agent.calls === perMinute + 1;
  const by = isCallerOver ? 'caller' : 'agent';
  if (isFirst) {
    recordAuditEventLater(db, {
      actor,
      action: 'tool.throttle',
      target: assignmentTarget(agentId, toolName),
      before: null,
      after: { by, limitPerMinute: perMinute, windowStart: new Date(window * WINDOW_MS).toISOString() },
    });
  }
  const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
  const who = isCallerOver ? `This ${actor.kind === 'token' ? 'token' : 'caller'}` : `Agent "${agentId}"`;
  throw new AppError('too_many_requests', `${who} made more than ${perMinute} tool calls this minute (RUNTIME_RATE_PER_MINUTE); try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
}

/**
 * Adds one call to a key's window in one statement and answers the row as it is now: a call let
 * through adds to `calls` (and to `throttled` once `calls` passes the limit), a call already
 * refused (by its caller's limit) only to `throttled`.
 */
async function count(db: Db, key: string, window: number, { isRefused, perMinute }: { isRefused: boolean; perMinute: number }): Promise<Counted> {
  const row = await db
    .insertInto('call_rates')
    .values({ key, window_start: window, calls: isRefused ? 0 : 1, throttled: isRefused ? 1 : 0 })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet(() =>
        isRefused
          ? { throttled: sql<number>`call_rates.throttled + 1` }
          : { calls: sql<number>`call_rates.calls + 1`, throttled: sql<number>`call_rates.throttled + (case when call_rates.calls + 1 > ${perMinute} then 1 else 0 end)` },
      ),
    )
    .returning(['calls', 'throttled'])
    .executeTakeFirstOrThrow();
  return { calls: Number(row.calls), throttled: Number(row.throttled) };
}

function idOf(actor: Actor): string {
  if (actor.kind === 'token') return actor.tokenId;
  if (actor.kind === 'user') return actor.userId;
  return actor.id;
}

/** The last window this process cleaned up after, per database. */
const cleaned = new WeakMap<Db, number>();

/** Once per window and process, deletes the windows before the previous one (the agent page reads the previous one). */
function cleanUpOldWindows(db: Db, window: number): void {
  if ((cleaned.get(db) ?? -1) >= window) return;
  cleaned.set(db, window);
  db.deleteFrom('call_rates')
    .where('window_start', '<', window - 1)
    .execute()
    .catch((error: unknown) => console.error('Deleting old call-rate windows failed', error));
}

/** How the agent's calls stand against the limit: this minute's window, and whether it or the last one refused any. */
export interface AgentCallRate {
  limitPerMinute: number;
  /** Calls let through in the current window. */
  calls: number;
  /** Calls refused in the current and the previous window. */
  throttledCalls: number;
  /** Whether calls were refused in the current or the previous window. */
  isThrottled: boolean;
  /** The current window's first instant, ISO 8601. */
  windowStart: string;
}

/**
 * Reads the agent's counters (refusals by its own limit and by its callers' limits alike).
 * AppError `forbidden` without `agents:read`; `not_found` for an unknown agent.
 */
export async function readAgentCallRate({ db, actor, agentId, now = Date.now(), perMinute = callRatePerMinute() }: { db: Db; actor: Actor; agentId: string; now?: number; perMinute?: number }): Promise<AgentCallRate> {
  authorize(actor, 'agents:read');
  await requireAgent(db, agentId);
  const window = Math.floor(now / WINDOW_MS);
  const rows = await db.selectFrom('call_rates').select(['window_start', 'calls', 'throttled']).where('key', '=', `agent:${agentId}`).where('window_start', '>=', window - 1).execute();
  const current = rows.find((row) => Number(row.window_start) === window);
  const throttledCalls = rows.reduce((sum, row) => sum + Number(row.throttled), 0);
  return {
    limitPerMinute: perMinute,
    calls: Number(current?.calls ?? 0),
    throttledCalls,
    isThrottled: throttledCalls > 0,
    windowStart: new Date(window * WINDOW_MS).toISOString(),
  };
}
