import 'server-only';
import type { Db } from './schema';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one, so write
 * functions compose. On SQLite the transaction starts with BEGIN IMMEDIATE (see
 * `sqlite-dialect.ts`); inside it, use only the `trx` given, never the outer `db`.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
