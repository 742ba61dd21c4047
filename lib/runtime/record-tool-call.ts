import 'server-only';

/** How one tool call ended. */
export type ToolCallOutcome = 'ok' | 'invalid_arguments' | 'tool_error' | 'timeout' | 'too_large' | 'refused';

type ToolCallListener = (tool: string, outcome: ToolCallOutcome, seconds: number) => void;

const host = globalThis as typeof globalThis & { toolCallListeners?: Set<ToolCallListener> };

/**
 * Reports one call's outcome and duration. Point it at the metrics hook (`recordToolCall` of
 * the metrics module) with `onToolCall`; a listener that throws never fails the call.
 */
export function recordToolCall(tool: string, outcome: ToolCallOutcome, seconds: number): void {
  for (const listener of host.toolCallListeners ?? []) {
    try {
      listener(tool, outcome, seconds);
    } catch (error) {
      console.error('A tool-call listener failed', error);
    }
  }
}

/** Adds a listener for every tool call; returns the function that removes it. */
export function onToolCall(listener: ToolCallListener): () => void {
  host.toolCallListeners ??= new Set();
  host.toolCallListeners.add(listener);
  return () => host.toolCallListeners?.delete(listener);
}
