import 'server-only';
import { InvokeBodySchema } from '@/lib/api/runtime-schemas';
import type { ApiContext } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { prepareToolCall } from './prepare-tool-call';
import { streamedInvokeResponse } from './streamed-invoke-response';

/**
 * `POST /api/v1/agents/{id}/tools/{toolName}/invoke`: runs the tool as the agent. A tool that
 * streams its result to the user answers `text/event-stream` as the MCP endpoint does (its
 * chunks as progress notifications, then one JSON-RPC result: `streamedInvokeResponse`); the
 * rest answer JSON. See `prepareToolCall` for what it refuses.
 */
export async function invokeResponse(request: Request, agentId: string, toolName: string, { actor, db, registry }: ApiContext): Promise<Response> {
  const body = await readJsonBody(request, InvokeBodySchema);
  const call = await prepareToolCall({ db, registry, actor, agentId, toolName, arguments: body.arguments, sessionId: body.sessionId });
  if (!call.streamsResultToUser) return jsonResponse(await call.run());
  return streamedInvokeResponse(call);
}
