import 'server-only';
import type { AssignmentView } from '@/lib/assignments/assignment';
import { toAssignment } from '@/lib/assignments/assignment';
import { viewAssignment } from '@/lib/assignments/assignment-view';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import { agentOrder } from '@/lib/agents/agent-query';
import { reachableAgentIds, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';

/** One agent that has the tool, with its assignment (settings, version, status). */
export interface ToolUser {
  agentId: string;
  agentName: string;
  assignment: AssignmentView;
}

/** What `listToolUsers` needs. */
export interface ListToolUsersOptions {
  db: Db;
  actor: Actor;
  registry: ToolRegistry;
  toolName: string;
  limit: number;
  offset?: number;
}

/**
 * The agents a tool is assigned to, by agent name, one page of them, with how many there are
 * in all (a token limited to agents: among those). AppError `forbidden` without `agents:read`. A tool no agent has answers none.
 */
export async function listToolUsers({ db, actor, registry, toolName, limit, offset = 0 }: ListToolUsersOptions): Promise<{ agents: ToolUser[]; total: number }> {
  authorize(actor, 'agents:read');
  const [byName, byId] = agentOrder(db);
  let users = db.selectFrom('assignments').innerJoin('agents', 'agents.id', 'assignments.agent_id').where('assignments.tool_name', '=', toolName);
  // A token limited to agents sees those only (an id no agent has stands for an empty set).
  const reachable = reachableAgentIds(actor);
  if (reachable) users = users.where('agents.id', 'in', reachable.length > 0 ? [...reachable] : ['']);
  const [rows, count] = await Promise.all([
    users.selectAll('assignments').select('agents.name as agent_name').orderBy(byName).orderBy(byId).limit(limit).offset(offset).execute(),
    users.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  const lookup = toolLookup(registry);
  return {
    total: Number(count.count),
    agents: rows.map((row) => ({ agentId: row.agent_id, agentName: row.agent_name, assignment: viewAssignment(toAssignment(row), lookup) })),
  };
}
