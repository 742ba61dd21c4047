import { z } from 'zod';

const summaryShape = {
  version: z.number().int().meta({ description: '1 for the oldest recorded change; the newest is the agent as it is now' }),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.string().optional().meta({ description: 'Who made the change; only for callers who may read the audit log (not API tokens)' }),
  actorName: z.string().optional(),
  action: z.string().meta({ description: 'The audit action of the change, e.g. `agent.update`, `assignment.put`, `agent.restore`' }),
  target: z.string().meta({ description: 'The part changed: `agents/<id>`, `agents/<id>/tools/<tool>` or `agents/<id>/rules/<group>`' }),
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
