import 'server-only';
import type { Selectable } from 'kysely';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { AssignmentsTable, Db } from '@/lib/db/schema';
import { toAssignment, type Assignment } from './assignment';

/** What `saveAssignment` needs: checks are the caller's, inside the same transaction. */
export interface SaveAssignmentOptions {
  actor: Actor;
  agentId: string;
  toolName: string;
  overrides: Record<string, unknown>;
  /** The stored row the caller read and checked, or undefined to create one. */
  existing: Selectable<AssignmentsTable> | undefined;
}

/** Inserts the assignment at version 1 or raises the existing one's version, and audits it. */
export async function saveAssignment(
  trx: Db,
  { actor, agentId, toolName, overrides, existing }: SaveAssignmentOptions,
): Promise<Assignment> {
  authorize(actor, 'agents:write');
  const now = new Date().toISOString();
  const json = JSON.stringify(overrides);
  const row = existing
    ? await trx
        .updateTable('assignments')
        .set({ overrides: json, version: existing.version + 1, updated_at: now })
        .where('agent_id', '=', agentId)
        .where('tool_name', '=', toolName)
        .where('version', '=', existing.version)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('assignments')
        .values({ agent_id: agentId, tool_name: toolName, overrides: json, version: 1, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
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
