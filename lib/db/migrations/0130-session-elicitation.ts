import 'server-only';
import type { Kysely, Migration } from 'kysely';

/**
 * Whether a runtime session's MCP client declared form elicitation at `initialize` (issue 34):
 * each request of the stateless MCP endpoint builds a new SDK server, so the client's
 * capabilities are kept with the session, where every instance reads them. 1 or 0; sessions
 * opened before (and every invoke session) are 0, the behaviour they had.
 */
export function sessionElicitationMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('runtime_sessions').addColumn('client_elicitation', 'integer', (column) => column.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('runtime_sessions').dropColumn('client_elicitation').execute();
    },
  };
}
