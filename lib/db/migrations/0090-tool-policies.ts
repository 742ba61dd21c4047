import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * Tool policy: what the model is told about a tool and how its calls are let through, per agent
 * (`agent_tool_policies`) and as the default for every agent (`tool_policy_defaults`, shown under
 * the tool's group); and the calls held for a person's approval (`tool_approvals`).
 */
export function toolPoliciesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // No ON DELETE CASCADE: deleting an agent deletes its policies itself, and audits them.
      await db.schema
        .createTable('agent_tool_policies')
        .addColumn('agent_id', 'text', (column) => column.notNull().references('agents.id'))
        .addColumn('tool_name', 'text', (column) => column.notNull())
        .addColumn('display_name', 'text')
        .addColumn('description', 'text')
        // JSON object: parameter name → description.
        .addColumn('parameter_descriptions', 'text', (column) => column.notNull())
        .addColumn('call_policy', 'text')
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('agent_tool_policies_pkey', ['agent_id', 'tool_name'])
        .execute();
      await db.schema
        .createTable('tool_policy_defaults')
        .addColumn('tool_name', 'text', (column) => column.notNull().primaryKey())
        .addColumn('group_name', 'text', (column) => column.notNull())
        .addColumn('display_name', 'text')
        .addColumn('description', 'text')
        .addColumn('parameter_descriptions', 'text', (column) => column.notNull())
        .addColumn('call_policy', 'text')
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('tool_approvals')
        .addColumn('id', 'text', (column) => column.notNull().primaryKey())
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('tool_name', 'text', (column) => column.notNull())
        .addColumn('shown_name', 'text', (column) => column.notNull())
        // sha256 of the canonical JSON of agent, tool, exact arguments and policy version.
        .addColumn('call_hash', 'text', (column) => column.notNull())
        .addColumn('policy_version', 'text', (column) => column.notNull())
        // The arguments with secret values masked: what a person reads, never what runs.
        .addColumn('arguments', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('requested_by', 'text', (column) => column.notNull())
        .addColumn('requested_by_name', 'text', (column) => column.notNull())
        .addColumn('requested_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('decided_by', 'text')
        .addColumn('decided_by_name', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('comment', 'text')
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('tool_approvals_hash').on('tool_approvals').columns(['call_hash', 'status']).execute();
      await db.schema.createIndex('tool_approvals_status').on('tool_approvals').columns(['status', 'requested_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('tool_approvals').execute();
      await db.schema.dropTable('tool_policy_defaults').execute();
      await db.schema.dropTable('agent_tool_policies').execute();
    },
  };
}
