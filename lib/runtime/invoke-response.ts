import 'server-only';
import { InvokeBodySchema } from '@/lib/api/runtime-schemas';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import type { z } from 'zod';
import { prepareToolCall, type PreparedToolCall } from './prepare-tool-call';
import { sseMessage } from './sse';

/** The body of an invoke request, once checked. */
export type InvokeBody = z.output<typeof InvokeBodySchema>;

/**
 * `POST /api/v1/agents/{id}/tools/{toolName}/invoke`: runs the tool as the agent. A tool that
 * streams its result to the user answers `text/event-stream` with one MCP-style JSON-RPC
 * message (`result.content`, `isError`), as the MCP endpoint sends it; the rest answer JSON.
 */
export async function invokeResponse(request: Request, agentId: string, toolName: string, actor: Actor): Promise<Response> {
  const call = await startInvoke(await readJsonBody(request, InvokeBodySchema), agentId, toolName, actor);
  if (!call.streamsResultToUser) return jsonResponse(await call.run());
  return streamedInvokeResponse(call);
}

/** Prepares the call an invoke request asks for (see `prepareToolCall` for what it refuses). */
export async function startInvoke(body: InvokeBody, agentId: string, toolName: string, actor: Actor): Promise<PreparedToolCall> {
  return prepareToolCall({
    db: await getDb(),
    registry: await getToolRegistry(),
    actor,
    agentId,
    toolName,
    arguments: body.arguments,
    sessionId: body.sessionId,
  });
}

/** The answer of a tool that streams its result to the user: one MCP-style event once it is done. */
export function streamedInvokeResponse(call: PreparedToolCall): Response {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const encoder = new TextEncoder();
      try {
        const { result, durationMs, sessionId } = await call.run();
        const content = [{ type: 'text', text: result }];
        controller.enqueue(encoder.encode(sseMessage({ jsonrpc: '2.0', id: 'invoke', result: { content, isError: false, _meta: { durationMs, sessionId } } })));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const isTimeout = error instanceof AppError && error.code === 'timeout';
        const content = [{ type: 'text', text: message }];
        controller.enqueue(encoder.encode(sseMessage({ jsonrpc: '2.0', id: 'invoke', result: { content, isError: true, _meta: { timedOut: isTimeout } } })));
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'mcp-session-id': call.sessionId },
  });
}
