import 'server-only';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/schema';
import { publishChange, subscribeChanges } from '@/lib/events';

/**
 * How long a session Better Auth verified is trusted without asking it again (its lookup is a
 * signature check and two reads, the most of a small request's time). Ending a session or
 * changing its user on this instance forgets it at once; another instance hears of it through
 * the change bus (PostgreSQL NOTIFY), and this limit bounds the wait when that notice is lost or
 * cannot travel (SQLite files shared by processes).
 */
export const SESSION_CACHE_MS = 3_000;
const MAX_CACHED = 10_000;

/** What a request's session cookie stood for when Better Auth last verified it. */
export interface VerifiedSession {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  role: string | null | undefined;
  banned: boolean;
  /** Epoch ms: the absolute end of the session. */
  expiresAt: number;
  /** Epoch ms: its last recorded activity (the idle limit counts from here). */
  updatedAt: number;
}

interface CachedSession {
  session: VerifiedSession;
  /** `performance.now()` when it was verified. */
  readAt: number;
}

interface SessionCacheState {
  /** Per database (tests open many), by the hash of the session cookie's value. */
  byDb: WeakMap<Db, Map<string, CachedSession>>;
  /** Every cache map, to forget a user's sessions in all of them. */
  maps: Set<WeakRef<Map<string, CachedSession>>>;
  isSubscribed: boolean;
  /** Counts forgets: a verification that overlapped one is not kept (it may predate the change). */
  forgets: number;
}

// On globalThis: Next bundles route handlers, pages and instrumentation separately, and a
// sign-out in one must clear the entry another reads.
const host = globalThis as typeof globalThis & { toolsAdminSessionCache?: SessionCacheState };

function state(): SessionCacheState {
  host.toolsAdminSessionCache ??= { byDb: new WeakMap(), maps: new Set(), isSubscribed: false, forgets: 0 };
  return host.toolsAdminSessionCache;
}

function mapOf(db: Db): Map<string, CachedSession> {
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
      if (event.kind === 'user-sessions') forgetUserSessions(event.userId);
    });
  }
  return map;
}

/** The key a session cookie's value is kept under: its hash, so the process holds no live cookie. */
export function sessionCacheKey(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('base64url');
}

/**
 * The session of this cookie from the cache while fresh, else from `verify` (Better Auth's
 * lookup), kept when it found one. A miss is not kept: a guess costs a lookup, and a new
 * session works at once.
 */
export async function cachedSession(db: Db, key: string, verify: () => Promise<VerifiedSession | null>): Promise<VerifiedSession | null> {
  const map = mapOf(db);
  const cached = map.get(key);
  if (cached && performance.now() - cached.readAt < SESSION_CACHE_MS) return cached.session;
  if (cached) map.delete(key);
  const readAt = performance.now();
  const forgets = state().forgets;
  const session = await verify();
  if (session && state().forgets === forgets) {
    if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as string);
    map.set(key, { session, readAt });
  }
  return session;
}

/** Updates a kept session after this instance wrote its last activity. */
export function updateCachedSession(db: Db, key: string, session: VerifiedSession): void {
  const cached = mapOf(db).get(key);
  if (cached) cached.session = session;
}

/** Drops every kept session of this user from every cache of this process. */
export function forgetUserSessions(userId: string): void {
  const cache = state();
  cache.forgets++;
  for (const ref of cache.maps) {
    const map = ref.deref();
    if (!map) {
      cache.maps.delete(ref);
      continue;
    }
    for (const [key, { session }] of map) if (session.userId === userId) map.delete(key);
  }
}

/**
 * After a session of this user ended or the user changed (role, disabled): forgets their
 * sessions here at once and tells the other instances.
 */
export async function announceUserSessionsChanged(userId: string): Promise<void> {
  forgetUserSessions(userId);
  await publishChange({ kind: 'user-sessions', userId });
}
