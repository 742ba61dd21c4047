import 'server-only';
import { sql } from 'kysely';
import { compareStrings } from '@/registry';
import type { Db } from '@/lib/db/schema';
import { toAgent, type Agent } from './agent';
import { selectAgentsWithCounts } from './agent-query';

/** What `listAgents` needs. */
export interface ListAgentsOptions {
  db: Db;
  /** Keeps agents whose id, name or description contains this, ignoring case. */
  search?: string;
}

/** Every agent (or those matching `search`), sorted by name, then id. */
export async function listAgents({ db, search }: ListAgentsOptions): Promise<Agent[]> {
  let query = selectAgentsWithCounts(db);
  const term = search?.trim().toLowerCase();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (['agents.id', 'agents.name', 'agents.description'] as const).map(
          (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const rows = await query.execute();
  // Sorted here, not in SQL, so both engines order alike whatever their collation.
  return rows
    .map((row) => toAgent(row, Number(row.assignment_count)))
    .sort((a, b) => compareStrings(a.name.toLowerCase(), b.name.toLowerCase()) || compareStrings(a.id, b.id));
}
