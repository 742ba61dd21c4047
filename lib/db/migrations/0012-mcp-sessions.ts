import 'server-only';
import type { Kysely, Migration } from 'kysely';

/** The MCP sessions of the per-agent endpoints, so any instance on the database accepts them. */
export function mcpSessionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('mcp_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mcp_sessions').execute();
    },
  };
}
