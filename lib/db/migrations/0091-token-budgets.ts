import 'server-only';
import type { Kysely, Migration } from 'kysely';

/** The token budget an admin sets for an agent's tool definitions (the lint warns above it). */
export function tokenBudgetsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // No ON DELETE CASCADE: deleting an agent deletes its budget itself.
      await db.schema
        .createTable('agent_token_budgets')
        .addColumn('agent_id', 'text', (column) => column.notNull().primaryKey().references('agents.id'))
        .addColumn('tokens', 'integer', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('agent_token_budgets').execute();
    },
  };
}
