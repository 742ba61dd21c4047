import 'server-only';
import { AppError, type FieldError } from '@/lib/app-error';
import { MAX_OVERRIDES_BYTES, toAssignment } from '@/lib/assignments/assignment';
import { saveAssignment } from '@/lib/assignments/save-assignment';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import { assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { mayReachAgent, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import type { ToolRegistry } from '@/registry';

/** The most agents one bulk change takes. */
export const MAX_BULK_AGENTS = 5000;

/** What to do to each chosen agent's assignment of the tool. */
export type BulkOperation =
  /** Assign the tool with these settings (replacing the settings of an agent that has it). */
  | { kind: 'add'; overrides: Record<string, unknown> }
  /** Take the tool away. */
  | { kind: 'remove' }
  /** Change these settings (`set`) and drop those (`unset`) on agents that have the tool, keeping the rest. */
  | { kind: 'set'; set: Record<string, unknown>; unset?: string[] };

/** What a bulk change does (or, previewed, would do) to one agent. */
export interface BulkResult {
  agentId: string;
  action: 'create' | 'update' | 'delete' | 'unchanged';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** What `bulkAssign` needs. */
export interface BulkAssignOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  toolName: string;
  agentIds: readonly string[];
  operation: BulkOperation;
  /** Work out and check every agent's change, and write nothing. */
  isPreview?: boolean;
}

/**
 * Adds a tool to many agents, removes it from them, or changes some of its settings on all of
 * them: one transaction (all or nothing), one audit event per agent changed. Checked before
 * anything is written: `forbidden`; `unprocessable` for an unknown tool (removing a missing
 * one is allowed); `invalid` listing every agent that does not exist, lacks the tool (remove,
 * set) or whose resulting settings do not fit the tool (pointers `/agentIds/<i>`).
 */
export async function bulkAssign({ db, registry, actor, toolName, agentIds, operation, isPreview = false }: BulkAssignOptions): Promise<BulkResult[]> {
  authorize(actor, 'agents:write');
  const ids = [...new Set(agentIds)];
  const lookup = toolLookup(registry);
  const entry = lookup(toolName);
  if (!entry && operation.kind !== 'remove') throw new AppError('unprocessable', `No tool named "${toolName}" is known`);
  const results = await inTransaction(db, async (trx) => {
    // One statement locks every chosen agent (as lockAgent does one), one reads their assignments.
    // An agent outside a token's agent set is, to it, one that does not exist.
    const reachable = ids.filter((id) => mayReachAgent(actor, id));
    const agents = new Set(
      reachable.length === 0 ? [] : (await trx.updateTable('agents').set((eb) => ({ version: eb.ref('version') })).where('id', 'in', reachable).returning('id').execute()).map((row) => row.id),
    );
    const rows = ids.length === 0 ? [] : await trx.selectFrom('assignments').selectAll().where('tool_name', '=', toolName).where('agent_id', 'in', ids).execute();
    const existing = new Map(rows.map((row) => [row.agent_id, row]));
    const errors: FieldError[] = [];
    const planned = ids.map((agentId, index): BulkResult => {
      const pointer = `/agentIds/${index}`;
      const row = existing.get(agentId);
      const before = row ? toAssignment(row).overrides : null;
      if (!agents.has(agentId)) {
        errors.push({ pointer, message: `Agent "${agentId}" does not exist` });
        return { agentId, action: 'unchanged', before, after: before };
      }
      if (operation.kind === 'remove') {
        if (!row) errors.push({ pointer, message: `Agent "${agentId}" does not have ${toolName}` });
        return { agentId, action: 'delete', before, after: null };
      }
      if (operation.kind === 'set' && !before) {
        errors.push({ pointer, message: `Agent "${agentId}" does not have ${toolName}; add it first` });
        return { agentId, action: 'unchanged', before, after: before };
      }
      const after = operation.kind === 'add' ? operation.overrides : changedSettings(before ?? {}, operation.set, operation.unset ?? []);
      for (const error of settingsErrors(after, entry, lookup)) errors.push({ pointer, message: `Agent "${agentId}": ${error.message}` });
      const action = !before ? 'create' : JSON.stringify(before) === JSON.stringify(after) ? 'unchanged' : 'update';
      return { agentId, action, before, after };
    });
    if (errors.length > 0) {
      throw new AppError('invalid', `${errors.length === 1 ? '1 agent' : `${errors.length} agents`} cannot take this change; nothing was changed`, { errors });
    }
    if (isPreview) return planned;
    for (const result of planned) {
      const row = existing.get(result.agentId);
      if (result.action === 'unchanged') continue;
      if (result.action === 'delete' && row) {
        await trx.deleteFrom('assignments').where('agent_id', '=', result.agentId).where('tool_name', '=', toolName).execute();
        await recordAuditEvent(trx, { actor, action: 'assignment.delete', target: assignmentTarget(result.agentId, toolName), before: toAssignment(row), after: null });
      } else if (result.after) {
        // As a single assignment: a new one approves the tool as it is now; one that exists keeps its approval.
        await saveAssignment(trx, { actor, agentId: result.agentId, toolName, overrides: result.after, existing: row, approval: { entry } });
      }
    }
    return planned;
  });
  if (!isPreview) {
    for (const result of results) if (result.action !== 'unchanged') await publishChange({ kind: 'agent-tools', agentId: result.agentId });
  }
  return results;
}

function changedSettings(before: Record<string, unknown>, set: Record<string, unknown>, unset: readonly string[]): Record<string, unknown> {
  const after: Record<string, unknown> = { ...before, ...set };
  for (const key of unset) delete after[key];
  return after;
}

function settingsErrors(overrides: Record<string, unknown>, entry: ReturnType<ReturnType<typeof toolLookup>>, lookup: ReturnType<typeof toolLookup>): FieldError[] {
  const size = Buffer.byteLength(JSON.stringify(overrides), 'utf8');
  if (size > MAX_OVERRIDES_BYTES) return [{ pointer: '/overrides', message: `Overrides must be at most ${MAX_OVERRIDES_BYTES / 1024} KiB as JSON; these are ${size} bytes` }];
  return entry ? lookup.overridesErrors(entry, overrides) : [];
}
