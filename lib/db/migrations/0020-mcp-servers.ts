import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * The MCP servers admins add as tool bundles. `config` is the transport's JSON body (command,
 * args, env or url, headers) with `${VAR}` references, never secret values themselves.
 */
export function mcpServersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('mcp_servers')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('transport', 'text', (column) => column.notNull())
        .addColumn('config', 'text', (column) => column.notNull())
        .addColumn('enabled', 'integer', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mcp_servers').execute();
    },
  };
}
