import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from './database-url';
import { trackPool } from './pool-stats';
import { migrateToLatest } from './migrate-to-latest';
import { OwnSchemaPostgresDialect } from './own-schema-dialect';
import type { Database, Db } from './schema';
import { ImmediateSqliteDialect, withStatementCache } from './sqlite-dialect';

/** How long a SQLite writer waits for another process's write lock before giving up. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** What `openDatabase` needs. */
export interface OpenDatabaseOptions {
  /** A DATABASE_URL; unset means `./data/tools-admin.sqlite`. */
  url?: string;
  /** Bring the schema up to date before returning; default true. */
  migrate?: boolean;
}

/** Opens a new connection (pool) to the database at `url`, migrated; the caller destroys it. */
export async function openDatabase({ url, migrate = true }: OpenDatabaseOptions = {}): Promise<Db> {
  const location = parseDatabaseUrl(url);
  const db =
    location.kind === 'postgres' ? openPostgres(location.connectionString) : openSqlite(location.file);
  try {
    if (migrate) await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

function openSqlite(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  switchToWal(database);
  // In WAL mode a commit is in the WAL file before it returns, so a killed process loses no
  // acknowledged write with NORMAL either; FULL also syncs the WAL on every commit, so a
  // power cut or OS crash loses none. Admin edits are rare enough to pay for that.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // SQLite's lower() folds ASCII only; PostgreSQL's and JavaScript's fold all of Unicode.
  // Agent search compares lower(column) with a term lowercased in JS, so both must agree.
  database.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }) });
}

/**
 * Two processes opening a new file together may both need the write lock to switch it to WAL;
 * SQLite then answers SQLITE_BUSY at once rather than waiting out the busy timeout, so wait here.
 */
function switchToWal(database: BetterSqlite3.Database): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      database.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const isBusy = error instanceof BetterSqlite3.SqliteError && error.code === 'SQLITE_BUSY';
      if (!isBusy || Date.now() >= deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server emits "error"; unhandled, it would end the process.
  pool.on('error', (error) => console.error('PostgreSQL: an idle connection failed:', error.message));
  trackPool(pool);
  return new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
}
