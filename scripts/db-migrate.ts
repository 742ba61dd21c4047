// `npm run db:migrate`: brings the database of DATABASE_URL (default ./data/tools-admin.sqlite)
// up to date. The server also does this at start; this is for deploys that migrate first.
// Failures print one line and exit 1: an operator needs the reason, not a stack trace.
import { migrateToLatest } from '../lib/db/migrate-to-latest';
import { openDatabase } from '../lib/db/open-database';
import { parseDatabaseUrl, type DatabaseLocation } from '../lib/db/database-url';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<number> {
  let location: DatabaseLocation;
  try {
    location = parseDatabaseUrl(process.env.DATABASE_URL);
  } catch (error) {
    console.error(messageOf(error));
    return 1;
  }
  const where = location.kind === 'sqlite' ? location.file : 'PostgreSQL';
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
  } catch (error) {
    console.error(`Cannot open the database (${where}): ${messageOf(error)}`);
    return 1;
  }
  try {
    await migrateToLatest(db);
    console.log(`Database is up to date (${where}).`);
    return 0;
  } catch (error) {
    console.error(`Migrating the database (${where}) failed: ${messageOf(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
