import 'server-only';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDialectConfig,
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
