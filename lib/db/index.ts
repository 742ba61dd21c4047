import 'server-only';

// getDb is imported from '@/lib/db/get-db' only: one path to the process's database.
export { closeDatabases } from './close-databases';
export { openDatabase, SQLITE_BUSY_TIMEOUT_MS, type OpenDatabaseOptions } from './open-database';
export { migrateToLatest } from './migrate-to-latest';
export { inTransaction } from './transaction';
export { parseDatabaseUrl, DEFAULT_SQLITE_PATH, type DatabaseLocation } from './database-url';
export { dialectOf, type DatabaseKind } from './dialect-of';
export type { Database, Db } from './schema';
