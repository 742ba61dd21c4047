import { bearerChallenge } from '@/lib/auth/oauth/bearer-challenge';
import { apiRoute } from '@/lib/http/api-route';
import { mcpResponse } from '@/lib/runtime/mcp-response';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// A Bearer token with the `runtime` scope, an OAuth access token for this agent, or an admin's session.
const handler = apiRoute<{ id: string }>(
  { permission: 'runtime', challenge: (request, { id }) => bearerChallenge(request, id) },
  (request, { id }, context) => mcpResponse(request, id, context),
);

/** The agent's MCP server over Streamable HTTP: JSON-RPC messages in, answers and SSE streams out. */
export const POST = handler;
/** The session's SSE stream, which carries `notifications/tools/list_changed`. */
export const GET = handler;
/** Ends the session named by `Mcp-Session-Id`. */
export const DELETE = handler;

export const { PUT, PATCH } = otherMethods(['GET', 'POST', 'DELETE']);
