import 'server-only';
import { sql, type Kysely, type Migration } from 'kysely';

/** API tokens, the sign-in throttle, the one-time setup link and generated secrets. */
export function authTablesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('prefix', 'text', (column) => column.notNull())
        .addColumn('secret_hash', 'text', (column) => column.notNull().unique())
        .addColumn('scopes', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('created_by', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();

      // One row per throttled key (`account:<email>` or `address:<ip>`), shared by every instance.
      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('failures', 'integer', (column) => column.notNull())
        .addColumn('window_started_at', 'text', (column) => column.notNull())
        .addColumn('blocked_until', 'text')
        .execute();

      await db.schema
        .createTable('setup_tokens')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['app_secrets', 'setup_tokens', 'auth_throttle', 'api_tokens']) {
        await sql`drop table ${sql.table(table)}`.execute(db);
      }
    },
  };
}
