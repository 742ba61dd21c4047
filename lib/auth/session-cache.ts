import 'server-only';
import { hash } from 'node:crypto';
import { cachedReads } from '@/lib/db/cached-reads';
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

/** Cached by the hash of the session cookie's value, forgotten by user. */
const sessions = cachedReads<VerifiedSession>('sessions', {
  ttlMs: SESSION_CACHE_MS,
  ownerOf: (session) => session.userId,
  onFirstUse: () =>
    subscribeChanges((event) => {
      if (event.kind === 'user-sessions') forgetUserSessions(event.userId);
    }),
});

/** The key a session cookie's value is cached under: its hash, so the process holds no live cookie. */
export function sessionCacheKey(cookieValue: string): string {
  // The one-shot form: no Hash object per request.
  return hash('sha256', cookieValue, 'base64url');
}

/**
 * The session of this cookie from the cache while fresh, else from `verify` (Better Auth's
 * lookup), cached when it found one. A miss is not cached: a guess costs a lookup, and a new
 * session works at once.
 */
export async function cachedSession(db: Db, key: string, verify: () => Promise<VerifiedSession | null>): Promise<VerifiedSession | null> {
  return (await sessions.read(db, key, async () => (await verify()) ?? undefined)) ?? null;
}

/** Updates a cached session after this instance wrote its last activity. */
export function updateCachedSession(db: Db, key: string, session: VerifiedSession): void {
  sessions.update(db, key, session);
}

/** Drops every cached session of this user from every cache of this process. */
export function forgetUserSessions(userId: string): void {
  sessions.forget(userId);
}

/**
 * After a session of this user ended or the user changed (role, disabled): forgets their
 * sessions here at once and tells the other instances.
 */
export async function announceUserSessionsChanged(userId: string): Promise<void> {
  forgetUserSessions(userId);
  await publishChange({ kind: 'user-sessions', userId });
}
