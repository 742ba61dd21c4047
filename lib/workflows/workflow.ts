import type { Selectable } from 'kysely';
import type { WorkflowsTable } from '@/lib/db/schema';

/** The group of the workflow provider's tools, and the prefix of their names. */
export const WORKFLOW_GROUP = 'workflow';

/** The types an input may have. */
export const WORKFLOW_INPUT_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type WorkflowInputType = (typeof WORKFLOW_INPUT_TYPES)[number];

/** A workflow's name: what follows `workflow_` in its tool's name. */
export const WORKFLOW_NAME_PATTERN = /^[a-z][a-z0-9_]{0,47}$/;
export const WORKFLOW_NAME_RULE = '1–48 lower-case letters, digits and underscores, starting with a letter';

/** A step's id, as `{{steps.<id>.result}}` names it. */
export const STEP_ID_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,47}$/;

/** The most steps a workflow may have. */
export const MAX_WORKFLOW_STEPS = 50;

/** How deep workflows may call workflows at run time. */
export const MAX_WORKFLOW_DEPTH = 8;

/** One input of a workflow: one parameter of its tool. */
export interface WorkflowInput {
  name: string;
  type: WorkflowInputType;
  required: boolean;
  description: string;
}

/** One step: a catalogue tool called with arguments, any value of which may be a template. */
export interface WorkflowStep {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** What a workflow is made of, as the API accepts it. */
export interface WorkflowDefinition {
  name: string;
  description: string;
  inputs: WorkflowInput[];
  steps: WorkflowStep[];
  /** A template; empty means the last step's result. */
  output: string;
}

/** A stored workflow. */
export interface Workflow extends WorkflowDefinition {
  /** The tool the provider serves for it: `workflow_<name>`. */
  toolName: string;
  version: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** The tool name of a workflow. */
export function workflowToolName(name: string): string {
  return `${WORKFLOW_GROUP}_${name}`;
}

/** The workflow a tool name stands for, or undefined when it is not a workflow's tool. */
export function workflowNameOf(toolName: string): string | undefined {
  const prefix = `${WORKFLOW_GROUP}_`;
  return toolName.startsWith(prefix) ? toolName.slice(prefix.length) : undefined;
}

/** The JSON Schema of a workflow tool's parameters, made from its inputs; those in `secret` (they flow into a step's secret field) are `writeOnly`. */
export function inputsSchema(inputs: readonly WorkflowInput[], secret: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const input of inputs) {
    properties[input.name] = {
      type: input.type,
      ...(input.description === '' ? {} : { description: input.description }),
      ...(secret.has(input.name) ? { writeOnly: true } : {}),
    };
  }
  const required = inputs.filter((input) => input.required).map((input) => input.name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/** A stored row as the app sees it. */
export function toWorkflow(row: Selectable<WorkflowsTable>): Workflow {
  const definition = JSON.parse(row.definition) as Pick<WorkflowDefinition, 'inputs' | 'steps' | 'output'>;
  return {
    name: row.name,
    toolName: workflowToolName(row.name),
    description: row.description,
    inputs: definition.inputs,
    steps: definition.steps,
    output: definition.output,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
