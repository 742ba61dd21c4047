import { z } from 'zod';
import { MAX_WORKFLOW_STEPS, STEP_ID_PATTERN, WORKFLOW_INPUT_TYPES, WORKFLOW_NAME_PATTERN, WORKFLOW_NAME_RULE } from '@/lib/workflows/workflow';
import { isStorableText } from '@/lib/db/storable-text';

const text = (max: number) => z.string().max(max).refine(isStorableText, 'Text must not contain U+0000 (NUL).');

/** A workflow's name; its tool is `workflow_<name>`. */
export const WorkflowNameSchema = z.string().regex(WORKFLOW_NAME_PATTERN, WORKFLOW_NAME_RULE);

/** One input of a workflow. */
export const WorkflowInputSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Letters, digits and underscores, not starting with a digit'),
  type: z.enum(WORKFLOW_INPUT_TYPES),
  required: z.boolean().default(false),
  description: text(1000).default(''),
});

/** One step: a tool and its arguments, where any value may be a template. */
export const WorkflowStepSchema = z.strictObject({
  id: z.string().regex(STEP_ID_PATTERN, 'A letter, then letters, digits, "_" or "-" (at most 48)'),
  tool: text(200).min(1, 'Choose a tool'),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

/** The body of `POST /api/v1/workflows`. */
export const WorkflowBodySchema = z.strictObject({
  name: WorkflowNameSchema,
  description: text(4000).default(''),
  inputs: z.array(WorkflowInputSchema).max(50).default([]),
  steps: z.array(WorkflowStepSchema).min(1, 'A workflow needs at least one step').max(MAX_WORKFLOW_STEPS),
  output: text(4000).default('').meta({ description: "A template such as `{{steps.count.result}}`; empty for the last step's result" }),
});

/** The body of `PUT /api/v1/workflows/{name}`: the whole workflow again (its name may be left out). */
export const WorkflowReplaceBodySchema = WorkflowBodySchema.extend({ name: WorkflowNameSchema.optional() });

/** A stored workflow as the API answers it; `version` is its ETag. */
export const WorkflowSchema = z.object({
  name: z.string(),
  toolName: z.string().meta({ description: 'The tool the workflow provider serves for it, `workflow_<name>`' }),
  description: z.string(),
  inputs: z.array(z.object({ name: z.string(), type: z.enum(WORKFLOW_INPUT_TYPES), required: z.boolean(), description: z.string() })),
  steps: z.array(z.object({ id: z.string(), tool: z.string(), arguments: z.record(z.string(), z.unknown()) })),
  output: z.string(),
  version: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
});

/** `GET /api/v1/workflows`. */
export const WorkflowListSchema = z.object({ workflows: z.array(WorkflowSchema) });

/** The body of `POST /api/v1/workflows/dry-run`. */
export const DryRunBodySchema = z.strictObject({
  workflow: WorkflowBodySchema,
  arguments: z.record(z.string(), z.unknown()).default({}),
  agentId: z.string().max(64).optional().meta({ description: "Run as this agent (its tools' settings); without it, every step uses its tool's defaults" }),
});

/** What a dry run answers: each step's arguments and result, and the output or the failing step. */
export const DryRunResultSchema = z.object({
  ok: z.boolean(),
  steps: z.array(
    z.object({
      id: z.string(),
      tool: z.string(),
      arguments: z.record(z.string(), z.unknown()).optional(),
      settings: z.enum(['assigned', 'defaults']).optional(),
      result: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
  output: z.string().optional(),
  error: z.string().optional(),
  failedStep: z.string().optional(),
});
