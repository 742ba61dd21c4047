import { z } from 'zod';
import {
  AGENT_ID_RULE,
  AGENT_NAME_REQUIRED,
  MAX_AGENT_DESCRIPTION_LENGTH,
  MAX_AGENT_ID_LENGTH,
  MAX_AGENT_NAME_LENGTH,
} from '@/lib/agents/agent-rules';
import { isStorableText } from '@/lib/db/storable-text';

/** An agent's id: 1–64 lower-case letters, digits and hyphens, starting with a letter or digit. */
export const AgentIdSchema = z
  .string()
  .regex(new RegExp(`^[a-z0-9][a-z0-9-]{0,${MAX_AGENT_ID_LENGTH - 1}}$`), AGENT_ID_RULE);

const nameSchema = z.string().trim().min(1, AGENT_NAME_REQUIRED).max(MAX_AGENT_NAME_LENGTH);
const descriptionSchema = z.string().trim().max(MAX_AGENT_DESCRIPTION_LENGTH);

/** An agent as the API answers it; `version` is its ETag. */
export const AgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
});

/** How many of an agent's assignments are missing, invalid or unavailable. */
export const AgentStatusCountsSchema = z.object({
  missing: z.number().int().meta({ description: 'Assignments whose tool no plugin provides any more' }),
  invalid: z.number().int().meta({ description: "Assignments whose stored overrides no longer fit the tool's settings schema" }),
  unavailable: z.number().int().meta({ description: 'Assignments whose tool is known but unavailable now' }),
  changed: z.number().int().meta({ description: 'Assignments whose tool its provider changed since an editor approved it (a pending upstream change; the model is still served the approved version)' }),
});

/** An agent in `GET /api/v1/agents`, with how many tools are assigned to it and how many need attention. */
export const AgentListItemSchema = AgentSchema.extend({ assignmentCount: z.number().int(), ruleCount: z.number().int(), statusCounts: AgentStatusCountsSchema });

/** `GET /api/v1/agents`. */
export const AgentListSchema = z.object({
  agents: z.array(AgentListItemSchema),
  total: z.number().int().meta({ description: 'How many agents match in all; more than `agents` holds when `limit` cut the list' }),
});

/** The query of `GET /api/v1/agents`. */
export const AgentListQuerySchema = z.object({
  search: z
    .string()
    .max(200)
    .refine(isStorableText, 'Search text must not contain U+0000 (NUL).')
    .optional()
    .meta({ description: 'Case-insensitive text to find in id, name or description' }),
  status: z
    .enum(['missing', 'invalid', 'unavailable', 'attention', 'changed'])
    .optional()
    .meta({ description: 'Only agents with at least one assignment of this status; `attention` means missing or invalid, `changed` a pending upstream change' }),
  limit: z.coerce.number().int().min(1).max(500).optional().meta({ description: 'At most this many agents (all when left out)' }),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional().meta({ description: 'Skip this many agents first (with `limit`)' }),
});

/** The body of `POST /api/v1/agents`; without an id, one is made from the name. */
export const CreateAgentBodySchema = z.strictObject({
  id: AgentIdSchema.optional(),
  name: nameSchema,
  description: descriptionSchema.optional(),
});

/** The body of `PATCH /api/v1/agents/{id}`: the fields to change, at least one. */
export const UpdateAgentBodySchema = z
  .strictObject({ name: nameSchema.optional(), description: descriptionSchema.optional() })
  .refine((changes) => changes.name !== undefined || changes.description !== undefined, 'Name at least one field to change.')
  // The refinement is invisible to JSON Schema; this says the same in the OpenAPI document.
  .meta({ minProperties: 1 });

/** What `DELETE /api/v1/agents/{id}` answers. */
export const DeletedAgentSchema = z.object({ deletedAssignments: z.number().int() });
