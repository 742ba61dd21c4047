import 'server-only';
import { PostgresAdapter } from 'kysely';
import type { Db } from './schema';

/** Which database engine a connection talks to. */
export type DatabaseKind = 'sqlite' | 'postgres';

/** The engine behind `db` (a transaction too), for the few places the SQL must differ. */
export function dialectOf(db: Db): DatabaseKind {
  // The adapter is how Kysely's own Migrator tells dialects apart.
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
