import 'server-only';
import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseKind } from '../dialect-of';

/**
 * The agents list at scale: an index in the list's order (lower-cased name, then id), so a page
 * is one ordered index read stopped after the page, with or without a search. The expressions
 * are the ones the list query orders by (lib/agents/agent-query.ts); SQLite's lower() is the
 * app's Unicode one (lib/db/open-database.ts). The search's substring test has its own trigram
 * index since migration 0050 (an FTS5 table on SQLite, pg_trgm on PostgreSQL).
 */
export function agentSearchMigration(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (kind === 'postgres') {
        await sql`create index agents_name_order on agents ((lower(name) collate "C"), (id collate "C"))`.execute(db);
      } else {
        await sql`create index agents_name_order on agents (lower(name), id)`.execute(db);
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await sql`drop index agents_name_order`.execute(db);
    },
  };
}
