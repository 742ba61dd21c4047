import { queryOptions } from '@tanstack/react-query';
import type { AgentCallRate } from '@/lib/runtime/call-rates';
import type { EffectiveToolsBody } from '@/lib/runtime/effective-tools-body';
import type { ToolFormat } from '@/lib/runtime/tool-formats';
import { agentPath } from './agents-api';
import { ApiProblem } from './api-problem';
import { apiFetch } from './api-fetch';
import { sseMessages } from './sse-messages';

/** What the agent's model receives, in one format; refreshed with the agent's tools. */
export function effectiveToolsQueryOptions(agentId: string, format: ToolFormat) {
  return queryOptions({
    // Under the assignments' key, so every change to the agent's tools refreshes it too.
    queryKey: ['agents', 'tools', agentId, 'effective', format],
    queryFn: async () => (await apiFetch<EffectiveToolsBody>(`${agentPath(agentId)}/effective-tools?format=${format}`)).data,
  });
}

/** The agent's calls against RUNTIME_RATE_PER_MINUTE; read again every 15 s while the page is open. */
export function agentCallRateQueryOptions(agentId: string) {
  return queryOptions({
    queryKey: ['agents', 'call-rate', agentId],
    queryFn: async ({ signal }) => (await apiFetch<AgentCallRate>(`${agentPath(agentId)}/call-rate`, { signal })).data,
    refetchInterval: 15_000,
  });
}

/** A tool's answer to one call. */
export interface InvokeOutcome {
  result: string;
  durationMs: number;
  sessionId: string;
  /** True when the tool reported a failure in a streamed answer. */
  isError?: boolean;
}

/** One JSON-RPC message of a streamed answer: a chunk (`notifications/progress`) or the result. */
interface StreamedMessage {
  method?: string;
  params?: { message?: string };
  result?: { content?: { text?: string }[]; isError?: boolean; _meta?: { durationMs?: number } };
}

/**
 * Calls a tool as the agent. A streamed answer (text/event-stream, MCP-style messages: the
 * tool's chunks as progress, then the result) is read to its end, `onPartial` getting the text
 * so far after each chunk; a problem throws `ApiProblem`.
 */
export async function invokeTool(
  agentId: string,
  toolName: string,
  args: Record<string, unknown>,
  sessionId?: string,
  onPartial?: (textSoFar: string) => void,
): Promise<InvokeOutcome> {
  const path = `${agentPath(agentId)}/tools/${encodeURIComponent(toolName)}/invoke`;
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ arguments: args, ...(sessionId ? { sessionId } : {}) }),
    });
  } catch (error) {
    throw new Error('The server could not be reached. Check that it is running and your connection works.', { cause: error });
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiProblem(response.status, problem, undefined);
  }
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) return (await response.json()) as InvokeOutcome;
  let textSoFar = '';
  let result: StreamedMessage['result'];
  for await (const message of sseMessages<StreamedMessage>(response.body)) {
    if (message.method === 'notifications/progress') {
      textSoFar += message.params?.message ?? '';
      onPartial?.(textSoFar);
    } else if (message.result) result = message.result;
  }
  return {
    result: (result?.content ?? []).map((part) => part.text ?? '').join('\n'),
    durationMs: result?._meta?.durationMs ?? Math.round(performance.now() - started),
    sessionId: response.headers.get('mcp-session-id') ?? sessionId ?? '',
    isError: result?.isError ?? (result === undefined),
  };
}
