import 'server-only';
import { recordToolCall as countToolCall } from '@/lib/metrics/record-tool-call';

/** How one tool call ended. */
export type ToolCallOutcome = 'ok' | 'invalid_arguments' | 'tool_error' | 'timeout' | 'too_large' | 'refused' | 'cancelled' | 'denied' | 'held';

/** Reports one call's outcome and duration to the metrics (`tool_calls_total` on /api/metrics). */
export function recordToolCall(tool: string, outcome: ToolCallOutcome, seconds: number): void {
  try {
    countToolCall(tool, outcome, seconds);
  } catch (error) {
    // Counting must never fail the call it counts.
    console.error('Counting a tool call failed', error);
  }
}
