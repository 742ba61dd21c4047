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

/**
 * Whether an agent's id, name or description contains `term` (already lower-cased), as SQL. On
 * SQLite an ASCII term skips lower(): its LIKE already ignores ASCII case, and the app's Unicode
 * lower() is a call into JavaScript per row and column, the most of a search's time at 10,000 agents.
 */
export function agentMatches(db: Db, term: string): RawBuilder<boolean> {
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
