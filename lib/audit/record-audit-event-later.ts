import 'server-only';
import { beforeDatabasesClose } from '@/lib/db/database-cache';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { recordAuditEvents, type AuditEntry } from './record-audit-event';

/** How long an event may wait to be written with the ones after it. */
export const AUDIT_FLUSH_DELAY_MS = 100;
/** Written at once from this many waiting events on. */
const FLUSH_AT = 200;
const ROWS_PER_INSERT = 500;

interface Waiting {
  db: Db;
  entry: AuditEntry;
}

interface QueueState {
  waiting: Waiting[];
  timer: NodeJS.Timeout | undefined;
  /** The flush under way; the next one starts after it. */
  flushing: Promise<void>;
}

// On globalThis: one queue per process, whichever bundle (a route, the front door's fast path) adds to it.
const host = globalThis as typeof globalThis & { toolsAdminAuditQueue?: QueueState };

function queue(): QueueState {
  if (!host.toolsAdminAuditQueue) {
    host.toolsAdminAuditQueue = { waiting: [], timer: undefined, flushing: Promise.resolve() };
    // Whoever closes the databases (tests, shutdown) lets the waiting events in first.
    beforeDatabasesClose().add(flushAuditEvents);
  }
  return host.toolsAdminAuditQueue;
}

/**
 * Records an event that is not part of a data change (a tool call) after the answer has gone
 * out: it waits at most {@link AUDIT_FLUSH_DELAY_MS} and is written in one transaction with the
 * events around it, so a busy runtime pays one commit per batch rather than one per call.
 * Readers of the log on this instance flush first ({@link flushAuditEvents}), and shutdown does
 * too; only a crash inside that short wait can lose an event.
 */
export function recordAuditEventLater(db: Db, entry: AuditEntry): void {
  const state = queue();
  state.waiting.push({ db, entry });
  if (state.waiting.length >= FLUSH_AT) {
    void flushAuditEvents();
    return;
  }
  if (!state.timer) {
    state.timer = setTimeout(() => void flushAuditEvents(), AUDIT_FLUSH_DELAY_MS);
    // A waiting event must not keep a finished process alive; shutdown flushes it.
    state.timer.unref();
  }
}

/** Writes every waiting event now; resolves once they are committed (or reported as lost). */
export function flushAuditEvents(): Promise<void> {
  const state = queue();
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = undefined;
  }
  const batch = state.waiting.splice(0);
  state.flushing = state.flushing.then(() => (batch.length === 0 ? undefined : write(batch)));
  return state.flushing;
}

async function write(batch: Waiting[]): Promise<void> {
  const byDb = new Map<Db, AuditEntry[]>();
  for (const { db, entry } of batch) {
    const entries = byDb.get(db);
    if (entries) entries.push(entry);
    else byDb.set(db, [entry]);
  }
  for (const [db, entries] of byDb) {
    try {
      // SQLite takes at most 32,766 bound values in one statement: 10 a row.
      await inTransaction(db, async (trx) => {
        for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) await recordAuditEvents(trx, entries.slice(start, start + ROWS_PER_INSERT));
      });
    } catch (error) {
      // Never silently: the log keeps what the audit table could not.
      for (const { actor, action, target, after } of entries) {
        console.error('Could not record an audit event', JSON.stringify({ actor: actor.id, action, target, after }), error instanceof Error ? error.message : error);
      }
    }
  }
}
