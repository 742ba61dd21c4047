import 'server-only';
import type { Kysely, Migration } from 'kysely';

/** Group rules: an agent is given every tool of a group, less the excluded ones, read when its tools are read. */
export function agentRulesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // No ON DELETE CASCADE: deleting an agent deletes its rules itself, and audits them.
      await db.schema
        .createTable('agent_rules')
        .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.id'))
        .addColumn('group_name', 'text', (column) => column.notNull())
        // JSON array of tool names.
        .addColumn('exclude', 'text', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('agent_rules_pkey', ['agent_id', 'group_name'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('agent_rules').execute();
    },
  };
}
