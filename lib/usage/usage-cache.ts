import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { UsageReport } from './usage-stats';

/** Answers kept per database at most; the least recently used goes first. */
export const USAGE_CACHE_ENTRIES = 256;
/**
 * Points (series points, groups and their sparkline points) kept per database at most: a bound on
 * memory (a few hundred bytes each, so some tens of MB) whatever the answers' sizes.
 */
export const USAGE_CACHE_POINTS = 100_000;
/**
 * How long an answer serves while this instance has written nothing new: other instances' writes
 * (already up to 5 s late by their flush) show within this much more.
 */
export const USAGE_CACHE_TTL_MS = 2_000;

interface Entry {
  generation: number;
  points: number;
  at: number;
  report: Omit<UsageReport, 'to' | 'callLimitMs'>;
}

interface Cache {
  generation: number;
  points: number;
  entries: Map<string, Entry>;
}

// On globalThis, like the usage buffer: one per process, whichever bundle flushes into it.
const host = globalThis as typeof globalThis & { toolsAdminUsageCache?: WeakMap<Db, Cache> };

function cacheOf(db: Db): Cache {
  host.toolsAdminUsageCache ??= new WeakMap();
  let cache = host.toolsAdminUsageCache.get(db);
  if (!cache) host.toolsAdminUsageCache.set(db, (cache = { generation: 0, points: 0, entries: new Map() }));
  return cache;
}

/** Called once this instance has written rollups to `db`: every answer read before is out of date. */
export function usageWritten(db: Db): void {
  const cache = cacheOf(db);
  cache.generation += 1;
  cache.entries.clear();
  cache.points = 0;
}

/** The answer for `key` when read after this instance's last write and within the TTL; else undefined. */
export function cachedUsage(db: Db, key: string, now = Date.now()): Entry['report'] | undefined {
  const cache = cacheOf(db);
  const entry = cache.entries.get(key);
  if (!entry) return undefined;
  cache.entries.delete(key);
  if (entry.generation !== cache.generation || now - entry.at >= USAGE_CACHE_TTL_MS) {
    cache.points -= entry.points;
    return undefined;
  }
  cache.entries.set(key, entry); // most recently used last
  return entry.report;
}

/** The current generation, taken before reading, so an answer read across a flush is never kept as new. */
export function usageGeneration(db: Db): number {
  return cacheOf(db).generation;
}

/** Keeps an answer read at `generation`, dropping the least recently used past {@link USAGE_CACHE_ENTRIES}. */
export function keepUsage(db: Db, key: string, generation: number, report: Entry['report'], now = Date.now()): void {
  const cache = cacheOf(db);
  const points = pointsOf(report);
  if (generation !== cache.generation || points > USAGE_CACHE_POINTS) return;
  drop(cache, key);
  cache.entries.set(key, { generation, points, at: now, report });
  cache.points += points;
  while (cache.entries.size > USAGE_CACHE_ENTRIES || cache.points > USAGE_CACHE_POINTS) drop(cache, cache.entries.keys().next().value as string);
}

function drop(cache: Cache, key: string): void {
  const entry = cache.entries.get(key);
  if (!entry) return;
  cache.entries.delete(key);
  cache.points -= entry.points;
}

/** An answer's size in points: its series, and each group with its sparkline. */
export function pointsOf(report: Entry['report']): number {
  let points = 1 + report.series.length;
  for (const group of report.groups ?? []) points += 1 + (group.callsSeries?.length ?? 0);
  return points;
}

/** How many answers, and points in them, are kept for `db` (for tests). */
export function usageCacheSize(db: Db): number {
  return cacheOf(db).entries.size;
}

/** How many points the answers kept for `db` hold (for tests). */
export function usageCachePoints(db: Db): number {
  return cacheOf(db).points;
}
