import { z } from 'zod';
import { MAX_AUDIT_PAGE } from '@/lib/audit/audit-event';
import { isStorableText } from '@/lib/db/storable-text';

const DEFAULT_AUDIT_PAGE = 50;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const TIME_RULE = 'Use an ISO 8601 date or time, e.g. 2026-01-31T09:00:00Z.';

/** One audited change: who did what to which target, with the state before and after. */
export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.string().meta({ description: 'The acting user\'s or token\'s id' }),
  actorName: z.string().meta({ description: 'The actor\'s display name when the event was written' }),
  action: z.string(),
  target: z.string(),
  agentId: z.string().nullable().meta({ description: 'The agent the target belongs to; null for other targets' }),
  toolName: z.string().nullable().meta({ description: 'The tool of an assignment target; null otherwise' }),
  before: z.unknown().meta({ description: 'The target before the change; null for a create' }),
  after: z.unknown().meta({ description: 'The target after the change; null for a delete' }),
});

const filterText = (description: string) =>
  z.string().min(1).max(200).refine(isStorableText, 'Must not contain U+0000 (NUL).').optional().meta({ description });

const time = (description: string) =>
  z
    .string()
    .regex(ISO_TIME, { message: TIME_RULE, abort: true })
    .refine((value) => !Number.isNaN(new Date(value).getTime()), TIME_RULE)
    .optional()
    .meta({ description });

/** The query of `GET /api/v1/audit`: page size, cursor, filters (all must hold) and format. */
export const AuditQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, `Use a whole number from 1 to ${MAX_AUDIT_PAGE}, in digits.`)
    .transform(Number)
    .pipe(z.number().int().min(1, `Use a whole number from 1 to ${MAX_AUDIT_PAGE}.`).max(MAX_AUDIT_PAGE, `Use a whole number from 1 to ${MAX_AUDIT_PAGE}.`))
    .default(DEFAULT_AUDIT_PAGE)
    .meta({ description: `Events per page, 1 to ${MAX_AUDIT_PAGE} in digits; ${DEFAULT_AUDIT_PAGE} when absent. Ignored by format=jsonl` }),
  cursor: z.string().min(1).max(200).optional().meta({ description: 'The nextCursor of the previous page (with the same filters)' }),
  actor: filterText('Only events by this actor id'),
  agent: filterText('Only events on this agent or its assignments'),
  tool: filterText('Only events on assignments of this tool'),
  action: filterText('Only events of this action, e.g. agent.update'),
  from: time('Only events at or after this ISO 8601 time'),
  to: time('Only events before this ISO 8601 time'),
  format: z
    .enum(['json', 'jsonl'])
    .optional()
    .meta({ description: '`jsonl` streams every matching event, one JSON object per line (as does Accept: application/x-ndjson); `json` (default) answers one page' }),
});

/** One page of audit events, newest first. */
export const AuditPageSchema = z.object({
  events: z.array(AuditEventSchema),
  nextCursor: z.string().optional().meta({ description: 'Absent on the last page' }),
});

/** The query of `GET /api/v1/audit/actors`: the text to look for in actors' ids and names. */
export const AuditActorsQuerySchema = z.object({
  q: z.string().max(200).refine(isStorableText, 'Must not contain U+0000 (NUL).').default('').meta({ description: 'Text the actor\'s id or name contains, any case; empty for the first actors by id' }),
});

/** Actors found in the audit log, for the actor filter. */
export const AuditActorsSchema = z.object({
  actors: z.array(z.object({ id: z.string().meta({ description: 'What the `actor` filter takes' }), name: z.string().meta({ description: 'The actor in words, e.g. "Ada Lovelace (editor)"' }) })),
});
