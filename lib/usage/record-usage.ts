import 'server-only';
import { beforeDatabasesClose } from '@/lib/db/database-cache';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { latencyBucket, LATENCY_BUCKET_COUNT } from './latency-buckets';
import { errorKindOf, type ToolCallOutcome } from './usage-outcome';
import { pruneUsage } from './prune-usage';
import { usageWritten } from './usage-cache';
import { writeRollups, type Rollup } from './write-rollups';

/** How long calls add up in memory before they are written: off the answer's path, one commit per few seconds. */
export const USAGE_FLUSH_MS = 5_000;
/** Written at once from this many waiting rows on, so memory stays bounded under any load. */
const FLUSH_AT_ROWS = 5_000;
/** Minute rows are kept this long (the last hour and day views); hour rows serve longer ranges. */
export const MINUTE_RETENTION_MS = 2 * 24 * 3600_000;

/** One finished tool call, as usage counts it (never its arguments or result). */
export interface UsageCall {
  agentId: string;
  toolName: string;
  /** The MCP server the tool comes from; '' or undefined for other tools. */
  server?: string;
  outcome: ToolCallOutcome;
  durationMs: number;
  resultBytes: number;
  /** When it ended; now by default. */
  at?: Date;
}

interface State {
  waiting: Map<Db, Map<string, Rollup>>;
  rows: number;
  timer: NodeJS.Timeout | undefined;
  flushing: Promise<void>;
}

// On globalThis: one buffer per process, whichever bundle records into it.
const host = globalThis as typeof globalThis & { toolsAdminUsageBuffer?: State };

function state(): State {
  if (!host.toolsAdminUsageBuffer) {
    host.toolsAdminUsageBuffer = { waiting: new Map(), rows: 0, timer: undefined, flushing: Promise.resolve() };
    // Whoever closes the databases (tests, a clean shutdown) lets the waiting counts in first.
    beforeDatabasesClose().add(flushUsage);
  }
  return host.toolsAdminUsageBuffer;
}

/**
 * Adds one call to the in-memory minute, hour and day rollups of its agent, tool and server; written
 * by {@link flushUsage} within {@link USAGE_FLUSH_MS}, at once past a few thousand rows, and on a
 * clean shutdown. Only a crash inside that wait loses counts. Never throws.
 */
export function recordUsage(db: Db, call: UsageCall): void {
  const current = state();
  let byKey = current.waiting.get(db);
  if (!byKey) {
    byKey = new Map();
    current.waiting.set(db, byKey);
  }
  const at = (call.at ?? new Date()).getTime();
  const minute = Math.floor(at / 60_000) * 60_000;
  const hour = Math.floor(at / 3600_000) * 3600_000;
  const day = Math.floor(at / 86_400_000) * 86_400_000;
  // A call older than the minute rows' retention (a backfill) only goes into its hour and day.
  if (Date.now() - minute < MINUTE_RETENTION_MS) add(current, byKey, 'minute', minute, call);
  add(current, byKey, 'hour', hour, call);
  // Day rows too: a 30-day view reads 30 rows per agent and tool, not 720.
  add(current, byKey, 'day', day, call);
  if (current.rows >= FLUSH_AT_ROWS) {
    void flushUsage();
    return;
  }
  if (!current.timer) {
    current.timer = setTimeout(() => void flushUsage(), USAGE_FLUSH_MS);
    // Waiting counts must not keep a finished process alive; shutdown flushes them.
    current.timer.unref();
  }
}

function add(current: State, byKey: Map<string, Rollup>, resolution: Rollup['resolution'], start: number, call: UsageCall): void {
  const server = call.server ?? '';
  const key = `${resolution}\u0000${start}\u0000${call.agentId}\u0000${call.toolName}\u0000${server}`;
  let row = byKey.get(key);
  if (!row) {
    row = {
      resolution,
      bucketStart: new Date(start).toISOString(),
      agentId: call.agentId,
      toolName: call.toolName,
      server,
      calls: 0,
      ok: 0,
      errors: { badArguments: 0, toolError: 0, timeout: 0, unavailable: 0, denied: 0 },
      durationMsSum: 0,
      durationMsMax: 0,
      resultBytesSum: 0,
      histogram: new Array<number>(LATENCY_BUCKET_COUNT).fill(0),
    };
    byKey.set(key, row);
    current.rows += 1;
  }
  row.calls += 1;
  const kind = errorKindOf(call.outcome);
  if (kind) row.errors[kind] += 1;
  else row.ok += 1;
  const ms = Math.max(0, call.durationMs);
  row.durationMsSum += ms;
  row.durationMsMax = Math.max(row.durationMsMax, ms);
  row.resultBytesSum += Math.max(0, call.resultBytes);
  row.histogram[latencyBucket(ms)]! += 1;
}

/** Writes every waiting rollup now (added to the stored rows) and prunes old rows; resolves once committed or reported lost. */
export function flushUsage(): Promise<void> {
  const current = state();
  if (current.timer) {
    clearTimeout(current.timer);
    current.timer = undefined;
  }
  const batch = [...current.waiting];
  current.waiting = new Map();
  current.rows = 0;
  current.flushing = current.flushing.then(() => write(batch));
  return current.flushing;
}

async function write(batch: [Db, Map<string, Rollup>][]): Promise<void> {
  for (const [db, byKey] of batch) {
    try {
      if (byKey.size === 0) continue;
      await inTransaction(db, (trx) => writeRollups(trx, [...byKey.values()]));
      // This instance's answers read before the write are out of date from now on.
      usageWritten(db);
      await pruneUsage(db);
    } catch (error) {
      // Never silently: the log says what the rollups could not take.
      console.error(`Could not record the usage of ${byKey.size} rollup rows`, error instanceof Error ? error.message : error);
    }
  }
}
