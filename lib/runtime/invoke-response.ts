import 'server-only';
import { InvokeBodySchema } from '@/lib/api/runtime-schemas';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import type { z } from 'zod';
import { prepareToolCall, type PreparedToolCall } from './prepare-tool-call';
import { streamedInvokeResponse } from './streamed-invoke-response';

/** The body of an invoke request, once checked. */
export type InvokeBody = z.output<typeof InvokeBodySchema>;

/**
 * `POST /api/v1/agents/{id}/tools/{toolName}/invoke`: runs the tool as the agent. A tool that
 * streams its result to the user answers `text/event-stream` as the MCP endpoint does (its
 * chunks as progress notifications, then one JSON-RPC result: `streamedInvokeResponse`); the
 * rest answer JSON.
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
