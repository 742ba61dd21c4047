import 'server-only';
import { AppError } from '@/lib/app-error';
import type { PreparedToolCall } from './prepare-tool-call';
import { sseMessage } from './sse';

/**
 * The JSON-RPC id of the one result, and the progress token of its chunks: the invoke request
 * stands for an MCP `tools/call` with this id whose `_meta.progressToken` is the same.
 */
export const INVOKE_MESSAGE_ID = 'invoke';

/**
 * The answer of a tool that streams its result to the user, as the MCP endpoint sends it
 * (Streamable HTTP, `text/event-stream`), sent at once: a tool with `executeStream` sends each
 * chunk as it comes as `notifications/progress` (`message` the chunk, `progress` the chunks so
 * far), then, for every tool, one JSON-RPC result with the whole text (`isError` and
 * `_meta.timedOut` when it failed or passed a limit). A client that leaves ends the call.
 */
export function streamedInvokeResponse(call: PreparedToolCall): Response {
  const encoder = new TextEncoder();
  const left = new AbortController();
  const pump = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    const send = (message: unknown) => {
      if (!left.signal.aborted) controller.enqueue(encoder.encode(sseMessage(message)));
    };
    const onChunk = (chunk: string, count: number) =>
      send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: INVOKE_MESSAGE_ID, progress: count, message: chunk } });
    try {
      const { result, durationMs, sessionId } = await call.run({ onChunk, signal: left.signal });
      const content = [{ type: 'text', text: result }];
      send({ jsonrpc: '2.0', id: INVOKE_MESSAGE_ID, result: { content, isError: false, _meta: { durationMs, sessionId } } });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isTimeout = error instanceof AppError && error.code === 'timeout';
      const content = [{ type: 'text', text: message }];
      send({ jsonrpc: '2.0', id: INVOKE_MESSAGE_ID, result: { content, isError: true, _meta: { timedOut: isTimeout } } });
    }
    if (!left.signal.aborted) controller.close();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // Not awaited: the answer's headers go out now, each event as the call produces it.
      void pump(controller);
    },
    cancel() {
      left.abort();
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'mcp-session-id': call.sessionId },
  });
}
