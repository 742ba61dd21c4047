import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * Tokens limited to agents (issue 32): each token carries its agent set in `api_tokens.agents`,
 * the text `all` or a JSON array of agent ids. Tokens made before keep all agents, marked so
 * explicitly. `api_token_agent_uses` keeps a token's last use per agent (written at most once a
 * minute per token and agent, by whichever instance served the call).
 */
export function tokenAgentsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('api_tokens').addColumn('agents', 'text', (column) => column.notNull().defaultTo('all')).execute();
      // No foreign keys: a token's use of a deleted agent stays readable until the token goes.
      await db.schema
        .createTable('api_token_agent_uses')
        .addColumn('token_id', 'text', (column) => column.notNull())
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('last_used_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('api_token_agent_uses_pk', ['token_id', 'agent_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('api_token_agent_uses').execute();
      await db.schema.alterTable('api_tokens').dropColumn('agents').execute();
    },
  };
}
