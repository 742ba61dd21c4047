import 'server-only';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';

/** How failed sign-ins are limited: so many failures within a window block the key for a while. */
export interface ThrottleRule {
  maxFailures: number;
  windowSeconds: number;
  blockSeconds: number;
}

/** Per account: 5 failures in 15 minutes block it for 15 minutes. */
export const ACCOUNT_RULE: ThrottleRule = { maxFailures: 5, windowSeconds: 900, blockSeconds: 900 };
/** Per client address: 10 failures in 15 minutes, whatever the account names, block it for 15 minutes. */
export const ADDRESS_RULE: ThrottleRule = { maxFailures: 10, windowSeconds: 900, blockSeconds: 900 };

/** The throttle key of an account (known or not) and of a client address. */
export const accountKey = (email: string): string => `account:${email}`;
export const addressKey = (address: string): string => `address:${address}`;

/** Seconds until the longest block of `keys` ends, or 0 when none is blocked. */
export async function blockedSeconds(db: Db, keys: readonly string[], now = new Date()): Promise<number> {
  const rows = await db.selectFrom('auth_throttle').select('blocked_until').where('key', 'in', [...keys]).execute();
  const until = Math.max(0, ...rows.map((row) => (row.blocked_until ? Date.parse(row.blocked_until) : 0)));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/**
 * Counts one failed sign-in against `key`, in the database so every instance sees it, and
 * blocks the key once it reaches the rule's limit within the window.
 */
export async function recordFailure(db: Db, key: string, rule: ThrottleRule, now = new Date()): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('auth_throttle')
      .values({ key, failures: 0, window_started_at: now.toISOString(), blocked_until: null })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    let query = trx.selectFrom('auth_throttle').selectAll().where('key', '=', key);
    if (dialectOf(trx) === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirstOrThrow();
    const windowOver = now.getTime() - Date.parse(row.window_started_at) > rule.windowSeconds * 1000;
    const failures = windowOver ? 1 : row.failures + 1;
    const blockedUntil = failures >= rule.maxFailures ? new Date(now.getTime() + rule.blockSeconds * 1000).toISOString() : row.blocked_until;
    await trx
      .updateTable('auth_throttle')
      .set({
        failures: failures >= rule.maxFailures ? 0 : failures,
        window_started_at: windowOver || failures >= rule.maxFailures ? now.toISOString() : row.window_started_at,
        blocked_until: blockedUntil,
      })
      .where('key', '=', key)
      .execute();
  });
}

/** Forgets an account's failures after it signs in; an address's count is never reset by a success. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}
