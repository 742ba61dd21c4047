import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';
import { toAssignment } from './assignment';
import { viewAssignment } from './assignment-view';
import { toolLookup } from './tool-lookup';

/** How many of an agent's assignments need an admin's eye, by status. */
export interface AssignmentStatusCounts {
  missing: number;
  invalid: number;
  unavailable: number;
}

/** What `countAssignmentStatuses` needs. */
export interface CountAssignmentStatusesOptions {
  db: Db;
  registry: ToolRegistry;
  /** The agents to count for; every agent when left out. */
  agentIds?: readonly string[];
}

/**
 * Each agent's assignments counted by status (missing, invalid, unavailable), from one query
 * and one reading of the registry for all agents. Agents without such assignments get zeros
 * (or are absent from the map when they have no assignments at all). Throws nothing of its own.
 */
export async function countAssignmentStatuses({ db, registry, agentIds }: CountAssignmentStatusesOptions): Promise<Map<string, AssignmentStatusCounts>> {
  const counts = new Map<string, AssignmentStatusCounts>();
  if (agentIds?.length === 0) return counts;
  let query = db.selectFrom('assignments').selectAll();
  if (agentIds) query = query.where('agent_id', 'in', [...agentIds]);
  const rows = await query.execute();
  const lookup = toolLookup(registry);
  for (const row of rows) {
    const { status } = viewAssignment(toAssignment(row), lookup);
    const agentCounts = counts.get(row.agent_id) ?? { missing: 0, invalid: 0, unavailable: 0 };
    if (status !== 'ok') agentCounts[status] += 1;
    counts.set(row.agent_id, agentCounts);
  }
  return counts;
}
