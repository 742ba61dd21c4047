import 'server-only';
import type { Kysely, Migration } from 'kysely';

const HISTOGRAM = Array.from({ length: 14 }, (_, index) => `h${String(index).padStart(2, '0')}`);

/**
 * Usage rollups (issue 36): one row per resolution (`minute`, `hour` or `day`), bucket start, agent,
 * tool and MCP server (empty for tools of no server), with the calls, the errors by kind, the
 * summed and slowest durations, the summed result sizes and a fixed latency histogram
 * (lib/usage/latency-buckets.ts), so any range adds up column by column.
 */
export function usageRollupsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let table = db.schema
        .createTable('usage_rollups')
        .addColumn('resolution', 'text', (column) => column.notNull())
        .addColumn('bucket_start', 'text', (column) => column.notNull())
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('tool_name', 'text', (column) => column.notNull())
        .addColumn('server', 'text', (column) => column.notNull().defaultTo(''));
      for (const name of ['calls', 'ok', 'bad_arguments', 'tool_errors', 'timeouts', 'unavailable', 'denied']) {
        table = table.addColumn(name, 'bigint', (column) => column.notNull().defaultTo(0));
      }
      table = table
        .addColumn('duration_ms_sum', 'double precision', (column) => column.notNull().defaultTo(0))
        .addColumn('duration_ms_max', 'double precision', (column) => column.notNull().defaultTo(0))
        .addColumn('result_bytes_sum', 'bigint', (column) => column.notNull().defaultTo(0));
      for (const name of HISTOGRAM) table = table.addColumn(name, 'bigint', (column) => column.notNull().defaultTo(0));
      await table.addPrimaryKeyConstraint('usage_rollups_pk', ['resolution', 'agent_id', 'tool_name', 'server', 'bucket_start']).execute();
      // No index on the time alone: SQLite would prefer it to the agent's, and read every agent's rows in the range.
      await db.schema.createIndex('usage_rollups_agent').on('usage_rollups').columns(['resolution', 'agent_id', 'bucket_start']).execute();
      await db.schema.createIndex('usage_rollups_tool').on('usage_rollups').columns(['resolution', 'tool_name', 'bucket_start']).execute();
      await db.schema.createIndex('usage_rollups_server').on('usage_rollups').columns(['resolution', 'server', 'bucket_start']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('usage_rollups').execute();
    },
  };
}
