import 'server-only';
import { getAgent } from '@/lib/agents/get-agent';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';
import { toAssignment, type AssignmentView } from './assignment';
import { compareViews, viewAssignment } from './assignment-view';
import { toolLookup } from './tool-lookup';
import { readUpstreamChanges } from '@/lib/drift/tool-approvals';

/** What `listAssignments` needs. */
export interface ListAssignmentsOptions {
  db: Db;
  actor: Actor;
  registry: ToolRegistry;
  agentId: string;
}

/**
 * Every assignment of the agent with its status, sorted by group then tool name, missing
 * tools last. AppError `forbidden` without `agents:read`, `not_found` naming the agent when there is none.
 */
export async function listAssignments({ db, actor, registry, agentId }: ListAssignmentsOptions): Promise<AssignmentView[]> {
  await getAgent({ db, actor, id: agentId });
  const rows = await db.selectFrom('assignments').selectAll().where('agent_id', '=', agentId).execute();
  const lookup = toolLookup(registry);
  const upstream = await readUpstreamChanges(db, registry, agentId, rows.map((row) => row.tool_name));
  return rows
    .map((row) => {
      const view = viewAssignment(toAssignment(row), lookup);
      const change = upstream.get(row.tool_name);
      return change ? { ...view, upstreamChange: { approved: change.approved, current: change.current, changed: change.changed, summary: change.summary, problems: change.problems } } : view;
    })
    .sort(compareViews);
}
