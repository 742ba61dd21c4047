import 'server-only';
import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../dialect-of';

/** Agents, their tool assignments, the audit log and the todo lists. */
export function initialMigration(kind: DatabaseKind): Migration {
  return {
    // Kysely hands migrations an untyped connection: the schema is what they create.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('agents')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();

      // No ON DELETE CASCADE: deleting an agent deletes its assignments itself, and audits them.
      await db.schema
        .createTable('assignments')
        .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.id'))
        .addColumn('tool_name', 'text', (column) => column.notNull())
        .addColumn('overrides', 'text', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('assignments_pkey', ['agent_id', 'tool_name'])
        .execute();

      // The one unavoidable difference: how each engine numbers rows by itself.
      await db.schema
        .createTable('audit_events')
        .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (column) =>
          kind === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        .addColumn('target', 'text', (column) => column.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_events_target').on('audit_events').column('target').execute();

      await db.schema
        .createTable('todo_items')
        .addColumn('session_id', 'text', (column) => column.notNull())
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('todo_items_pkey', ['session_id', 'position'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['todo_items', 'audit_events', 'assignments', 'agents']) {
        await sql`drop table ${sql.table(table)}`.execute(db);
      }
    },
  };
}
