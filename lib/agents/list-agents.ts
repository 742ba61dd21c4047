import 'server-only';
import { sql } from 'kysely';
import { compareStrings } from '@/registry';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { toAgent, type AgentListItem } from './agent';
import { selectAgentsWithCounts } from './agent-query';

/** What `listAgents` needs. */
export interface ListAgentsOptions {
  db: Db;
  actor: Actor;
  /** Keeps agents whose id, name or description contains this, ignoring case. */
  search?: string;
}

/** Every agent with its number of assignments (or those matching `search`), sorted by name, then id; AppError `forbidden` without `agents:read`, `invalid` for a search with a NUL. */
export async function listAgents({ db, actor, search }: ListAgentsOptions): Promise<AgentListItem[]> {
  authorize(actor, 'agents:read');
  if (search !== undefined && !isStorableText(search)) {
    throw new AppError('invalid', 'The search text contains U+0000 (NUL)', {
      errors: [{ pointer: '/search', message: 'Search text must not contain U+0000 (NUL).' }],
    });
  }
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
    .map((row) => ({ ...toAgent(row), assignmentCount: Number(row.assignment_count) }))
    .sort((a, b) => compareStrings(a.name.toLowerCase(), b.name.toLowerCase()) || compareStrings(a.id, b.id));
}
