import 'server-only';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { FIRST_SIGHT } from '@/lib/auth/system-actors';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { ToolRegistry } from '@/registry';
import { faceOf, fingerprintOf } from './tool-fingerprint';
import { ruleHolders, type HolderScope, type ToolHolder } from './tool-holders';

/**
 * Approves, for every agent in `scope` that has a tool (assigned or through a group rule) but
 * holds no approval of it, the tool's face as the registry offers it now: an assignment made
 * while the tool was unavailable (its server not yet connected, a config file adding both), the
 * seeded demo agent's tools, a tool a rule gives. Called wherever a face becomes known (a server
 * connects or changes its tools, the registry boots, a rule is saved) and where an agent's
 * effective tools are read, so a later change of the tool waits for a person.
 *
 * Insert-if-absent, one transaction per approval: an approval that exists is never replaced, so
 * of two instances (or calls) seeing the tool, the first face stored wins and the other changes
 * nothing. Each approval made is audited `assignment.approve-first-seen` by `FIRST_SIGHT`.
 * Answers the approvals made. A tool unknown or unavailable now gets none (there is no face).
 */
export async function approveFirstSeenFaces(db: Db, registry: ToolRegistry, scope: HolderScope = {}): Promise<ToolHolder[]> {
  const candidates = await unapprovedHolders(db, registry, scope);
  if (candidates.length === 0) return [];
  const approved: ToolHolder[] = [];
  for (const holder of candidates) {
    const entry = registry.entry(holder.toolName);
    if (!entry?.available) continue;
    const face = faceOf(entry);
    const isNew = await inTransaction(db, async (trx) => {
      const inserted = await trx
        .insertInto('approved_tools')
        .values({ agent_id: holder.agentId, tool_name: holder.toolName, fingerprint: fingerprintOf(face), approved: JSON.stringify(face), approved_by: FIRST_SIGHT.id, approved_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['agent_id', 'tool_name']).doNothing())
        .returning('tool_name')
        .executeTakeFirst();
      if (!inserted) return false;
      await recordAuditEvent(trx, { actor: FIRST_SIGHT, action: 'assignment.approve-first-seen', target: assignmentTarget(holder.agentId, holder.toolName), before: null, after: face });
      return true;
    });
    if (isNew) approved.push(holder);
  }
  return approved;
}

/** The agents in scope that have a tool but no approval of it, sorted by agent then tool. */
async function unapprovedHolders(db: Db, registry: ToolRegistry, scope: HolderScope): Promise<ToolHolder[]> {
  if (scope.toolNames?.length === 0) return [];
  let assigned = db
    .selectFrom('assignments as a')
    .leftJoin('approved_tools as t', (join) => join.onRef('t.agent_id', '=', 'a.agent_id').onRef('t.tool_name', '=', 'a.tool_name'))
    .select(['a.agent_id', 'a.tool_name'])
    .where('t.agent_id', 'is', null);
  if (scope.agentId !== undefined) assigned = assigned.where('a.agent_id', '=', scope.agentId);
  if (scope.toolNames) assigned = assigned.where('a.tool_name', 'in', [...scope.toolNames]);
  const holders = new Map<string, ToolHolder>();
  for (const row of await assigned.execute()) holders.set(`${row.agent_id}\u0000${row.tool_name}`, { agentId: row.agent_id, toolName: row.tool_name });
  const ruled = await ruleHolders(db, registry, scope);
  if (ruled.length > 0) {
    let approvals = db.selectFrom('approved_tools').select(['agent_id', 'tool_name']).where('tool_name', 'in', [...new Set(ruled.map((holder) => holder.toolName))]);
    if (scope.agentId !== undefined) approvals = approvals.where('agent_id', '=', scope.agentId);
    const held = new Set((await approvals.execute()).map((row) => `${row.agent_id}\u0000${row.tool_name}`));
    for (const holder of ruled) {
      const key = `${holder.agentId}\u0000${holder.toolName}`;
      if (!held.has(key)) holders.set(key, holder);
    }
  }
  return [...holders.values()].sort((a, b) => (a.agentId === b.agentId ? compare(a.toolName, b.toolName) : compare(a.agentId, b.agentId)));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
