import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { AppError, type FieldError } from '@/lib/app-error';
import { checkVersion } from '@/lib/check-version';
import { lockAgent } from '@/lib/agents/lock-agent';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { CatalogueEntry, ToolRegistry } from '@/registry';
import { MAX_OVERRIDES_BYTES, toAssignment, type AssignmentView } from './assignment';
import { viewAssignment } from './assignment-view';
import { findAssignmentRow } from './find-assignment-row';
import { saveAssignment } from './save-assignment';
import { singleToolLookup, type ToolLookup } from './tool-lookup';
import { publishChange } from '@/lib/events';

/** What `putAssignment` needs. */
export interface PutAssignmentOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  agentId: string;
  toolName: string;
  overrides: Record<string, unknown>;
  /** Required to change an existing assignment; must be absent to create one. */
  expectedVersion?: number;
}

/**
 * Creates or replaces an agent's assignment of a tool, checked in this order: the actor may write agents (`forbidden`); the agent
 * exists (`not_found`); the tool is known, or already assigned and still stored though missing
 * (`unprocessable`); the overrides are at most {@link MAX_OVERRIDES_BYTES} as JSON, pass
 * the tool's schema and then the plugin's own `checkOverrides` (e.g. `baseDir` inside
 * `FS_ALLOWED_ROOTS`) (`invalid`, pointers under `/overrides`); then the version
 * (`precondition_required` / `precondition_failed` with the current view, or with none when
 * `expectedVersion` names an assignment that does not exist).
 */
export async function putAssignment(options: PutAssignmentOptions): Promise<{ assignment: AssignmentView; created: boolean }> {
  const { db, registry, actor, agentId, toolName, overrides, expectedVersion } = options;
  authorize(actor, 'agents:write');
  const lookup = singleToolLookup(registry);
  const outcome = await inTransaction(db, async (trx) => {
    await lockAgent(trx, agentId);
    const existing = await findAssignmentRow(trx, agentId, toolName);
    const entry = lookup(toolName);
    if (!entry && !existing) {
      throw new AppError('unprocessable', `No tool named "${toolName}" is known, so it cannot be assigned to agent "${agentId}"`);
    }
    const errors = overridesErrors(overrides, entry, lookup);
    if (errors.length > 0) {
      throw new AppError('invalid', `The overrides for "${toolName}" do not fit the tool's settings`, { errors });
    }
    const subject = `The assignment of "${toolName}" to agent "${agentId}"`;
    if (existing) {
      checkVersion(subject, existing.version, expectedVersion, () => viewAssignment(toAssignment(existing), lookup));
    } else if (expectedVersion !== undefined) {
      throw new AppError('precondition_failed', `${subject} does not exist (any more), so version ${expectedVersion} cannot be current`);
    }
    // Assigning a tool approves it as it is now: the agent's model is served this face until an editor accepts a newer one.
    const saved = await saveAssignment(trx, { actor, agentId, toolName, overrides, existing, approval: { entry } });
    // The view's status is that of the overrides just checked, against the entry just found: they
    // are not looked up and checked a second time, unless storing them as JSON changed them.
    const checked = isUnchangedByJson(overrides) ? { entry, errors } : undefined;
    return { assignment: viewAssignment(saved, lookup, checked), created: !existing };
  });
  await publishChange({ kind: 'agent-tools', agentId });
  return outcome;
}

function overridesErrors(overrides: unknown, entry: CatalogueEntry | undefined, lookup: ToolLookup): FieldError[] {
  if (!isPlainObject(overrides)) return [{ pointer: '/overrides', message: 'Overrides must be an object' }];
  // Checked before the schema, so an oversized value is not walked by the validator either.
  const size = Buffer.byteLength(JSON.stringify(overrides), 'utf8');
  if (size > MAX_OVERRIDES_BYTES) {
    const message = `Overrides must be at most ${MAX_OVERRIDES_BYTES / 1024} KiB as JSON; these are ${size} bytes`;
    return [{ pointer: '/overrides', message }];
  }
  // A missing tool has no schema left to check against; its stored overrides stay as they are.
  return entry ? lookup.overridesErrors(entry, overrides) : [];
}

/**
 * Whether JSON text holds `value` exactly, so the stored overrides are the ones checked. A body
 * can carry what JSON text cannot give back: a number too large (`1e400`, parsed as Infinity,
 * stored as null) and -0 (stored as 0).
 */
function isUnchangedByJson(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isUnchangedByJson);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(isUnchangedByJson);
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
