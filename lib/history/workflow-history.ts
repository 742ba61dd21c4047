import 'server-only';
import { AppError } from '@/lib/app-error';
import { workflowTarget } from '@/lib/audit/audit-event';
import { isStorableText } from '@/lib/db/storable-text';
import { isPlainObject } from '@/lib/json-pointer';
import { redactArguments } from '@/lib/runtime/redact-arguments';
import type { WorkflowDefinition, WorkflowInput, WorkflowStep } from '@/lib/workflows/workflow';
import { getWorkflow, updateWorkflow } from '@/lib/workflows/workflow-store';
import { undoWholeObject } from './read-history';
import { auditedWholeObject, type WholeObjectKind } from './object-history';

/** What of a workflow version no longer exists: tools its steps call that the catalogue lacks now. */
export type WorkflowMissing = {
  tools: string[];
};

/** A workflow definition as the audit stored it (its `before`: the workflow with version and times), or undefined. */
export function toWorkflowSnapshot(value: unknown): WorkflowDefinition | undefined {
  if (!isPlainObject(value) || typeof value.name !== 'string' || typeof value.description !== 'string' || !Array.isArray(value.steps)) return undefined;
  return {
    name: value.name,
    description: value.description,
    inputs: Array.isArray(value.inputs) ? (value.inputs as WorkflowInput[]) : [],
    steps: value.steps as WorkflowStep[],
    output: typeof value.output === 'string' ? value.output : '',
  };
}

/** A workflow's history: its `workflow.*` changes under `workflows/<name>`. */
export const workflowHistoryKind: WholeObjectKind<'workflow', WorkflowDefinition, WorkflowMissing> = {
  noun: 'Workflow',
  field: 'workflow',
  ...auditedWholeObject('workflow', workflowTarget),
  current: async (db, name) => {
    const row = isStorableText(name) ? await db.selectFrom('workflows').selectAll().where('name', '=', name).executeTakeFirst() : undefined;
    if (!row) throw new AppError('not_found', `Workflow "${name}" was not found`);
    return toWorkflowSnapshot({ name: row.name, description: row.description, ...(JSON.parse(row.definition) as object) })!;
  },
  undo: undoWholeObject(toWorkflowSnapshot),
  storedVersion: async (db, actor, name) => (await getWorkflow({ db, actor, name })).version,
  // A step argument its tool marks secret (`format: password`, `writeOnly`) reads `[redacted]`, as in the tool's call log.
  shown: (snapshot, registry) => ({
    ...snapshot,
    steps: snapshot.steps.map((step) => ({ ...step, arguments: redactArguments(registry.entry(step.tool)?.parametersSchema, step.arguments) as Record<string, unknown> })),
  }),
  missing: async (_db, snapshot, registry) => ({ tools: [...new Set(snapshot.steps.map((step) => step.tool).filter((tool) => registry.entry(tool) === undefined))] }),
  save: async ({ db, actor, registry, key, snapshot, expectedVersion, restoredFrom }) => {
    await updateWorkflow({ db, actor, registry, name: key, definition: snapshot, expectedVersion, restoredFrom });
  },
};
