import 'server-only';
import type { Selectable } from 'kysely';
import { cachedReads } from '@/lib/db/cached-reads';
import type { ApiTokensTable, Db } from '@/lib/db/schema';
import { publishChange, subscribeChanges } from '@/lib/events';

/**
 * How long a token read from the database is trusted without reading it again. Revoking on this
 * instance forgets it at once; another instance hears of it through the change bus (PostgreSQL
 * NOTIFY), and this limit bounds the wait when that notice is lost or cannot travel (SQLite).
 */
export const TOKEN_CACHE_MS = 3_000;

type TokenRow = Selectable<ApiTokensTable>;

/** Cached by the secret's hash, forgotten by the token's id. */
const tokens = cachedReads<TokenRow>('tokens', {
  ttlMs: TOKEN_CACHE_MS,
  ownerOf: (row) => row.id,
  onFirstUse: () =>
    subscribeChanges((event) => {
      if (event.kind === 'token-revoked' || event.kind === 'token-changed') forgetToken(event.tokenId);
    }),
});

/** The stored row of the token whose secret hashes to `hash`, from the cache while fresh, else read (and cached). */
export function tokenRowByHash(db: Db, hash: string): Promise<TokenRow | undefined> {
  // Unknown secrets are not cached: a guess costs a query, and a new token works at once.
  return tokens.read(db, hash, () => db.selectFrom('api_tokens').selectAll().where('secret_hash', '=', hash).executeTakeFirst());
}

/** Updates a cached row after this instance wrote to it (its last use). */
export function updateCachedToken(db: Db, hash: string, row: TokenRow): void {
  tokens.update(db, hash, row);
}

/** Drops the token with this id from every cache of this process. */
export function forgetToken(tokenId: string): void {
  tokens.forget(tokenId);
}

/** After a token was revoked: forgets it here at once and tells the other instances. */
export async function announceTokenRevoked(tokenId: string): Promise<void> {
  forgetToken(tokenId);
  await publishChange({ kind: 'token-revoked', tokenId });
}

/** After a token's agent set was narrowed: forgets it here at once and tells the other instances. */
export async function announceTokenChanged(tokenId: string): Promise<void> {
  forgetToken(tokenId);
  await publishChange({ kind: 'token-changed', tokenId });
}
