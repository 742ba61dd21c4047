import 'server-only';
import type { Kysely, Migration } from 'kysely';

/** Stored workflows: each one is a tool `workflow_<name>` of the workflow provider. */
export function workflowsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('workflows')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('description', 'text', (column) => column.notNull())
        // The inputs, steps and output as JSON text.
        .addColumn('definition', 'text', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('workflows').execute();
    },
  };
}
