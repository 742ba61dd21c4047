import 'server-only';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from 'kysely';

/**
 * A SQLite driver whose transactions start with BEGIN IMMEDIATE. Kysely's own issues a
 * deferred BEGIN (kysely-org/kysely#1152): a read-modify-write then takes the write lock only
 * at its first write, and when another process holds it SQLite answers SQLITE_BUSY at once
 * instead of waiting for `busy_timeout`, because waiting could deadlock. Taking the write lock
 * up front makes the wait safe. Every transaction in this app writes, so all are immediate.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite does run DDL inside transactions. Saying so makes Kysely's Migrator migrate inside
 * one (BEGIN IMMEDIATE, above), so two processes starting on one new file take turns instead
 * of both creating the same tables.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with BEGIN IMMEDIATE transactions and transactional migrations. */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** How many prepared statements one connection keeps; the app issues a few hundred distinct ones. */
const MAX_STATEMENTS = 500;

/**
 * A SQLite connection that prepares each distinct SQL text once: Kysely prepares on every query,
 * and preparing costs more than running a small one. Safe because Kysely runs a statement to the
 * end before the next (`all` or `run`); a streamed query (`iterate`, Kysely's `.stream()`, which
 * the app does not use) must not share its statement, so it gets a fresh one.
 */
export function withStatementCache(database: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      const cached = statement;
      return {
        get reader() {
          return cached.reader;
        },
        all: (parameters) => cached.all(parameters),
        run: (parameters) => cached.run(parameters),
        iterate: (parameters) => database.prepare(sql).iterate(parameters),
      };
    },
  };
}
