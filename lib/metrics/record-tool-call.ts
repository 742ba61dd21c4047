import 'server-only';
import { appMetrics } from '@/lib/metrics/app-metrics.mjs';
import type { ToolCallOutcome } from '@/lib/usage/usage-outcome';

/** How a tool call ended, as the metrics count it (the runtime's own outcome names). */
export type { ToolCallOutcome } from '@/lib/usage/usage-outcome';

/**
 * Counts one tool call of `tool` that ended with `outcome` after `seconds`, for
 * `tool_calls_total` and `tool_call_duration_seconds` on /api/metrics. The runtime's call
 * path calls this once per call, whatever the outcome.
 */
export function recordToolCall(tool: string, outcome: ToolCallOutcome, seconds: number): void {
  const metrics = appMetrics();
  metrics.toolCalls.inc({ tool, outcome });
  metrics.toolCallDuration.observe({ tool, outcome }, seconds);
}
