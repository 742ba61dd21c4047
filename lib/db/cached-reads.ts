import 'server-only';
import type { Db } from './schema';

/** What a kind of cached read needs: how long an answer is trusted, and whose it is. */
export interface CachedReadsOptions<V> {
  /** How long a read answer is trusted without reading again. */
  ttlMs: number;
  /** The owner an answer is forgotten by (a token's id, a session's user, an assignment's agent). */
  ownerOf: (value: V) => string;
  /** Runs once, on first use: where the kind subscribes to the change events that make it forget. */
  onFirstUse?: () => void;
}

/** The most answers cached per database; past it the oldest goes. */
const MAX_CACHED = 10_000;

interface Cached<V> {
  value: V;
  /** `performance.now()` when it was read. */
  readAt: number;
}

/**
 * Answers read from the database and trusted for a few seconds: one kind (tokens, sessions, an
 * agent's assignments) per instance, a map per database (tests open many). Forgetting an owner
 * drops its answers from every database's map at once; a read that overlapped a forget is not
 * cached, since it may predate the change. Another instance hears of a change through the change
 * bus (PostgreSQL NOTIFY); `ttlMs` bounds the wait when that notice is lost or cannot travel.
 */
export class CachedReads<V> {
  private readonly byDb = new WeakMap<Db, Map<string, Cached<V>>>();
  private readonly maps = new Set<WeakRef<Map<string, Cached<V>>>>();
  private forgets = 0;
  private isStarted = false;

  constructor(private readonly options: CachedReadsOptions<V>) {}

  /** The answer cached under `key` while fresh, else `load`'s (cached when it found one: a miss costs a read, and a new row is seen at once). */
  async read(db: Db, key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const map = this.mapOf(db);
    const cached = map.get(key);
    if (cached && performance.now() - cached.readAt < this.options.ttlMs) return cached.value;
    if (cached) map.delete(key);
    const readAt = performance.now();
    const forgets = this.forgets;
    const value = await load();
    if (value !== undefined && this.forgets === forgets) {
      if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as string);
      map.set(key, { value, readAt });
    }
    return value;
  }

  /** Replaces a cached answer after this instance wrote the row (a last use, a last activity). */
  update(db: Db, key: string, value: V): void {
    const cached = this.mapOf(db).get(key);
    if (cached) cached.value = value;
  }

  /** Drops every answer of `owner`, in every database's map of this process. */
  forget(owner: string): void {
    this.forgets++;
    for (const ref of this.maps) {
      const map = ref.deref();
      if (!map) {
        this.maps.delete(ref);
        continue;
      }
      for (const [key, { value }] of map) if (this.options.ownerOf(value) === owner) map.delete(key);
    }
  }

  private mapOf(db: Db): Map<string, Cached<V>> {
    if (!this.isStarted) {
      this.isStarted = true;
      this.options.onFirstUse?.();
    }
    let map = this.byDb.get(db);
    if (!map) {
      map = new Map();
      this.byDb.set(db, map);
      this.maps.add(new WeakRef(map));
    }
    return map;
  }
}

/**
 * The process's one instance of a kind, held on globalThis under `name`: Next bundles route
 * handlers, pages and instrumentation apart, and a change heard in one must clear what another reads.
 */
export function cachedReads<V>(name: string, options: CachedReadsOptions<V>): CachedReads<V> {
  const holder = globalThis as typeof globalThis & { toolsAdminCachedReads?: Map<string, unknown> };
  const kinds = (holder.toolsAdminCachedReads ??= new Map());
  if (!kinds.has(name)) kinds.set(name, new CachedReads(options));
  return kinds.get(name) as CachedReads<V>;
}
