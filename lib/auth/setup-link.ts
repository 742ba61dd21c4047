import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Db } from '@/lib/db/schema';
import { hashSecret, newSecret } from './token-secret';

/** Whether any user exists: the setup link works only before the first. */
export async function hasUsers(db: Db): Promise<boolean> {
  return (await db.selectFrom('auth_user').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Makes a new one-time setup token (stored hashed) and answers it; for the first start with no users. */
export async function createSetupToken(db: Db, now = new Date()): Promise<string> {
  const token = newSecret('setup_');
  await db.insertInto('setup_tokens').values({ token_hash: hashSecret(token), created_at: now.toISOString(), used_at: null }).execute();
  return token;
}

/** Whether `token` is an unused setup token and no user exists yet. */
export async function isSetupTokenValid(db: Db, token: string): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const row = await db.selectFrom('setup_tokens').select('used_at').where('token_hash', '=', hashSecret(token)).executeTakeFirst();
  return row !== undefined && row.used_at === null;
}

/**
 * Uses up a setup token, once: of two requests with one token, only one gets past this.
 * AppError `forbidden` when users exist already or the token is unknown or used. `release`
 * gives the token back when creating the admin then failed.
 */
export async function claimSetupToken(db: Db, token: string, now = new Date()): Promise<{ release(): Promise<void> }> {
  if (await hasUsers(db)) throw new AppError('forbidden', 'Setup is done: an account exists already. Sign in, or ask an admin for one');
  const tokenHash = hashSecret(token);
  const claimed = await db
    .updateTable('setup_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('forbidden', 'This setup link is not valid or was used already; restart the server for a new one');
  return {
    async release() {
      await db.updateTable('setup_tokens').set({ used_at: null }).where('token_hash', '=', tokenHash).execute();
    },
  };
}
