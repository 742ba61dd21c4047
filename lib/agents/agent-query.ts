import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';

/**
 * The list's order, lower-cased name then id, as the index `agents_name_order` (migration 0040)
 * holds it: byte order on both engines, so a page is an ordered index read.
 */
export function agentOrder(db: Db): [RawBuilder<string>, RawBuilder<string>] {
  return dialectOf(db) === 'postgres'
    ? [sql<string>`lower(agents.name) collate "C"`, sql<string>`agents.id collate "C"`]
    : [sql<string>`lower(agents.name)`, sql<string>`agents.id`];
}

/** A trigram index holds no key for a term of fewer characters (code points) than this. */
const TRIGRAM_LENGTH = 3;

/**
 * Past this many agents offered by SQLite's trigram index for a term, the list's ordered scan is
 * read instead: a term that common fills a page from the first rows of the scan, and its total
 * needs a pass over every agent in either case. The bound keeps the index's part small for such
 * a term: reading the offered rows when every agent has the term's trigrams took 0.25 ms at this
 * bound and 2–3 ms at 1,000 (10,000 agents, a busy machine), while a narrow term took about 1 ms
 * by the index against 20 ms by the scan. (PostgreSQL's planner makes this choice itself.)
 */
const MAX_INDEXED_CANDIDATES = 250;

/**
 * Whether an agent's id, name or description contains `term` (already lower-cased), as SQL: the
 * test `agentContains` states. On SQLite a term of 3 characters or more is first looked up in the
 * trigram index (`agent_search`, migration 0050), and the test runs only on the agents it offers,
 * unless it offers so many that scanning is cheaper. On PostgreSQL the test is the query, and
 * the planner uses the trigram indexes on its expressions (migration 0050) when they pay.
 */
export async function agentMatches(db: Db, term: string): Promise<RawBuilder<boolean>> {
  const contains = agentContains(db, term);
  if (dialectOf(db) !== 'sqlite' || [...term].length < TRIGRAM_LENGTH) return contains;
  // The term as one FTS5 phrase (its `"` doubled): with the trigram tokenizer, the rows holding
  // every trigram of the term in one column, in a row. Nothing else in it is query syntax.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const { rows } = await sql<{ searchId: number }>`
    select rowid as "searchId" from agent_search where agent_search match ${phrase} limit ${MAX_INDEXED_CANDIDATES + 1}
  `.execute(db);
  if (rows.length > MAX_INDEXED_CANDIDATES) return contains;
  // The index only narrows: what it offers is tested as a scan would test it, so the results are
  // the scan's whatever the index's case folding (it folds ASCII and more, never less).
  const searchIds = JSON.stringify(rows.map((row) => row.searchId));
  return sql<boolean>`(agents.id in (select agent_id from agent_search_keys where search_id in (select value from json_each(${searchIds}))) and ${contains})`;
}

/**
 * Whether an agent's id, name or description contains `term` (already lower-cased), tested on
 * each row: LIKE with `%`, `_` and `\` taken literally. On SQLite an ASCII term skips lower(): its
 * LIKE already ignores ASCII case, and the app's Unicode lower() is a call into JavaScript per
 * row and column, the most of a scan's time at 10,000 agents.
 */
export function agentContains(db: Db, term: string): RawBuilder<boolean> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (dialectOf(db) === 'sqlite' && /^[\x20-\x7e]*$/.test(term)) {
    return sql<boolean>`(agents.id like ${pattern} escape '\\' or agents.name like ${pattern} escape '\\' or agents.description like ${pattern} escape '\\')`;
  }
  return sql<boolean>`(lower(agents.id) like ${pattern} escape '\\' or lower(agents.name) like ${pattern} escape '\\' or lower(agents.description) like ${pattern} escape '\\')`;
}

/** How many assignments each of these agents has (every agent when `agentIds` is left out). */
export async function countAssignments(db: Db, agentIds?: readonly string[]): Promise<Map<string, number>> {
  if (agentIds?.length === 0) return new Map();
  let query = db.selectFrom('assignments').select((eb) => ['agent_id', eb.fn.countAll().as('count')]).groupBy('agent_id');
  if (agentIds) query = query.where('agent_id', 'in', [...agentIds]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.agent_id, Number(row.count)]));
}

/** How many group rules each agent has (all agents, or those of `agentIds`); agents without any are left out. */
export async function countRules(db: Db, agentIds?: readonly string[]): Promise<Map<string, number>> {
  if (agentIds?.length === 0) return new Map();
  let query = db.selectFrom('agent_rules').select((eb) => ['agent_id', eb.fn.countAll().as('count')]).groupBy('agent_id');
  if (agentIds) query = query.where('agent_id', 'in', [...agentIds]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.agent_id, Number(row.count)]));
}
