import 'server-only';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { appOrigin } from '@/lib/auth/oauth/app-origin';
import { routeElicitationAnswers, supportsFormElicitation } from './approval-elicitation';
import { requireAgent } from './require-agent';
import { AGENT_RUNTIME } from '@/lib/auth/actor';
import type { ApiContext } from '@/lib/http/api-route';
import { readJsonValue } from '@/lib/http/read-json-body';
import type { Db } from '@/lib/db/schema';
import type { ToolRegistry } from '@/registry';
import { listEffectiveTools } from './list-effective-tools';
import { createMcpServer } from './mcp-server';
import { endRuntimeSession, openRuntimeSession, resumeRuntimeSession } from './runtime-sessions';
import { trackOpenStream } from './open-streams';
import { toMcpTool } from './tool-formats';
import { watchToolList } from './watch-tool-list';

/**
 * `/api/v1/agents/{id}/mcp`, MCP over Streamable HTTP. Every request gets a new SDK `Server` and
 * transport (stateless), and sessions live in the database: `initialize` stores a new session
 * of this agent and caller and answers its id in `Mcp-Session-Id`; later requests name it, and
 * any instance on the same database accepts it from that caller on that agent only (anyone else,
 * or an expired session, gets the 404 of an unknown session: AppError `not_found`). A GET stream re-reads the tool list when the change bus reports a change
 * for the agent (from any instance, through PostgreSQL NOTIFY) and sends `list_changed`. Whether the
 * client declared form elicitation is kept with the session; for such a session, a POST holding only
 * answers to a held call's question is routed to the waiting call (see `approval-elicitation`).
 */
export async function mcpResponse(request: Request, agentId: string, { actor, db, registry }: ApiContext): Promise<Response> {
  await requireAgent(db, agentId);
  const given = request.headers.get('mcp-session-id');
  const parsedBody = request.method === 'POST' ? await readJsonValue(request) : undefined;
  const initializing = Array.isArray(parsedBody) ? parsedBody.some(isInitializeRequest) : isInitializeRequest(parsedBody);

  let sessionId: string;
  let canElicit: boolean;
  if (initializing) {
    const initialize = (Array.isArray(parsedBody) ? parsedBody : [parsedBody]).find(isInitializeRequest);
    canElicit = supportsFormElicitation(initialize?.params.capabilities);
    sessionId = await openRuntimeSession(db, { agentId, actor, canElicit });
  } else {
    if (!given) return jsonRpcError(400, 'Bad Request: the Mcp-Session-Id header is required (send initialize first)');
    ({ canElicit } = await resumeRuntimeSession(db, { id: given, agentId, actor }));
    sessionId = given;
  }
  if (request.method === 'DELETE') {
    await endRuntimeSession(db, { id: sessionId, agentId, actor });
    return new Response(null, { status: 200 });
  }
  // The client's answers to a held call's question: the call waits for them on whichever instance holds it.
  if (request.method === 'POST' && canElicit && (await routeElicitationAnswers(sessionId, parsedBody))) return new Response(null, { status: 202 });

  const server = createMcpServer({ db, registry, actor, agentId, sessionId, canElicit, origin: appOrigin(request) });
  // Initialize runs in stateful mode so the SDK itself answers the new session's id; the rest are
  // stateless, since the session was checked above and may have been opened on another instance.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: initializing ? () => sessionId : undefined,
  });
  await server.connect(transport);
  const response = await transport.handleRequest(request, { parsedBody });
  if (request.method !== 'GET' || !response.ok || !response.body) return response;
  return withListChanged(response, { db, registry, agentId }, () => {
    void server.sendToolListChanged().catch(() => undefined);
  }, async () => {
    await transport.close();
  });
}

/** Watches the agent's list while the GET stream is open; ends with the client or at shutdown. */
function withListChanged(response: Response, { db, registry, agentId }: { db: Db; registry: ToolRegistry; agentId: string }, notify: () => void, close: () => Promise<void>): Response {
  const fingerprint = async () => {
    const { tools } = await listEffectiveTools({ db, registry, actor: AGENT_RUNTIME, agentId });
    return JSON.stringify(tools.map(toMcpTool));
  };
  const stopWatching = watchToolList(agentId, fingerprint, notify);
  const reader = response.body!.getReader();
  let forget = () => {};
  const end = () => {
    stopWatching();
    forget();
    void close().catch(() => undefined);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) {
        end();
        controller.close();
      } else controller.enqueue(value);
    },
    cancel() {
      end();
      void reader.cancel().catch(() => undefined);
    },
  });
  forget = trackOpenStream(() => {
    end();
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

function jsonRpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status });
}
