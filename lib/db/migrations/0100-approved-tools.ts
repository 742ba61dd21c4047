import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * Schema drift (issue 35): per agent and tool, the tool's description, parameters and
 * annotations as an editor approved them (when assigning it, or accepting an upstream change),
 * and their fingerprint. No foreign key: an approval outlives a removed assignment, so a restore
 * that brings the tool back restores what was approved then.
 */
export function approvedToolsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('approved_tools')
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('tool_name', 'text', (column) => column.notNull())
        // SHA-256 (hex) of the approved name, description, parameters schema and annotations.
        .addColumn('fingerprint', 'text', (column) => column.notNull())
        // JSON: { name, description, parametersSchema, annotations }.
        .addColumn('approved', 'text', (column) => column.notNull())
        .addColumn('approved_by', 'text', (column) => column.notNull())
        .addColumn('approved_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('approved_tools_pkey', ['agent_id', 'tool_name'])
        .execute();
      await db.schema.createIndex('approved_tools_tool').on('approved_tools').column('tool_name').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('approved_tools').execute();
    },
  };
}
