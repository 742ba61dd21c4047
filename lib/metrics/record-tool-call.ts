import 'server-only';
import { appMetrics } from '@/lib/metrics/app-metrics.mjs';

/** How a tool call ended, as the metrics count it (the runtime's own outcome names). */
export type ToolCallOutcome = 'ok' | 'invalid_arguments' | 'tool_error' | 'timeout' | 'too_large' | 'refused' | 'cancelled' | 'denied' | 'held';

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
