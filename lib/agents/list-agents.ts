import 'server-only';
import { sql } from 'kysely';
import { compareStrings } from '@/registry';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { countAssignmentStatuses } from '@/lib/assignments/count-assignment-statuses';
import type { ToolRegistry } from '@/registry';
import { matchesStatusFilter, toAgent, type AgentListItem, type AgentStatusFilter } from './agent';
import { selectAgentsWithCounts } from './agent-query';

/** What `listAgents` needs. */
export interface ListAgentsOptions {
  db: Db;
  actor: Actor;
  /** Keeps agents whose id, name or description contains this, ignoring case. */
  search?: string;
  /** With it, each agent carries its `statusCounts` against this registry. */
  registry?: ToolRegistry;
  /** Keeps agents with an assignment of this status; needs `registry`. */
  status?: AgentStatusFilter;
}

/**
 * Every agent with its number of assignments (or those matching `search` and `status`), sorted by
 * name, then id, each with its status counts when given the registry. AppError `forbidden`
 * without `agents:read`, `invalid` for a search with a NUL.
 */
export async function listAgents({ db, actor, search, registry, status }: ListAgentsOptions): Promise<AgentListItem[]> {
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
  const counts = registry && (await countAssignmentStatuses({ db, registry, agentIds: term ? rows.map((row) => row.id) : undefined }));
  const zero = { missing: 0, invalid: 0, unavailable: 0 };
  // Sorted here, not in SQL, so both engines order alike whatever their collation.
  return rows
    .map((row): AgentListItem => ({
      ...toAgent(row),
      assignmentCount: Number(row.assignment_count),
      ...(counts ? { statusCounts: counts.get(row.id) ?? zero } : {}),
    }))
    .filter((agent) => !status || (agent.statusCounts !== undefined && matchesStatusFilter(agent.statusCounts, status)))
    .sort((a, b) => compareStrings(a.name.toLowerCase(), b.name.toLowerCase()) || compareStrings(a.id, b.id));
}
