import 'server-only';
import { AppError } from '@/lib/app-error';
import { reachableAgentIds, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { countAssignmentStatuses } from '@/lib/assignments/count-assignment-statuses';
import type { ToolRegistry } from '@/registry';
import { matchesStatusFilter, toAgent, type AgentListItem, type AgentStatusCounts, type AgentStatusFilter } from './agent';
import { agentMatches, agentOrder, countAssignments, countRules } from './agent-query';

/** What `listAgents` and `pageAgents` need. */
export interface ListAgentsOptions {
  db: Db;
  actor: Actor;
  /** Keeps agents whose id, name or description contains this, ignoring case. */
  search?: string;
  /** With it, each agent carries its `statusCounts` against this registry. */
  registry?: ToolRegistry;
  /** Keeps agents with an assignment of this status; needs `registry`. */
  status?: AgentStatusFilter;
  /** At most this many agents (all when left out)… */
  limit?: number;
  /** …after skipping this many. */
  offset?: number;
}

/** One page of the agents list and how many agents match in all. */
export interface AgentPage {
  agents: AgentListItem[];
  total: number;
}

/**
 * The agents (or those matching `search` and `status`) sorted by lower-cased name, then id, one
 * page of them when given `limit`, each with its number of assignments and, given the registry,
 * its status counts. Without a status filter the page is read from the database in its index's
 * order; only the page's agents have their assignments read. AppError `forbidden` without
 * `agents:read`, `invalid` for a search with a NUL. A token limited to agents sees only those.
 */
export async function pageAgents({ db, actor, search, registry, status, limit, offset = 0 }: ListAgentsOptions): Promise<AgentPage> {
  authorize(actor, 'agents:read');
  if (search !== undefined && !isStorableText(search)) {
    throw new AppError('invalid', 'The search text contains U+0000 (NUL)', {
      errors: [{ pointer: '/search', message: 'Search text must not contain U+0000 (NUL).' }],
    });
  }
  const term = search?.trim().toLowerCase();
  const [byName, byId] = agentOrder(db);
  let matching = db.selectFrom('agents');
  // A token limited to agents lists those only (an id no agent has stands for an empty set).
  const reachable = reachableAgentIds(actor);
  if (reachable) matching = matching.where('agents.id', 'in', reachable.length > 0 ? [...reachable] : ['']);
  if (term) matching = matching.where(await agentMatches(db, term));
  if (status && !registry) return { agents: [], total: 0 };

  let rows;
  let total: number;
  let statusCounts: Map<string, AgentStatusCounts> | undefined;
  if (status && registry) {
    // The status comes from the registry, not from SQL: every matching agent's is worked out.
    const ids = await matching.select('agents.id').orderBy(byName).orderBy(byId).execute();
    statusCounts = await countAssignmentStatuses({ db, registry });
    const chosen = ids.filter(({ id }) => {
      const counts = statusCounts?.get(id);
      return counts !== undefined && matchesStatusFilter(counts, status);
    });
    total = chosen.length;
    const pageIds = chosen.slice(offset, limit === undefined ? undefined : offset + limit).map(({ id }) => id);
    const byIdRow = new Map((pageIds.length === 0 ? [] : await db.selectFrom('agents').selectAll().where('id', 'in', pageIds).execute()).map((row) => [row.id, row]));
    rows = pageIds.flatMap((id) => byIdRow.get(id) ?? []);
  } else {
    let page = matching.selectAll('agents').orderBy(byName).orderBy(byId);
    if (limit !== undefined) page = page.limit(limit).offset(offset);
    rows = await page.execute();
    // A page that is not full (and not past the end) was the last one: its end is the total. Only
    // a full or empty page needs the count, a scan of every match (a narrow search, the usual
    // keystroke, is answered by the page's own read).
    if (limit === undefined) total = rows.length;
    else if (rows.length < limit && (rows.length > 0 || offset === 0)) total = offset + rows.length;
    else total = Number((await matching.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
    const pageIds = limit === undefined ? undefined : rows.map((row) => row.id);
    statusCounts = registry && (await countAssignmentStatuses({ db, registry, agentIds: pageIds }));
  }
  const countIds = limit === undefined ? undefined : rows.map((row) => row.id);
  const [assignmentCounts, ruleCounts] = await Promise.all([countAssignments(db, countIds), countRules(db, countIds)]);
  const zero = { missing: 0, invalid: 0, unavailable: 0, changed: 0 };
  const agents = rows.map(
    (row): AgentListItem => ({
      ...toAgent(row),
      assignmentCount: assignmentCounts.get(row.id) ?? 0,
      ruleCount: ruleCounts.get(row.id) ?? 0,
      ...(statusCounts ? { statusCounts: statusCounts.get(row.id) ?? zero } : {}),
    }),
  );
  return { agents, total };
}

/** Every agent (or those matching `search` and `status`): `pageAgents` without its total. */
export async function listAgents(options: ListAgentsOptions): Promise<AgentListItem[]> {
  return (await pageAgents(options)).agents;
}
