import 'server-only';
import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import { workflowTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { requireAgent } from '@/lib/runtime/require-agent';
import { validateArguments } from '@/lib/runtime/validate-arguments';
import type { ToolRegistry } from '@/registry';
import { runWorkflow, type WorkflowRun } from './run-workflow';
import { checkDefinition } from './workflow-store';
import { inputsSchema, type WorkflowDefinition } from './workflow';

/** The agent id a dry run without an agent runs as: no assignments, so every step uses its tool's defaults. */
export const DRY_RUN_AGENT = 'workflow-dry-run';

/** What `dryRunWorkflow` needs. */
export interface DryRunOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  /** Saved or not: the editor dry-runs what is on screen. */
  workflow: WorkflowDefinition;
  arguments: Record<string, unknown>;
  /** Run as this agent (its tools' settings); absent: the tools' defaults. */
  agentId?: string;
}

/**
 * Runs a workflow for real and answers each step's arguments and result (the steps' tools do
 * run). AppError `forbidden` without `agents:write` and `runtime` (editors build workflows; running tools is for admins and the runtime); `invalid` when the workflow would not be
 * saved as it is, or the arguments do not fit its inputs (pointers under `/arguments`);
 * `not_found` for an unknown agent (or one outside a token's agent set; such a token must name an agent). A failing step is not an error: the answer names it.
 */
export async function dryRunWorkflow({ db, registry, actor, workflow, arguments: args, agentId }: DryRunOptions): Promise<WorkflowRun> {
  // It runs tools, possibly with an agent's settings: as invoking does, it needs `runtime` too.
  authorize(actor, 'agents:write');
  authorize(actor, 'runtime');
  // Without an agent the tools run with their defaults, which no agent set bounds.
  if (agentId === undefined) authorizeAllAgents(actor, 'run a workflow without an agent; name one of its agents');
  await checkDefinition(db, registry, workflow);
  if (agentId !== undefined) await requireAgent(db, agentId, actor);
  const errors = validateArguments(inputsSchema(workflow.inputs), args);
  if (errors.length > 0) throw new AppError('invalid', `The arguments do not fit the inputs of workflow "${workflow.name}"`, { errors });
  const run = await runWorkflow({
    workflow,
    input: args,
    scope: { agentId: agentId ?? DRY_RUN_AGENT, sessionId: randomUUID(), userId: actor.id, purpose: 'call' },
    registry,
    db,
    isWithoutAgent: agentId === undefined,
  });
  await inTransaction(db, (trx) =>
    recordAuditEvent(trx, {
      actor,
      action: 'workflow.dry-run',
      target: workflowTarget(workflow.name),
      before: null,
      after: { agentId: agentId ?? null, ok: run.ok, steps: run.steps.map(({ id, tool }) => ({ id, tool })), ...(run.failedStep ? { failedStep: run.failedStep } : {}) },
    }),
  );
  return run;
}
