import 'server-only';
import { sql, type Kysely, type Migration } from 'kysely';
import { logger } from '@/lib/log/logger';
import type { DatabaseKind } from '../dialect-of';

/**
 * The agents search by index (issue 15): a trigram index over the lower-cased id, name and
 * description, the texts the search tests for the term (lib/agents/agent-query.ts).
 *
 * SQLite: an FTS5 table with the `trigram` tokenizer, held in step with `agents` by triggers. It
 * holds no text of its own (contentless, rows deletable), only the trigrams of `lower(…)` of each
 * column: the app's Unicode lower() (lib/db/open-database.ts), the very fold the search applies,
 * so every agent the search finds has all of the term's trigrams; `case_sensitive 0` folds again
 * (FTS5's own Unicode case folding, ς as σ too) for rows written by a connection that has only
 * SQLite's ASCII lower(). The search still tests its LIKE on what the index offers, so the index
 * only narrows. FTS5 rows are keyed by an integer; `agent_search_keys` gives each agent one that
 * stays (an INTEGER PRIMARY KEY, which VACUUM keeps, unlike the implicit rowid of `agents`).
 *
 * PostgreSQL: pg_trgm GIN indexes on exactly the expressions the search's LIKEs test, so the
 * planner can answer a selective term by a bitmap of the three. The extension is one per database,
 * shared by every schema on it: it is created in `public` (where it stays when a schema is
 * dropped) unless it is there already, and the operator class is named with its schema, which
 * need not be on the search_path. Where it cannot be created (no CREATE on the database, or the
 * server lacks pg_trgm) the migration goes on without these indexes and logs why: the search then
 * scans, as before this migration, with the same results.
 */
export function agentTrigramSearchMigration(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (kind === 'postgres') await createTrigramIndexes(db);
      else await createSearchTable(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      if (kind === 'postgres') {
        // The extension stays: other schemas on the database may use it.
        for (const index of POSTGRES_INDEXES) await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
        return;
      }
      for (const trigger of ['agents_search_insert', 'agents_search_update', 'agents_search_delete']) {
        await sql`drop trigger ${sql.id(trigger)}`.execute(db);
      }
      await sql`drop table agent_search`.execute(db);
      await sql`drop table agent_search_keys`.execute(db);
    },
  };
}

/** The indexes PostgreSQL gets, one per column the search tests. */
const POSTGRES_INDEXES = [
  { name: 'agents_id_trigram', column: 'id' },
  { name: 'agents_name_trigram', column: 'name' },
  { name: 'agents_description_trigram', column: 'description' },
] as const;

/** SQLSTATEs that mean "this server will not give us pg_trgm", as opposed to a fault. */
const TRIGRAM_UNAVAILABLE = new Map([
  ['42501', 'no privilege: creating it needs CREATE on the database, using it USAGE on its schema'],
  ['0A000', 'the server does not offer it'],
  ['58P01', 'the server does not have its files (postgresql-contrib)'],
  ['3F000', 'there is no schema public to create it in'],
]);

async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  // Migrations run in one transaction: a failed statement would end it, hence the savepoints.
  await sql`savepoint agent_trigram`.execute(db);
  try {
    const schema = await trigramSchema(db);
    for (const { name, column } of POSTGRES_INDEXES) {
      // fastupdate off: a new or renamed agent goes into the index at once instead of into a
      // pending list that every search reads through until a vacuum (measured at 10,000 agents
      // inserted after the index: 23 ms a search instead of 0.4 ms). Agents are written rarely.
      await sql`create index ${sql.id(name)} on agents using gin (lower(${sql.id(column)}) ${sql.id(schema)}.gin_trgm_ops) with (fastupdate = off)`.execute(db);
    }
    await sql`release savepoint agent_trigram`.execute(db);
  } catch (error) {
    const code = sqlState(error);
    const reason = code === undefined ? undefined : TRIGRAM_UNAVAILABLE.get(code);
    if (reason === undefined) throw error;
    await sql`rollback to savepoint agent_trigram`.execute(db);
    logger.warn(
      { migration: '0050-agent-trigram-search', sqlState: code },
      `PostgreSQL extension pg_trgm is not available (${reason}): the agents search works without its trigram indexes, by scanning. To add them later, see "Data" in the README.`,
    );
  }
}

/** The schema pg_trgm is installed in, after creating it in `public` when it is not installed. */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const installed = await installedTrigramSchema(db);
  if (installed !== undefined) return installed;
  await sql`savepoint create_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint create_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint create_pg_trgm`.execute(db);
    // Another process created it at the same moment (IF NOT EXISTS checks before it inserts, and
    // the insert waited for the other to commit): that one serves as well as ours.
    const code = sqlState(error);
    const created = code === '23505' || code === '42710' ? await installedTrigramSchema(db) : undefined;
    if (created === undefined) throw error;
    return created;
  }
  return (await installedTrigramSchema(db)) ?? 'public';
}

async function installedTrigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  `.execute(db);
  return rows[0]?.schema;
}

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

async function createSearchTable(db: Kysely<unknown>): Promise<void> {
  await sql`create table agent_search_keys (search_id integer primary key, agent_id text not null unique)`.execute(db);
  await sql`
    create virtual table agent_search using fts5(
      id, name, description, tokenize = 'trigram case_sensitive 0', content = '', contentless_delete = 1
    )
  `.execute(db);
  // Each trigger first removes what the index holds for the agent, so an insert over a row left
  // behind (a REPLACE, whose implicit delete fires no trigger) cannot leave a stale entry.
  await sql`
    create trigger agents_search_insert after insert on agents begin
      ${sql.raw(reindexAgent('new'))}
    end
  `.execute(db);
  await sql`
    create trigger agents_search_update after update of id, name, description on agents begin
      ${sql.raw(reindexAgent('old'))}
    end
  `.execute(db);
  await sql`
    create trigger agents_search_delete after delete on agents begin
      delete from agent_search where rowid = (select search_id from agent_search_keys where agent_id = old.id);
      delete from agent_search_keys where agent_id = old.id;
    end
  `.execute(db);
  await sql`insert into agent_search_keys (agent_id) select id from agents`.execute(db);
  await sql`
    insert into agent_search (rowid, id, name, description)
      select k.search_id, lower(a.id), lower(a.name), lower(a.description) from agents a join agent_search_keys k on k.agent_id = a.id
  `.execute(db);
}

/**
 * A trigger's statements that drop what the index holds for the agent as it was (`before`: `new`
 * on insert, `old` on update) and index the agent as it is now, under a fresh key.
 */
function reindexAgent(before: 'new' | 'old'): string {
  return `delete from agent_search where rowid = (select search_id from agent_search_keys where agent_id = ${before}.id);
      delete from agent_search_keys where agent_id = ${before}.id;
      insert into agent_search_keys (agent_id) values (new.id);
      insert into agent_search (rowid, id, name, description)
        values ((select search_id from agent_search_keys where agent_id = new.id), lower(new.id), lower(new.name), lower(new.description));`;
}
