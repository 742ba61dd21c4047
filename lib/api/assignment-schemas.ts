import { z } from 'zod';

/** How an assignment stands against the current catalogue. */
export const AssignmentStatusSchema = z.enum(['ok', 'unavailable', 'missing', 'invalid']).meta({
  description:
    'ok; unavailable (the tool is known but not available, see unavailableReason); missing (no tool of this name is known any more; the assignment stays); invalid (the stored overrides fail the tool\'s current overrides schema, see errors)',
});

/** What the agent's model is told about a tool: approved by an editor, or offered by its provider now. */
export const ToolFaceSchema = z.object({
  name: z.string(),
  description: z.string(),
  parametersSchema: z.record(z.string(), z.unknown()),
  annotations: z.record(z.string(), z.unknown()).nullable(),
});

/** `POST …/accept-upstream`: the agents whose pending change of the tool was accepted. */
export const AcceptedUpstreamSchema = z.object({ agentIds: z.array(z.string()) });

/** Changed upstream of an agent's tool since approved; absent when nothing changed. */
export const UpstreamChangeSchema = z
  .object({
    approved: ToolFaceSchema,
    current: ToolFaceSchema,
    changed: z.array(z.enum(['description', 'parametersSchema', 'annotations'])),
    summary: z.array(z.string()).meta({ description: 'What changed, in words, one line each: `description changed`, `parameter "limit" added`, `destructiveHint: false → true`' }),
    problems: z.array(z.string()).meta({ description: 'Non-empty: the change breaks the agent (e.g. a newly required parameter); the tool is left out of its effective tools until accepted' }),
  })
  .optional()
    .meta({ description: 'Changed upstream: the provider changed the tool since an editor approved it; the agent\'s model is served `approved` until the change is accepted' });

/** One tool assigned to one agent, with its status; `version` is its ETag. */
export const AssignmentViewSchema = z.object({
  agentId: z.string(),
  toolName: z.string(),
  overrides: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
  status: AssignmentStatusSchema,
  group: z.string().optional(),
  unavailableReason: z.string().optional(),
  unavailableSince: z.string().optional().meta({ format: 'date-time', description: 'Since when the tool has been unavailable, when its plugin says (an MCP server that went away); only with unavailableReason' }),
  errors: z
    .array(z.object({ pointer: z.string(), message: z.string() }))
    .optional()
    .meta({ description: 'For status invalid: what is wrong with the stored overrides' }),
  upstreamChange: UpstreamChangeSchema,
});

/** `GET /api/v1/agents/{id}/tools`. */
export const AssignmentListSchema = z.object({ assignments: z.array(AssignmentViewSchema) });

/** The body of `PUT /api/v1/agents/{id}/tools/{toolName}`; overrides are checked against the tool's own schema. */
export const PutAssignmentBodySchema = z.strictObject({
  overrides: z.record(z.string(), z.unknown()).meta({ description: 'Validated against the tool\'s overridesSchema()' }),
});
