import 'server-only';
import type { Selectable } from 'kysely';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import { workflowTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { checkVersion } from '@/lib/check-version';
import type { Db, WorkflowsTable } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import type { ToolRegistry } from '@/registry';
import { refreshWorkflowCaches } from './workflow-cache';
import { validateWorkflow } from './validate-workflow';
import { toWorkflow, workflowNameOf, type Workflow, type WorkflowDefinition } from './workflow';

/** What reading workflows needs. */
export interface WorkflowReadOptions {
  db: Db;
  actor: Actor;
}

/** Every stored workflow by name; AppError `forbidden` without `catalogue:read`. */
export async function listWorkflows({ db, actor }: WorkflowReadOptions): Promise<Workflow[]> {
  authorize(actor, 'catalogue:read');
  const rows = await db.selectFrom('workflows').selectAll().orderBy('name').execute();
  return rows.map(toWorkflow);
}

/** One workflow; AppError `not_found` naming it. */
export async function getWorkflow({ db, actor, name }: WorkflowReadOptions & { name: string }): Promise<Workflow> {
  authorize(actor, 'catalogue:read');
  const row = await findRow(db, name);
  if (!row) throw new AppError('not_found', `Workflow "${name}" was not found`);
  return toWorkflow(row);
}

/** What writing a workflow needs. */
export interface WorkflowWriteOptions {
  db: Db;
  actor: Actor;
  registry: ToolRegistry;
}

/**
 * Stores a new workflow at version 1 and puts its tool in the catalogue at once. AppError
 * `forbidden` without `agents:write`; `invalid` with pointers for anything `validateWorkflow`
 * finds (unknown tools, arguments that do not fit, unknown template names, self-calls);
 * `conflict` when the name is taken.
 */
export async function createWorkflow({ db, actor, registry, definition }: WorkflowWriteOptions & { definition: WorkflowDefinition }): Promise<Workflow> {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'change workflows (a workflow is a tool of any agent given it)');
  const workflow = await inTransaction(db, async (trx) => {
    await checkDefinition(trx, registry, definition);
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('workflows')
      .values({ name: definition.name, description: definition.description, definition: definitionJson(definition), version: 1, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('conflict', `A workflow named "${definition.name}" already exists`);
    const created = toWorkflow(row);
    await recordAuditEvent(trx, { actor, action: 'workflow.create', target: workflowTarget(created.name), before: null, after: created });
    return created;
  });
  await announce();
  return workflow;
}

/**
 * Replaces a workflow's description, inputs, steps and output, raising its version; its tool
 * keeps its name, so its assignments stay. AppError as for create, plus `not_found`,
 * `precondition_required` and `precondition_failed` (with the current workflow). With
 * `restoredFrom` (a restore of that version of its history) the change is audited as
 * `workflow.restore`, and a step whose tool has vanished since is kept, as a restored agent
 * keeps a vanished tool: its call fails at run time until the tool is back.
 */
export async function updateWorkflow({
  db,
  actor,
  registry,
  name,
  definition,
  expectedVersion,
  restoredFrom,
}: WorkflowWriteOptions & { name: string; definition: WorkflowDefinition; expectedVersion?: number; restoredFrom?: number }): Promise<Workflow> {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'change workflows (a workflow is a tool of any agent given it)');
  if (definition.name !== name) {
    throw new AppError('invalid', 'A workflow cannot be renamed: its tool name is what agents are assigned', {
      errors: [{ pointer: '/name', message: `The name must stay "${name}"` }],
    });
  }
  const outcome = await inTransaction(db, async (trx) => {
    const current = await lockRow(trx, name);
    checkVersion(`Workflow "${name}"`, Number(current.version), expectedVersion, () => toWorkflow(current));
    await checkDefinition(trx, registry, definition, { keepMissingTools: restoredFrom !== undefined });
    const before = toWorkflow(current);
    const json = definitionJson(definition);
    if (json === current.definition && definition.description === current.description) return { workflow: before, changed: false };
    const row = await trx
      .updateTable('workflows')
      .set({ description: definition.description, definition: json, version: Number(current.version) + 1, updated_at: new Date().toISOString() })
      .where('name', '=', name)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = toWorkflow(row);
    const audited = restoredFrom === undefined ? { action: 'workflow.update' as const, after } : { action: 'workflow.restore' as const, after: { ...after, restoredFrom } };
    await recordAuditEvent(trx, { actor, target: workflowTarget(name), before, ...audited });
    return { workflow: after, changed: true };
  });
  if (outcome.changed) await announce();
  return outcome.workflow;
}

/**
 * Deletes a workflow: its tool leaves the catalogue, and agents' assignments of it stay, shown
 * `missing`. AppError `not_found`, `precondition_required`, `precondition_failed`.
 */
export async function deleteWorkflow({ db, actor, name, expectedVersion }: WorkflowReadOptions & { name: string; expectedVersion?: number }): Promise<void> {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'change workflows (a workflow is a tool of any agent given it)');
  await inTransaction(db, async (trx) => {
    const current = await lockRow(trx, name);
    checkVersion(`Workflow "${name}"`, Number(current.version), expectedVersion, () => toWorkflow(current));
    await trx.deleteFrom('workflows').where('name', '=', name).execute();
    await recordAuditEvent(trx, { actor, action: 'workflow.delete', target: workflowTarget(name), before: toWorkflow(current), after: null });
  });
  await announce();
}

/**
 * Refuses a definition `validateWorkflow` finds fault with, against the registry and the stored
 * workflows. `keepMissingTools` (a restore) lets a step name a tool the registry lacks, with any arguments.
 */
export async function checkDefinition(db: Db, registry: ToolRegistry, definition: WorkflowDefinition, { keepMissingTools = false }: { keepMissingTools?: boolean } = {}): Promise<void> {
  const stored = new Map((await db.selectFrom('workflows').selectAll().execute()).map((row) => [row.name, toWorkflow(row)]));
  const errors = validateWorkflow(definition, {
    entry: (toolName) => {
      const entry = registry.entry(toolName);
      // A workflow saved a moment ago on another instance is in the database before it is in this cache.
      if (!entry && (keepMissingTools || (workflowNameOf(toolName) !== undefined && stored.has(workflowNameOf(toolName) ?? '')))) {
        return { name: toolName, group: 'workflow', description: '', parametersSchema: {}, overridesSchema: {}, available: true, kind: 'provider', source: 'builtin', streamsResultToUser: false };
      }
      return entry;
    },
    stepsOf: (name) => stored.get(name)?.steps,
  });
  if (errors.length > 0) throw new AppError('invalid', `Workflow "${definition.name}" cannot be saved as it is`, { errors });
}

/** How a definition is stored in the `definition` column (what `toWorkflow` reads back). */
export function definitionJson(definition: WorkflowDefinition): string {
  return JSON.stringify({ inputs: definition.inputs, steps: definition.steps, output: definition.output });
}

async function findRow(db: Db, name: string): Promise<Selectable<WorkflowsTable> | undefined> {
  if (!isStorableText(name)) return undefined;
  return db.selectFrom('workflows').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Reads a workflow and locks its row until the transaction ends (an UPDATE that changes nothing, as `lockAgent`). */
async function lockRow(trx: Db, name: string): Promise<Selectable<WorkflowsTable>> {
  const row = isStorableText(name)
    ? await trx
        .updateTable('workflows')
        .set((eb) => ({ version: eb.ref('version') }))
        .where('name', '=', name)
        .returningAll()
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('not_found', `Workflow "${name}" was not found`);
  return row;
}

/** The catalogue changed: this process's cache first (so the answer already shows it), then everyone. */
async function announce(): Promise<void> {
  await refreshWorkflowCaches();
  await publishChange({ kind: 'catalogue' });
}
