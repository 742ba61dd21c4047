import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * Tool-call rate counters (issue 32): one row per key (`caller:<kind>:<id>` or `agent:<id>`) and
 * fixed one-minute window (minutes since the epoch), with the calls let through and the calls
 * refused. Every instance adds to the same rows (`INSERT … ON CONFLICT DO UPDATE … RETURNING`),
 * so the limit holds across instances; windows older than the previous one are deleted.
 */
export function callRatesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('call_rates')
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('window_start', 'integer', (column) => column.notNull())
        .addColumn('calls', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('throttled', 'integer', (column) => column.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('call_rates_pk', ['key', 'window_start'])
        .execute();
      // The cleanup deletes by window alone.
      await db.schema.createIndex('call_rates_window').on('call_rates').column('window_start').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('call_rates').execute();
    },
  };
}
