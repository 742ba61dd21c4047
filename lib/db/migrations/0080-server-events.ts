import 'server-only';
import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../dialect-of';

/**
 * What the server pages remember (issue 33): `mcp_server_events`, each MCP server's connection
 * timeline (connected, lost, restarted, tools changed), pruned by age and count per server; and
 * `mcp_server_tools`, the tool list each server last served, so its tools stay in the catalogue
 * (as unavailable) while it is away, across restarts of the app too.
 */
export function serverEventsMigration(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('mcp_server_events')
        .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (column) =>
          kind === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn('server', 'text', (column) => column.notNull())
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('details', 'text')
        .execute();
      await db.schema.createIndex('mcp_server_events_server').on('mcp_server_events').columns(['server', 'id']).execute();
      await db.schema
        .createTable('mcp_server_tools')
        .addColumn('server', 'text', (column) => column.primaryKey())
        .addColumn('tools', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mcp_server_tools').execute();
      await db.schema.dropTable('mcp_server_events').execute();
    },
  };
}
