import 'server-only';
import type { Db } from '@/lib/db/schema';
import { faceOf, fingerprintOf } from '@/lib/drift/tool-fingerprint';
import { ruleHolders } from '@/lib/drift/tool-holders';
import type { ToolRegistry } from '@/registry';
import { toAssignment } from './assignment';
import { viewAssignment } from './assignment-view';
import { toolLookup } from './tool-lookup';

/** How many of an agent's assignments need an admin's eye, by status. */
export interface AssignmentStatusCounts {
  missing: number;
  invalid: number;
  unavailable: number;
  /** Tools it has (assigned or by a group rule) whose provider changed them since they were approved (pending upstream changes). */
  changed: number;
}

/** What `countAssignmentStatuses` needs. */
export interface CountAssignmentStatusesOptions {
  db: Db;
  registry: ToolRegistry;
  /** The agents to count for; every agent when left out. */
  agentIds?: readonly string[];
}

/**
 * Each agent's assignments counted by status (missing, invalid, unavailable), and its tools
 * (assigned or given by a group rule) with a pending upstream change (the provider's tool differs
 * from the approved one), from three queries and one reading of the registry for all agents.
 * Agents without such tools get zeros (or are absent from the map when they have no assignments
 * and no rules). Throws nothing of its own.
 */
export async function countAssignmentStatuses({ db, registry, agentIds }: CountAssignmentStatusesOptions): Promise<Map<string, AssignmentStatusCounts>> {
  const counts = new Map<string, AssignmentStatusCounts>();
  if (agentIds?.length === 0) return counts;
  let query = db.selectFrom('assignments').selectAll();
  let approvedQuery = db.selectFrom('approved_tools').select(['agent_id', 'tool_name', 'fingerprint']);
  if (agentIds) {
    query = query.where('agent_id', 'in', [...agentIds]);
    approvedQuery = approvedQuery.where('agent_id', 'in', [...agentIds]);
  }
  const [rows, approvedRows] = await Promise.all([query.execute(), approvedQuery.execute()]);
  const lookup = toolLookup(registry);
  const assigned = new Set<string>();
  for (const row of rows) {
    const { status } = viewAssignment(toAssignment(row), lookup);
    const agentCounts = counts.get(row.agent_id) ?? { missing: 0, invalid: 0, unavailable: 0, changed: 0 };
    if (status !== 'ok') agentCounts[status] += 1;
    counts.set(row.agent_id, agentCounts);
    assigned.add(`${row.agent_id}\u0000${row.tool_name}`);
  }
  // A tool a rule gives waits for acceptance as an assigned one does (lib/drift).
  for (const holder of await ruleHolders(db, registry, agentIds ? { agentIds } : {})) {
    if (!counts.has(holder.agentId)) counts.set(holder.agentId, { missing: 0, invalid: 0, unavailable: 0, changed: 0 });
    assigned.add(`${holder.agentId}\u0000${holder.toolName}`);
  }
  // As readUpstreamChanges decides it: a tool offered now whose face differs from the approved one.
  const fingerprints = new Map<string, string | null>();
  const currentFingerprint = (toolName: string): string | null => {
    let fingerprint = fingerprints.get(toolName);
    if (fingerprint === undefined) {
      const entry = registry.entry(toolName);
      fingerprint = entry?.available ? fingerprintOf(faceOf(entry)) : null;
      fingerprints.set(toolName, fingerprint);
    }
    return fingerprint;
  };
  for (const row of approvedRows) {
    const agentCounts = counts.get(row.agent_id);
    if (!agentCounts || !assigned.has(`${row.agent_id}\u0000${row.tool_name}`)) continue;
    const current = currentFingerprint(row.tool_name);
    if (current !== null && current !== row.fingerprint) agentCounts.changed += 1;
  }
  return counts;
}
