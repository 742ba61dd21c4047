import 'server-only';
import { callPolicyOf } from '@/lib/policy/layer-tool';
import { annotationsFor, cachedPolicySnapshot } from '@/lib/policy/policy-snapshot';
import { AsyncLocalStorage } from 'node:async_hooks';
import { toAssignment } from '@/lib/assignments/assignment';
import { findAssignmentRow } from '@/lib/assignments/find-assignment-row';
import { singleToolLookup } from '@/lib/assignments/tool-lookup';
import type { Db } from '@/lib/db/schema';
import { initialOverrides } from '@/lib/overrides/initial-overrides';
import { validateArguments } from '@/lib/runtime/validate-arguments';
import type { ToolCallScope, ToolRegistry } from '@/registry';
import { fillOutput, fillTemplates } from './templates';
import { MAX_WORKFLOW_DEPTH, type WorkflowDefinition } from './workflow';
import type { StepTrace, WorkflowRun } from './run-workflow-types';

export type { StepSettings, StepTrace, WorkflowRun } from './run-workflow-types';

/** What running a workflow needs. */
export interface RunWorkflowOptions {
  workflow: WorkflowDefinition;
  input: Record<string, unknown>;
  /** The calling agent's scope; every step runs with it. */
  scope: ToolCallScope;
  registry: ToolRegistry;
  db: Db;
  /** A dry run without an agent: the scope's agent id is a stand-in, never named in a message. */
  isWithoutAgent?: boolean;
}

const depth = new AsyncLocalStorage<number>();

/**
 * Runs the steps in order, each as the calling agent would call its tool: with the agent's
 * overrides where the agent has the tool assigned, the tool's defaults otherwise, and the
 * caller's `ToolCallScope`. Stops at the first failing step and names it. A run nested deeper
 * than {@link MAX_WORKFLOW_DEPTH} workflows is refused.
 */
export async function runWorkflow({ workflow, input, scope, registry, db, isWithoutAgent = false }: RunWorkflowOptions): Promise<WorkflowRun> {
  const level = (depth.getStore() ?? 0) + 1;
  if (level > MAX_WORKFLOW_DEPTH) {
    return { ok: false, steps: [], error: `Workflow "${workflow.name}" is nested ${level} deep; workflows may call workflows only ${MAX_WORKFLOW_DEPTH} deep` };
  }
  return depth.run(level, async () => {
    const results = new Map<string, string>();
    const steps: StepTrace[] = [];
    const lookup = singleToolLookup(registry);
    for (const step of workflow.steps) {
      const trace: StepTrace = { id: step.id, tool: step.tool };
      steps.push(trace);
      const fail = (message: string): WorkflowRun => {
        trace.error = message;
        return { ok: false, steps, failedStep: step.id, error: `Step "${step.id}" (${step.tool}) failed: ${message}` };
      };
      let args: Record<string, unknown>;
      try {
        args = fillTemplates(step.arguments, { input, steps: results }) as Record<string, unknown>;
      } catch (error) {
        return fail(messageOf(error));
      }
      trace.arguments = args;
      const entry = lookup(step.tool);
      if (!entry) return fail(`no tool named "${step.tool}" is in the catalogue`);
      if (!entry.available) return fail(`the tool is unavailable: ${entry.unavailableReason ?? 'no reason given'}`);
      // A step may not slip past the tool policy: a held or denied tool cannot run inside a workflow.
      const policies = await cachedPolicySnapshot(db, scope.agentId);
      const row = await findAssignmentRow(db, scope.agentId, step.tool);
      // The default policy follows the tool's approved annotations while a change waits (lib/drift).
      const annotations = annotationsFor(policies, step.tool, entry.annotations);
      const callPolicy = callPolicyOf(annotations, policies.defaults.get(step.tool), policies.agent.get(step.tool));
      if (callPolicy.value !== 'allow') {
        return fail(`its call policy for agent "${scope.agentId}" is "${callPolicy.value}": a workflow step cannot wait for a person's approval or pass a denial; call the tool directly`);
      }
      let overrides: Record<string, unknown>;
      if (row) {
        overrides = toAssignment(row).overrides;
        trace.settings = 'assigned';
        const errors = lookup.overridesErrors(entry, overrides);
        if (errors.length > 0) return fail(`agent "${scope.agentId}" has settings for this tool that are not valid: ${errors.map((e) => e.message).join('; ')}`);
      } else {
        const defaults = initialOverrides(entry.overridesSchema);
        trace.settings = 'defaults';
        if (!defaults.isComplete) {
          const missing = requiredWithoutDefault(entry.overridesSchema);
          const settings = missing.join(', ') || 'see its settings';
          return fail(
            isWithoutAgent
              ? `${step.tool} needs settings that have no default (${settings}). Choose an agent that has ${step.tool} assigned under "Run as agent", and its settings are used.`
              : `${step.tool} needs settings that have no default (${settings}), and agent "${scope.agentId}" does not have it assigned. Assign ${step.tool} to the agent with its settings.`,
          );
        }
        overrides = defaults.overrides;
        const errors = lookup.overridesErrors(entry, overrides);
        if (errors.length > 0) return fail(`the tool's default settings are refused: ${errors.map((e) => e.message).join('; ')}`);
      }
      try {
        const tool = registry.resolve({ agentId: scope.agentId, toolName: step.tool, overrides }, scope);
        const argumentErrors = validateArguments(tool.parametersSchema(), args);
        if (argumentErrors.length > 0) return fail(`its arguments do not fit the tool: ${argumentErrors.map((e) => `${e.pointer}: ${e.message}`).join('; ')}`);
        const result = await tool.execute(args);
        trace.result = typeof result === 'string' ? result : String(result);
        results.set(step.id, trace.result);
      } catch (error) {
        return fail(messageOf(error));
      }
    }
    const last = steps.at(-1)?.result ?? '';
    let output: string;
    try {
      output = workflow.output.trim() === '' ? last : fillOutput(workflow.output, { input, steps: results });
    } catch (error) {
      return { ok: false, steps, error: `The output could not be made: ${messageOf(error)}` };
    }
    return { ok: true, steps, output };
  });
}

function requiredWithoutDefault(schema: Record<string, unknown>): string[] {
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown } | undefined>;
  return required.filter((key) => properties[key]?.default === undefined);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
