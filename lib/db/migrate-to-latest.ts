import 'server-only';
import { Migrator, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import { migrationsFor } from './migrations';
import type { Db } from './schema';

/** Applies every pending migration; throws, naming the migration, when one fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  const kind = dialectOf(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(kind) },
    // Kysely looks for its own tables in every schema unless told which: on a server where
    // another schema already has them it would skip creating them in ours.
    migrationTableSchema: kind === 'postgres' ? await currentSchema(db) : undefined,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results.find((result) => result.status === 'Error');
  const reason = error instanceof Error ? error.message : String(error);
  throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`, { cause: error });
}

/** The schema new tables go to: the first of the connection's search_path that exists. */
async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no schema to create the tables in: check the search_path of DATABASE_URL');
  return schema;
}
