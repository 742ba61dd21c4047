import 'server-only';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import type { CatalogueEntry, ToolAnnotations, ToolRegistry } from '@/registry';
import { breakingChanges, changedParts, describeChanges, faceOf, fingerprintOf, type ToolFace } from './tool-fingerprint';

/** An assigned tool whose provider changed it since an editor approved it. */
export interface UpstreamChange {
  toolName: string;
  /** What the agent's model is still served. */
  approved: ToolFace;
  /** What the provider offers now. */
  current: ToolFace;
  changed: ('description' | 'parametersSchema' | 'annotations')[];
  /** What changed, in words, one line each (`destructiveHint: false → true`). */
  summary: string[];
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

/** How a new assignment's approved face is set (an assignment that already exists keeps its approval). */
export interface NewApproval {
  /** The tool as the registry offers it now, approved by the actor, as a new assignment through the API approves it. None is recorded when it is unknown or unavailable. */
  entry: CatalogueEntry | undefined;
  /** An agent whose approval of the tool is copied instead (a clone keeps its source's): then `entry` is not approved, so the copy serves exactly what the source serves. */
  copyFrom?: string;
}

/**
 * Records the approved face of a tool just assigned to the agent, inside the caller's
 * transaction: `approval.entry` as it is now (replacing an approval left from an earlier
 * assignment of the tool: the editor assigns what the catalogue shows now), or the approval
 * `approval.copyFrom` holds, with its approver and time (none when that agent has none).
 */
export async function approveNewAssignment(trx: Db, actor: Actor, agentId: string, toolName: string, approval: NewApproval): Promise<void> {
  if (approval.copyFrom !== undefined) {
    const source = await trx.selectFrom('approved_tools').selectAll().where('agent_id', '=', approval.copyFrom).where('tool_name', '=', toolName).executeTakeFirst();
    if (!source) return;
    const values = { fingerprint: source.fingerprint, approved: source.approved, approved_by: source.approved_by, approved_at: source.approved_at };
    await trx
      .insertInto('approved_tools')
      .values({ agent_id: agentId, tool_name: toolName, ...values })
      .onConflict((conflict) => conflict.columns(['agent_id', 'tool_name']).doUpdateSet(values))
      .execute();
    return;
  }
  if (approval.entry?.available) await approveTool(trx, actor, agentId, approval.entry);
}

/**
 * Records the approved face of a tool a restore brings back: the approval the agent still holds
 * of it (approvals outlive the assignment: the face an editor last approved for this agent) is
 * kept; only when it holds none is `entry` as it is now approved, as a new assignment would be.
 */
export async function approveRestoredTool(trx: Db, actor: Actor, agentId: string, entry: CatalogueEntry | undefined): Promise<void> {
  if (!entry?.available) return;
  const face = faceOf(entry);
  await trx
    .insertInto('approved_tools')
    .values({ agent_id: agentId, tool_name: entry.name, fingerprint: fingerprintOf(face), approved: JSON.stringify(face), approved_by: actor.id, approved_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['agent_id', 'tool_name']).doNothing())
    .execute();
}

/** The annotations of every tool the agent has an approval of (null: the approved face had none), by tool name. */
export async function readApprovedAnnotations(db: Db, agentId: string): Promise<Map<string, ToolAnnotations | null>> {
  const rows = await db.selectFrom('approved_tools').select(['tool_name', 'approved']).where('agent_id', '=', agentId).execute();
  return new Map(rows.map((row) => [row.tool_name, (JSON.parse(row.approved) as ToolFace).annotations as ToolAnnotations | null]));
}

/**
 * The agent's tools whose provider changed them since they were approved, by tool name.
 * A tool without an approval yet (see first-seen-faces.ts) or unknown now has none.
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
      summary: describeChanges(approved, current),
      problems: breakingChanges(approved, current),
      approvedAt: row.approved_at,
      approvedBy: row.approved_by,
    });
  }
  return changes;
}
