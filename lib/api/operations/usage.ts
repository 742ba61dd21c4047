import 'server-only';
import type { ApiOperation } from '../api-operation';
import { UsageQueryParamsSchema, UsageReportSchema } from '../usage-schemas';

/** Tool call statistics from the usage rollups, read only. */
export const usageOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/usage', operationId: 'getUsage', tag: 'usage',
    summary: 'Tool call statistics (calls, errors by kind, duration p50/p95/p99, result sizes) per agent, tool and MCP server over a range, as totals and a series; needs agents:read',
    query: UsageQueryParamsSchema,
    success: { 200: { description: 'The figures of the range, its series and, with `by`, a breakdown', schema: UsageReportSchema } },
    problems: [400],
    problemDescriptions: {
      400: 'The query has invalid parameters (field errors in `errors`: `/from` for a time that is not ISO 8601, after `to` or more than 366 days before it; `/bucket` for minute buckets older than 2 days or more than 1,500 points)',
    },
  },
];
