import 'server-only';
import { InvokeBodySchema } from '@/lib/api/runtime-schemas';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { getToolRegistry } from '@/lib/registry-host';
import { prepareToolCall } from './prepare-tool-call';
import { streamedInvokeResponse } from './streamed-invoke-response';

/**
 * `POST /api/v1/agents/{id}/tools/{toolName}/invoke`: runs the tool as the agent. A tool that
 * streams its result to the user answers `text/event-stream` as the MCP endpoint does (its
 * chunks as progress notifications, then one JSON-RPC result: `streamedInvokeResponse`); the
 * rest answer JSON.
 */
export async function invokeResponse(request: Request, agentId: string, toolName: string, actor: Actor): Promise<Response> {
  const body = await readJsonBody(request, InvokeBodySchema);
  const call = await prepareToolCall({
    db: await getDb(),
    registry: await getToolRegistry(),
    actor,
    agentId,
    toolName,
    arguments: body.arguments,
    sessionId: body.sessionId,
  });
  if (!call.streamsResultToUser) return jsonResponse(await call.run());
  return streamedInvokeResponse(call);
}
