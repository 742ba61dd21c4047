import { z } from 'zod';
import { AgentSchema, AgentIdSchema } from './agent-schemas';
import { AssignmentViewSchema } from './assignment-schemas';

const MAX_BULK_AGENTS = 5000;

/** The query of `GET /api/v1/tools/{name}/agents`. */
export const ToolUsersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50).meta({ description: 'At most this many agents (default 50)' }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).meta({ description: 'Skip this many first' }),
});

/** `GET /api/v1/tools/{name}/agents`: one page of the agents that have the tool. */
export const ToolUsersSchema = z.object({
  agents: z.array(z.object({ agentId: z.string(), agentName: z.string(), assignment: AssignmentViewSchema })),
  total: z.number().int().meta({ description: 'How many agents have the tool' }),
});

const settings = z.record(z.string(), z.unknown());

/** The body of `POST /api/v1/tools/{name}/agents`: one change to many agents' assignments of the tool. */
export const BulkAssignBodySchema = z.strictObject({
  operation: z.enum(['add', 'remove', 'set']).meta({ description: 'add (with `overrides`), remove, or set (change `set` and drop `unset` settings, keeping the rest)' }),
  agentIds: z.array(z.string().max(200)).min(1).max(MAX_BULK_AGENTS),
  overrides: settings.optional().meta({ description: 'For add: the settings every chosen agent gets' }),
  set: settings.optional().meta({ description: 'For set: the settings to change' }),
  unset: z.array(z.string()).max(100).optional().meta({ description: 'For set: the settings to remove' }),
  preview: z.boolean().optional().meta({ description: 'Check and answer what would change, writing nothing' }),
});

/** What `POST /api/v1/tools/{name}/agents` answers: what it did (or would do) to each agent. */
export const BulkAssignResultSchema = z.object({
  results: z.array(
    z.object({
      agentId: z.string(),
      action: z.enum(['create', 'update', 'delete', 'unchanged']),
      before: settings.nullable(),
      after: settings.nullable(),
    }),
  ),
});

/** The body of `POST /api/v1/agents/{id}/clone`. */
export const CloneAgentBodySchema = z.strictObject({
  id: AgentIdSchema.optional(),
  name: z.string().trim().min(1, 'A name is required.').max(200),
  description: z.string().trim().max(4000).optional(),
});

/** What `POST /api/v1/agents/{id}/clone` answers. */
export const ClonedAgentSchema = z.object({ agent: AgentSchema, assignmentCount: z.number().int() });
