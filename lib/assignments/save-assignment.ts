import 'server-only';
import type { Selectable } from 'kysely';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { compiledOnce } from '@/lib/db/compiled-once';
import type { AssignmentsTable, Db } from '@/lib/db/schema';
import { approveNewAssignment, type NewApproval } from '@/lib/drift/tool-approvals';
import { toAssignment, type Assignment } from './assignment';

/** What `saveAssignment` needs: checks are the caller's, inside the same transaction. */
export interface SaveAssignmentOptions {
  actor: Actor;
  agentId: string;
  toolName: string;
  overrides: Record<string, unknown>;
  /** The stored row the caller read and checked, or undefined to create one. */
  existing: Selectable<AssignmentsTable> | undefined;
  /**
   * A new assignment's approved face (lib/drift): what the agent's model is served of the tool
   * until an editor accepts a change of it. Every path that creates an assignment says which;
   * an assignment that exists keeps its approval whatever this says.
   */
  approval: NewApproval;
}

/** Inserts the assignment at version 1 (recording its approved face) or raises the existing one's version, and audits it. */
export async function saveAssignment(
  trx: Db,
  { actor, agentId, toolName, overrides, existing, approval }: SaveAssignmentOptions,
): Promise<Assignment> {
  authorize(actor, 'agents:write');
  const now = new Date().toISOString();
  const json = JSON.stringify(overrides);
  const row = existing
    ? firstOf(await updateRow(trx, json, existing.version + 1, now, agentId, toolName, existing.version))
    : await trx
        .insertInto('assignments')
        .values({ agent_id: agentId, tool_name: toolName, overrides: json, version: 1, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
  if (!existing) await approveNewAssignment(trx, actor, agentId, toolName, approval);
  const saved = toAssignment(row);
  await recordAuditEvent(trx, {
    actor,
    action: 'assignment.put',
    target: assignmentTarget(agentId, toolName),
    before: existing ? toAssignment(existing) : null,
    after: saved,
  });
  return saved;
}

/** The UPDATE of a save, compiled once: it is the admin's most frequent write. */
const updateRow = compiledOnce<[string, number, string, string, string, number], Selectable<AssignmentsTable>>(6, (trx, overrides, version, updatedAt, agentId, toolName, expected) =>
  trx
    .updateTable('assignments')
    .set({ overrides, version, updated_at: updatedAt })
    .where('agent_id', '=', agentId)
    .where('tool_name', '=', toolName)
    .where('version', '=', expected)
    .returningAll(),
);

/**
 * The one row a save's UPDATE returns. None would mean the row changed under the lock the
 * caller holds: a bug, failed as `executeTakeFirstOrThrow` failed it, not a conflict to report.
 */
function firstOf(rows: Selectable<AssignmentsTable>[]): Selectable<AssignmentsTable> {
  const row = rows[0];
  if (!row) throw new Error('The assignment\'s UPDATE changed no row, though the caller read and locked it');
  return row;
}
