// `npm run db:migrate`: brings the database of DATABASE_URL (default ./data/tools-admin.sqlite)
// up to date. The server also does this at start; this is for deploys that migrate first.
import { migrateToLatest } from '../lib/db/migrate-to-latest';
import { openDatabase } from '../lib/db/open-database';
import { parseDatabaseUrl } from '../lib/db/database-url';

const location = parseDatabaseUrl(process.env.DATABASE_URL);
const db = await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
try {
  await migrateToLatest(db);
  console.log(`Database is up to date (${location.kind === 'sqlite' ? location.file : 'PostgreSQL'}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
