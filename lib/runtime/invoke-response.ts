import 'server-only';
import { InvokeBodySchema } from '@/lib/api/runtime-schemas';
import type { ApiContext } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-json-body';
import { jsonResponse } from '@/lib/http/responses';
import { HeldCallError } from '@/lib/policy/held-call';
import { prepareToolCall } from './prepare-tool-call';
import { streamedInvokeResponse } from './streamed-invoke-response';

/**
 * `POST /api/v1/agents/{id}/tools/{toolName}/invoke`: runs the tool as the agent. A tool that
 * streams its result to the user answers `text/event-stream` as the MCP endpoint does (its
 * chunks as progress notifications, then one JSON-RPC result: `streamedInvokeResponse`); the
 * rest answer JSON. A call its tool policy holds for a person's approval answers 202 with the
 * approval's id, the page where a person decides and the URL to poll. See `prepareToolCall` for what it refuses.
 */
export async function invokeResponse(request: Request, agentId: string, toolName: string, { actor, db, registry }: ApiContext): Promise<Response> {
  const body = await readJsonBody(request, InvokeBodySchema);
  let call;
  try {
    call = await prepareToolCall({ db, registry, actor, agentId, toolName, arguments: body.arguments, sessionId: body.sessionId });
  } catch (error) {
    if (!(error instanceof HeldCallError)) throw error;
    const { approval } = error;
    // Held, not failed: 202 with where a person decides and where the runtime polls (or waits).
    return jsonResponse(
      { status: 'pending', approvalId: approval.id, url: approval.url, poll: `/api/v1/approvals/${approval.id}`, expiresAt: approval.expiresAt, message: error.message },
      { status: 202, location: `/api/v1/approvals/${approval.id}` },
    );
  }
  if (!call.streamsResultToUser) return jsonResponse(await call.run());
  return streamedInvokeResponse(call);
}
