import { z } from 'zod';

const summaryShape = {
  version: z.number().int().meta({ description: '1 for the oldest recorded change; the newest is the object as it is now' }),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.string().optional().meta({ description: 'Who made the change; only for callers who may read the audit log (not API tokens)' }),
  actorName: z.string().optional(),
  action: z.string().meta({ description: 'The audit action of the change, e.g. `agent.update`, `assignment.put`, `agent.restore`' }),
  target: z.string().meta({ description: 'The part changed: `agents/<id>`, `agents/<id>/tools/<tool>`, `agents/<id>/rules/<group>`, `servers/<name>` or `workflows/<name>`' }),
  restoredFrom: z.number().int().optional().meta({ description: 'For a restore: the version it brought back' }),
};

/** One version in `GET /api/v1/agents/{id}/versions`. */
export const AgentVersionSummarySchema = z.object(summaryShape);

/** `GET /api/v1/agents/{id}/versions`: oldest first; `current` (also the ETag) is what a restore's If-Match names. */
export const AgentVersionListSchema = z.object({
  current: z.number().int().meta({ description: 'The newest version (0 when no change was recorded); send it as If-Match to restore' }),
  versions: z.array(AgentVersionSummarySchema),
});

/** What an agent was at one version. */
export const AgentSnapshotSchema = z.object({
  name: z.string(),
  description: z.string(),
  tools: z.record(z.string(), z.record(z.string(), z.unknown())).meta({ description: 'Each assigned tool\'s overrides, by tool name' }),
  rules: z.record(z.string(), z.array(z.string())).meta({ description: 'Each group rule\'s excluded tools, by group' }),
});

const MissingSchema = z.object({
  tools: z.array(z.string()).meta({ description: 'Assigned tools no plugin or server offers now: a restore keeps them as `missing`' }),
  groups: z.array(z.string()).meta({ description: 'Rule groups no plugin serves now: a restore keeps them' }),
});

/** `GET /api/v1/agents/{id}/versions/{version}`. */
export const AgentVersionSchema = z.object({ ...summaryShape, agent: AgentSnapshotSchema, missing: MissingSchema });

/** The body of `POST /api/v1/agents/{id}/restore` (and of servers' and workflows' restore). */
export const RestoreAgentBodySchema = z.strictObject({
  version: z.number().int().min(1).meta({ description: 'The version to bring back' }),
});

/** What a restore answers; `current` (also the ETag) is the agent's newest version after it. */
export const RestoreOutcomeSchema = z.object({
  current: z.number().int(),
  restoredFrom: z.number().int(),
  agent: AgentSnapshotSchema,
  missing: MissingSchema,
});

/** What an MCP server was at one version: its configuration, secrets as `${secret:NAME}` references. */
export const ServerSnapshotSchema = z.discriminatedUnion('transport', [
  z.object({ name: z.string(), enabled: z.boolean(), transport: z.literal('stdio'), command: z.string(), args: z.array(z.string()), env: z.record(z.string(), z.string()) }),
  z.object({ name: z.string(), enabled: z.boolean(), transport: z.literal('http'), url: z.string(), headers: z.record(z.string(), z.string()) }),
]);

/** What a workflow was at one version. */
export const WorkflowSnapshotSchema = z.object({
  name: z.string(),
  description: z.string(),
  inputs: z.array(z.object({ name: z.string(), type: z.string(), required: z.boolean(), description: z.string() })),
  steps: z.array(z.object({ id: z.string(), tool: z.string(), arguments: z.record(z.string(), z.unknown()) })).meta({ description: 'Step arguments the tool marks secret read `[redacted]`' }),
  output: z.string(),
});

const ServerMissingSchema = z.object({ secrets: z.array(z.string()).meta({ description: 'Secrets the version references that the store no longer holds: a restore keeps the references' }) });
const WorkflowMissingSchema = z.object({ tools: z.array(z.string()).meta({ description: 'Step tools the catalogue no longer has: a restore keeps the steps' }) });

/** `GET /api/v1/servers/{name}/versions/{version}`. */
export const ServerVersionSchema = z.object({ ...summaryShape, server: ServerSnapshotSchema, missing: ServerMissingSchema });
/** `GET /api/v1/workflows/{name}/versions/{version}`. */
export const WorkflowVersionSchema = z.object({ ...summaryShape, workflow: WorkflowSnapshotSchema, missing: WorkflowMissingSchema });
/** What a server's restore answers; `current` (also the ETag) is its newest version after it. */
export const ServerRestoreOutcomeSchema = z.object({ current: z.number().int(), restoredFrom: z.number().int(), server: ServerSnapshotSchema, missing: ServerMissingSchema });
/** What a workflow's restore answers; `current` (also the ETag) is its newest version after it. */
export const WorkflowRestoreOutcomeSchema = z.object({ current: z.number().int(), restoredFrom: z.number().int(), workflow: WorkflowSnapshotSchema, missing: WorkflowMissingSchema });

/** What an agent's group rule was at one version: `deleted` once it was removed. */
export const RuleSnapshotSchema = z.object({
  group: z.string(),
  status: z.enum(['active', 'deleted']).meta({ description: '`deleted`: the version after the rule was removed (its `exclude` is then empty)' }),
  exclude: z.array(z.string()).meta({ description: 'Tools of the group the rule did not give' }),
});
const RuleMissingSchema = z.object({
  tools: z.array(z.string()).meta({ description: 'Excluded tools no provider offers now: a restore keeps the exclusions (excluding an unknown tool is harmless)' }),
  groups: z.array(z.string()).meta({ description: 'The rule\'s group, when no plugin serves it now' }),
});
/** `GET /api/v1/agents/{id}/rules/{group}/versions/{version}`. */
export const RuleVersionSchema = z.object({ ...summaryShape, rule: RuleSnapshotSchema, missing: RuleMissingSchema });
/** What a rule's restore answers; `current` (also the ETag) is the newest version of its history after it. */
export const RuleRestoreOutcomeSchema = z.object({ current: z.number().int(), restoredFrom: z.number().int(), rule: RuleSnapshotSchema, missing: RuleMissingSchema });
