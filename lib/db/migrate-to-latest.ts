import 'server-only';
import { Migrator } from 'kysely';
import { dialectOf } from './dialect-of';
import { migrationsFor } from './migrations';
import type { Db } from './schema';

/** Applies every pending migration; throws, naming the migration, when one fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  const kind = dialectOf(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(kind) } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results.find((result) => result.status === 'Error');
  const reason = error instanceof Error ? error.message : String(error);
  throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`, { cause: error });
}
