import 'server-only';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import type { CatalogueEntry, ToolRegistry } from '@/registry';
import { breakingChanges, changedParts, faceOf, fingerprintOf, type ToolFace } from './tool-fingerprint';

/** An assigned tool whose provider changed it since an editor approved it. */
export interface UpstreamChange {
  toolName: string;
  /** What the agent's model is still served. */
  approved: ToolFace;
  /** What the provider offers now. */
  current: ToolFace;
  changed: ('description' | 'parametersSchema' | 'annotations')[];
  /** Non-empty: the change breaks the agent (`invalid` until accepted). */
  problems: string[];
  approvedAt: string;
  approvedBy: string;
}

/** Records `entry` as approved for the agent, inside the caller's transaction (a new assignment, an accepted change). */
export async function approveTool(trx: Db, actor: Actor, agentId: string, entry: CatalogueEntry): Promise<void> {
  const face = faceOf(entry);
  const values = { fingerprint: fingerprintOf(face), approved: JSON.stringify(face), approved_by: actor.id, approved_at: new Date().toISOString() };
  await trx
    .insertInto('approved_tools')
    .values({ agent_id: agentId, tool_name: entry.name, ...values })
    .onConflict((conflict) => conflict.columns(['agent_id', 'tool_name']).doUpdateSet(values))
    .execute();
}

/**
 * The agent's assigned tools whose provider changed them since they were approved, by tool name.
 * A tool without an approval (assigned before approvals were recorded) or unknown now has none.
 */
export async function readUpstreamChanges(db: Db, registry: ToolRegistry, agentId: string, toolNames?: readonly string[]): Promise<Map<string, UpstreamChange>> {
  let query = db.selectFrom('approved_tools').selectAll().where('agent_id', '=', agentId);
  if (toolNames) {
    if (toolNames.length === 0) return new Map();
    query = query.where('tool_name', 'in', [...toolNames]);
  }
  const rows = await query.execute();
  const changes = new Map<string, UpstreamChange>();
  if (rows.length === 0) return changes;
  const lookup = singleToolLookup(registry);
  for (const row of rows) {
    const entry = lookup(row.tool_name);
    // A missing tool, or one whose provider is offline, has no current face to compare.
    if (!entry || !entry.available) continue;
    const current = faceOf(entry);
    if (fingerprintOf(current) === row.fingerprint) continue;
    const approved = JSON.parse(row.approved) as ToolFace;
    changes.set(row.tool_name, {
      toolName: row.tool_name,
      approved,
      current,
      changed: changedParts(approved, current),
      problems: breakingChanges(approved, current),
      approvedAt: row.approved_at,
      approvedBy: row.approved_by,
    });
  }
  return changes;
}
