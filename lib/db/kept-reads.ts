import 'server-only';
import type { Db } from './schema';

/** What a kind of kept read needs: how long an answer is trusted, and whose it is. */
export interface KeptReadsOptions<V> {
  /** How long a read answer is trusted without reading again. */
  ttlMs: number;
  /** The owner an answer is forgotten by (a token's id, a session's user, an assignment's agent). */
  ownerOf: (value: V) => string;
  /** Runs once, on first use: where the kind subscribes to the change events that make it forget. */
  onFirstUse?: () => void;
}

/** The most answers kept per database; past it the oldest goes. */
const MAX_KEPT = 10_000;

interface Kept<V> {
  value: V;
  /** `performance.now()` when it was read. */
  readAt: number;
}

/**
 * Answers read from the database and trusted for a few seconds: one kind (tokens, sessions, an
 * agent's assignments) per instance, a map per database (tests open many). Forgetting an owner
 * drops its answers from every database's map at once; a read that overlapped a forget is not
 * kept, since it may predate the change. Another instance hears of a change through the change
 * bus (PostgreSQL NOTIFY); `ttlMs` bounds the wait when that notice is lost or cannot travel.
 */
export class KeptReads<V> {
  private readonly byDb = new WeakMap<Db, Map<string, Kept<V>>>();
  private readonly maps = new Set<WeakRef<Map<string, Kept<V>>>>();
  private forgets = 0;
  private isStarted = false;

  constructor(private readonly options: KeptReadsOptions<V>) {}

  /** The answer kept under `key` while fresh, without reading; undefined when none is (then `read`). */
  peek(db: Db, key: string): V | undefined {
    const kept = this.mapOf(db).get(key);
    return kept && performance.now() - kept.readAt < this.options.ttlMs ? kept.value : undefined;
  }

  /** The answer kept under `key` while fresh, else `load`'s (kept when it found one: a miss costs a read, and a new row is seen at once). */
  async read(db: Db, key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const map = this.mapOf(db);
    const kept = map.get(key);
    if (kept && performance.now() - kept.readAt < this.options.ttlMs) return kept.value;
    if (kept) map.delete(key);
    const readAt = performance.now();
    const forgets = this.forgets;
    const value = await load();
    if (value !== undefined && this.forgets === forgets) {
      if (map.size >= MAX_KEPT) map.delete(map.keys().next().value as string);
      map.set(key, { value, readAt });
    }
    return value;
  }

  /** Replaces a kept answer after this instance wrote the row (a last use, a last activity). */
  update(db: Db, key: string, value: V): void {
    const kept = this.mapOf(db).get(key);
    if (kept) kept.value = value;
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

  private mapOf(db: Db): Map<string, Kept<V>> {
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
 * The process's one instance of a kind, kept on globalThis under `name`: Next bundles route
 * handlers, pages and instrumentation apart, and a change heard in one must clear what another reads.
 */
export function keptReads<V>(name: string, options: KeptReadsOptions<V>): KeptReads<V> {
  const holder = globalThis as typeof globalThis & { toolsAdminKeptReads?: Map<string, unknown> };
  const kinds = (holder.toolsAdminKeptReads ??= new Map());
  if (!kinds.has(name)) kinds.set(name, new KeptReads(options));
  return kinds.get(name) as KeptReads<V>;
}
