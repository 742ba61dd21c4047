import { z } from 'zod';
import { isStorableText } from '@/lib/db/storable-text';
import { MAX_POINTS } from '@/lib/usage/usage-limits';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const TIME_RULE = 'Use an ISO 8601 date or time, e.g. 2026-01-31T09:00:00Z.';
/** The longest range one request may ask for. */
export const MAX_RANGE_DAYS = 366;

const filterText = (description: string) =>
  z.string().min(1).max(200).refine(isStorableText, 'Must not contain U+0000 (NUL).').optional().meta({ description });

const time = (description: string) =>
  z
    .string()
    .regex(ISO_TIME, { message: TIME_RULE, abort: true })
    .refine((value) => !Number.isNaN(new Date(value).getTime()), TIME_RULE)
    .optional()
    .meta({ description });

/** The parameters of `GET /api/v1/usage`: filters (all must hold), the range and the bucket. */
export const UsageQueryParamsSchema = z.object({
    agent: filterText('Only calls of this agent id'),
    tool: filterText('Only calls of this tool'),
    server: filterText('Only calls of tools of this MCP server (its name)'),
    from: time('Start of the range, ISO 8601 (floored to the bucket); 24 hours before `to` when absent'),
    to: time('End of the range (exclusive), ISO 8601; now when absent'),
    bucket: z
      .enum(['minute', 'hour', 'day'])
      .optional()
      .meta({ description: `Width of one point of the series: minute (kept 2 days), hour or day; by default minute up to 3 hours, hour up to 3 days, else day. At most ${MAX_POINTS} points` }),
    by: z.enum(['agent', 'tool', 'server']).optional().meta({ description: 'Also answer the figures of each agent, tool or server over the range (`groups`, busiest first)' }),
});

/** The query of `GET /api/v1/usage`, read: times as dates, the bucket chosen when absent. */
export const UsageQuerySchema = UsageQueryParamsSchema.transform((query, context) => {
    const to = query.to === undefined ? new Date() : new Date(query.to);
    const from = query.from === undefined ? new Date(to.getTime() - 24 * 3600_000) : new Date(query.from);
    if (from.getTime() >= to.getTime()) context.addIssue({ code: 'custom', path: ['from'], message: '`from` must be before `to`.' });
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) context.addIssue({ code: 'custom', path: ['from'], message: `Ask for at most ${MAX_RANGE_DAYS} days.` });
    const span = to.getTime() - from.getTime();
    const bucket = query.bucket ?? (span <= 3 * 3600_000 ? 'minute' : span <= 3 * 86_400_000 ? 'hour' : 'day');
    if (bucket === 'minute' && Date.now() - from.getTime() > 2 * 86_400_000) {
      context.addIssue({ code: 'custom', path: ['bucket'], message: 'Minute buckets are kept for 2 days: use hour or day for an older range.' });
    }
    return { ...query, from, to, bucket };
  });

const DurationSchema = z.object({
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  mean: z.number(),
  max: z.number(),
}).meta({ description: 'Call durations in ms; percentiles estimated from a fixed latency histogram (linear within a bucket, never above the slowest call)' });

/** The figures of some calls. */
export const UsageStatsSchema = z.object({
  calls: z.number().int(),
  ok: z.number().int(),
  errors: z.object({
    badArguments: z.number().int().meta({ description: 'Arguments that did not fit the parameters schema' }),
    toolError: z.number().int().meta({ description: 'The tool threw, answered too much, or the caller left' }),
    timeout: z.number().int(),
    unavailable: z.number().int().meta({ description: 'The tool could not run: missing, unavailable, invalid settings, its MCP server not connected' }),
    denied: z.number().int().meta({ description: 'Refused for lack of the runtime permission (assigned tools only)' }),
  }),
  errorRate: z.number().meta({ description: 'Errors of every kind ÷ calls, 0 to 1' }),
  durationMs: DurationSchema,
  resultBytes: z.object({ total: z.number().int(), mean: z.number().int() }),
});

/** The usage of a range. */
export const UsageReportSchema = z.object({
  from: z.string().meta({ format: 'date-time' }),
  to: z.string().meta({ format: 'date-time' }),
  bucket: z.enum(['minute', 'hour', 'day']),
  totals: UsageStatsSchema,
  series: z.array(UsageStatsSchema.extend({ start: z.string().meta({ format: 'date-time' }) })).meta({ description: 'Every bucket of the range, oldest first, empty ones as zeros' }),
  callLimitMs: z.number().int().meta({ description: 'The time limit of one tool call (TOOL_CALL_TIMEOUT_MS), to compare durations with' }),
  groups: z.array(UsageStatsSchema.extend({ key: z.string(), callsSeries: z.array(z.number().int()).optional().meta({ description: 'Calls per bucket of the series, for a sparkline; present when the series has at most 62 points' }) })).optional().meta({ description: 'With `by`: each agent, tool or server (\'\' for tools of no server), busiest first, at most 500' }),
});
