import 'server-only';
import type { Selectable } from 'kysely';
import { AppError } from '@/lib/app-error';
import type { ApiTokensTable, Db } from '@/lib/db/schema';
import type { TokenActor } from './actor';
import { toApiToken } from './api-token';
import { parseStoredAgents } from './token-agents';
import { tokenRowByHash, updateCachedToken } from './token-cache';
import { hashSecret } from './token-secret';

type TokenRow = Selectable<ApiTokensTable>;

/** How often a token's last use is written: at most once a minute, not on every call. */
const LAST_USE_RESOLUTION_MS = 60_000;

/** What `verifyToken` needs. */
export interface VerifyTokenOptions {
  db: Db;
  secret: string;
  now?: Date;
}

/**
 * The actor of a Bearer token. Its row is cached for a few seconds (`token-cache.ts`): a token
 * revoked on this instance is refused at once, on another within those seconds (at once when
 * the change bus carries the notice). Expiry is checked on every call. AppError
 * `unauthenticated` for an unknown, revoked or expired token.
 */
export async function verifyToken({ db, secret, now }: VerifyTokenOptions): Promise<TokenActor> {
  const nowMs = now?.getTime() ?? Date.now();
  const hash = hashSecret(secret);
  const row = await tokenRowByHash(db, hash);
  if (!row) throw new AppError('unauthenticated', 'The Bearer token is not valid');
  checkUsable(row, nowMs);
  if (needsLastUseWritten(row, nowMs)) {
    const lastUsedAt = new Date(nowMs).toISOString();
    await db.updateTable('api_tokens').set({ last_used_at: lastUsedAt }).where('id', '=', row.id).execute();
    updateCachedToken(db, hash, { ...row, last_used_at: lastUsedAt });
  }
  return actorOf(row);
}

function checkUsable(row: TokenRow, nowMs: number): void {
  if (row.revoked_at !== null) throw new AppError('unauthenticated', 'The Bearer token was revoked');
  const { expiresMs } = readingOf(row);
  if (expiresMs !== undefined && expiresMs <= nowMs) throw new AppError('unauthenticated', 'The Bearer token has expired');
}

function needsLastUseWritten(row: TokenRow, nowMs: number): boolean {
  const { lastUsedMs } = readingOf(row);
  return lastUsedMs === undefined || nowMs - lastUsedMs >= LAST_USE_RESOLUTION_MS;
}

/** What is read from a token row on every call, worked out once per row read. */
interface TokenReading {
  actor: TokenActor;
  expiresMs: number | undefined;
  lastUsedMs: number | undefined;
}

/**
 * By row: the cached row is the same object for a few seconds (token-cache.ts), and a
 * runtime calls with one token over and over. The actor is frozen, since calls share it.
 */
const readings = new WeakMap<TokenRow, TokenReading>();

function readingOf(row: TokenRow): TokenReading {
  let entry = readings.get(row);
  if (!entry) {
    const token = toApiToken(row);
    entry = {
      actor: Object.freeze({ kind: 'token', id: `token:${token.prefix}`, displayName: `Token "${token.name}"`, tokenId: token.id, scopes: Object.freeze(token.scopes), agents: parseStoredAgents(row.agents) }),
      expiresMs: row.expires_at === null ? undefined : Date.parse(row.expires_at),
      lastUsedMs: row.last_used_at === null ? undefined : Date.parse(row.last_used_at),
    };
    readings.set(row, entry);
  }
  return entry;
}

function actorOf(row: TokenRow): TokenActor {
  return readingOf(row).actor;
}
