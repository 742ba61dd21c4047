import 'server-only';
import type { Selectable } from 'kysely';
import type { Db } from '@/lib/db/schema';
import type { ApiTokensTable } from '@/lib/db/schema';
import { publishChange, subscribeChanges } from '@/lib/events';

/**
 * How long a token read from the database is trusted without reading it again. Revoking on this
 * instance forgets it at once; another instance hears of it through the change bus (PostgreSQL
 * NOTIFY), and this limit bounds the wait when that notice is lost or cannot travel (SQLite).
 */
export const TOKEN_CACHE_MS = 3_000;
const MAX_CACHED = 10_000;

interface CachedToken {
  row: Selectable<ApiTokensTable>;
  /** `performance.now()` when the row was read. */
  readAt: number;
}

interface TokenCacheState {
  /** Per database (tests open many), by the secret's hash. */
  byDb: WeakMap<Db, Map<string, CachedToken>>;
  /** Every cache map, to forget a token by id in all of them. */
  maps: Set<WeakRef<Map<string, CachedToken>>>;
  isSubscribed: boolean;
  /** Counts forgets: a read that overlapped one is not kept (it may predate the revocation). */
  forgets: number;
}

// On globalThis: Next bundles route handlers and instrumentation separately, and a revocation in
// one must clear the entry the other reads.
const host = globalThis as typeof globalThis & { toolsAdminTokenCache?: TokenCacheState };

function state(): TokenCacheState {
  host.toolsAdminTokenCache ??= { byDb: new WeakMap(), maps: new Set(), isSubscribed: false, forgets: 0 };
  return host.toolsAdminTokenCache;
}

function mapOf(db: Db): Map<string, CachedToken> {
  const cache = state();
  let map = cache.byDb.get(db);
  if (!map) {
    map = new Map();
    cache.byDb.set(db, map);
    cache.maps.add(new WeakRef(map));
  }
  if (!cache.isSubscribed) {
    cache.isSubscribed = true;
    subscribeChanges((event) => {
      if (event.kind === 'token-revoked') forgetToken(event.tokenId);
    });
  }
  return map;
}

/** The stored row of the token whose secret hashes to `hash`, from the cache while fresh, else read (and kept). */
export async function tokenRowByHash(db: Db, hash: string): Promise<Selectable<ApiTokensTable> | undefined> {
  const map = mapOf(db);
  const cached = map.get(hash);
  if (cached && performance.now() - cached.readAt < TOKEN_CACHE_MS) return cached.row;
  if (cached) map.delete(hash);
  const readAt = performance.now();
  const forgets = state().forgets;
  const row = await db.selectFrom('api_tokens').selectAll().where('secret_hash', '=', hash).executeTakeFirst();
  // Unknown secrets are not kept: a guess costs a query, and a new token works at once.
  if (row && state().forgets === forgets) {
    if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as string);
    map.set(hash, { row, readAt });
  }
  return row;
}

/** Updates a kept row after this instance wrote to it (its last use). */
export function updateCachedToken(db: Db, hash: string, row: Selectable<ApiTokensTable>): void {
  const cached = mapOf(db).get(hash);
  if (cached) cached.row = row;
}

/** Drops the token with this id from every cache of this process. */
export function forgetToken(tokenId: string): void {
  const cache = state();
  cache.forgets++;
  for (const ref of cache.maps) {
    const map = ref.deref();
    if (!map) {
      cache.maps.delete(ref);
      continue;
    }
    for (const [hash, { row }] of map) if (row.id === tokenId) map.delete(hash);
  }
}

/** After a token was revoked: forgets it here at once and tells the other instances. */
export async function announceTokenRevoked(tokenId: string): Promise<void> {
  forgetToken(tokenId);
  await publishChange({ kind: 'token-revoked', tokenId });
}
