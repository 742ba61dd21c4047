import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callRoute, type RouteHandler } from './api-harness';

type Handler = RouteHandler<{ id: string }>;

/** The MCP route's handlers (`app/api/v1/agents/[id]/mcp/route`): test helpers may not import app/. */
export interface McpRouteHandlers {
  GET: Handler;
  POST: Handler;
  DELETE: Handler;
}

/** The origin the client's URLs carry; the requests never leave the process. */
export const ROUTE_BASE = 'http://127.0.0.1:3000';

/** A fetch that hands the client's requests straight to the route handlers, as Next.js would. */
export function mcpRouteFetch(handlers: McpRouteHandlers, agentId: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input instanceof Request ? input : String(input), init);
    return callRoute(handlers[request.method as keyof McpRouteHandlers], request, { id: agentId });
  };
}

/** What `connectMcpRoute` needs; `options` are the SDK client's (capabilities, say). */
export interface McpRouteClientOptions {
  handlers: McpRouteHandlers;
  agentId: string;
  /** Sent as `Authorization: Bearer …`. */
  token: string;
  name?: string;
  options?: ClientOptions;
  /** Called before connecting: request handlers the client answers (elicitation, say). */
  prepare?: (client: Client) => void;
}

/** A real MCP SDK client on the agent's endpoint, connected (initialize done) over the route handlers. */
export async function connectMcpRoute({ handlers, agentId, token, name = 'test', options, prepare }: McpRouteClientOptions): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name, version: '1' }, options);
  prepare?.(client);
  const transport = new StreamableHTTPClientTransport(new URL(`${ROUTE_BASE}/api/v1/agents/${agentId}/mcp`), {
    fetch: mcpRouteFetch(handlers, agentId),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return { client, transport };
}
