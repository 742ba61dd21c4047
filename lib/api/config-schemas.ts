import { z } from 'zod';

/** The query of `GET /api/v1/config`. */
export const ConfigExportQuerySchema = z.object({
  format: z.enum(['yaml', 'json']).optional().meta({ description: 'YAML (the default) or JSON' }),
  at: z.iso.datetime({ offset: true }).optional().meta({
    description: 'The configuration as it was at this time (ISO 8601), built from each object\'s version history: objects whose history starts later, deleted since, or without recorded changes are absent; secrets stay references',
  }),
});

/** The body of `POST /api/v1/config/plan`. */
export const ConfigPlanBodySchema = z.strictObject({
  file: z.string().meta({ description: 'The configuration file, YAML or JSON, as text: at most CONFIG_MAX_BYTES (1 MiB by default) as UTF-8, else 413 before it is read' }),
  prune: z.boolean().optional().meta({ description: 'Delete agents, assignments, group rules and (when the file has a `servers` or `workflows` section) MCP servers and workflows the file leaves out; without it nothing is deleted' }),
});

/** The body of `POST /api/v1/config/apply`: the planned file and the plan's hash. */
export const ConfigApplyBodySchema = ConfigPlanBodySchema.extend({
  planHash: z.string().regex(/^[0-9a-f]{64}$/, 'The hash of a plan from POST /api/v1/config/plan').meta({ description: 'The `hash` of the plan reviewed' }),
});

const FieldDiffSchema = z.object({
  field: z.string().meta({
    description:
      '`name`, `description`, `overrides.<setting>`, for a deleted agent `tools.<tool>` and `rules.<group>`, for a rule `exclude`, for a server `enabled`, `transport`, `command`, `args`, `url`, `env.<name>` or `headers.<name>`, for a workflow `description`, `inputs.<name>`, `steps.<id>`, `output`, and `inputs` or `steps` (the names in order) when their order changes',
  }),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

/** One object a plan creates, updates or deletes. */
export const ConfigChangeSchema = z.object({
  kind: z.enum(['agent', 'assignment', 'rule', 'policy', 'token-budget', 'tool-default', 'server', 'workflow']),
  action: z.enum(['create', 'update', 'delete']),
  target: z.string().meta({ description: '`agents/<id>`, `agents/<id>/tools/<tool>`, `agents/<id>/rules/<group>`, `agents/<id>/policies/<tool>`, `agents/<id>/token-budget`, `tools/<tool>/policy` (a group default), `servers/<name>` or `workflows/<name>`' }),
  words: z.string().optional().meta({ description: 'The change in words (policies, group defaults, token budgets)' }),
  agentId: z.string().optional().meta({ description: 'The agent of an agent, assignment, rule, policy or token budget change' }),
  toolName: z.string().optional().meta({ description: 'The tool of an assignment, policy or group default change' }),
  group: z.string().optional().meta({ description: 'The group of a rule change' }),
  serverName: z.string().optional().meta({ description: 'The MCP server of a server change' }),
  workflowName: z.string().optional().meta({ description: 'The workflow of a workflow change' }),
  diffs: z.array(FieldDiffSchema),
});

/** What `POST /api/v1/config/plan` and `…/apply` answer. */
export const ConfigPlanSchema = z.object({
  hash: z.string().meta({ description: 'Ties the plan to the state it was made on; apply refuses it (412) once that state changed' }),
  prune: z.boolean(),
  changes: z.array(ConfigChangeSchema),
  summary: z.object({ create: z.number().int(), update: z.number().int(), delete: z.number().int() }),
  warnings: z
    .array(z.object({ pointer: z.string(), message: z.string(), line: z.number().int(), column: z.number().int(), target: z.string() }))
    .meta({
      description:
        'What the plan could not check, with its place in the file: tools (and their settings or a workflow step\'s arguments) of an MCP server the plan could not list, because it is disabled, cannot be reached, is an offline bundle, or is a stdio server only an admin may start. Applying takes them on trust.',
    }),
});

/** A configuration file as JSON (`GET /api/v1/config?format=json`). */
export const ConfigFileSchema = z.object({
  $schema: z.string(),
  apiVersion: z.literal('tools-admin/v1'),
  agents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().optional(),
      tools: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
      rules: z.array(z.object({ group: z.string(), exclude: z.array(z.string()).optional() })).optional().meta({ description: 'Group rules (left out when the agent has none), as `POST /api/v1/agents/{id}/rules` takes them' }),
    }),
  ),
  servers: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .meta({ description: 'The MCP servers (when there are any), as `POST /api/v1/servers` takes them: credentials only as `${secret:NAME}` references' }),
  workflows: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .meta({ description: 'The workflows (when there are any), as `POST /api/v1/workflows` takes them, leaving out fields at their defaults' }),
});
