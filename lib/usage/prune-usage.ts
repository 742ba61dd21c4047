import 'server-only';
import type { Db } from '@/lib/db/schema';

/** Hour rows are kept this many days unless USAGE_RETENTION_DAYS says otherwise (at least 31: the 30-day view). */
const DEFAULT_RETENTION_DAYS = 90;
const MINUTE_RETENTION_MS = 2 * 24 * 3600_000;
/** Pruned at most this often per database. */
const PRUNE_EVERY_MS = 10 * 60_000;

const pruned = new WeakMap<Db, number>();

/** The days hour rows are kept, from USAGE_RETENTION_DAYS (31 to 3,650; 90 when unset or unreadable). */
export function usageRetentionDays(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const days = Number(env.USAGE_RETENTION_DAYS);
  return Number.isInteger(days) && days >= 31 && days <= 3650 ? days : DEFAULT_RETENTION_DAYS;
}

/** Deletes minute rows older than two days and hour and day rows past the retention; at most every ten minutes unless `force`. */
export async function pruneUsage(db: Db, { now = Date.now(), force = false }: { now?: number; force?: boolean } = {}): Promise<void> {
  if (!force && now - (pruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  pruned.set(db, now);
  const minuteCut = new Date(now - MINUTE_RETENTION_MS).toISOString();
  const hourCut = new Date(now - usageRetentionDays() * 24 * 3600_000).toISOString();
  await db.deleteFrom('usage_rollups').where('resolution', '=', 'minute').where('bucket_start', '<', minuteCut).execute();
  await db.deleteFrom('usage_rollups').where('resolution', 'in', ['hour', 'day']).where('bucket_start', '<', hourCut).execute();
}
