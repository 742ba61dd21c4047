import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

/** An official MCP SDK client connected to one agent's endpoint, counting list_changed notices. */
export interface AgentMcpClient {
  client: Client;
  /** The session the endpoint answered in `Mcp-Session-Id`. */
  sessionId(): string | undefined;
  /** Resolves on the next `notifications/tools/list_changed`. */
  nextListChanged(): Promise<void>;
  close(): Promise<void>;
}

/** Connects to `<baseUrl>/api/v1/agents/<agentId>/mcp` with the bearer token (through `fetchVia` when given). */
export async function connectAgent(baseUrl: string, agentId: string, token: string, fetchVia?: typeof fetch): Promise<AgentMcpClient> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  let waiting: (() => void)[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve();
  });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/v1/agents/${agentId}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    ...(fetchVia ? { fetch: fetchVia } : {}),
  });
  await client.connect(transport);
  return {
    client,
    sessionId: () => transport.sessionId,
    nextListChanged: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: async () => {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

/** Makes an API token with the `runtime` scope on the server, as its admin; answers the secret. */
export async function createRuntimeToken(server: { fetch(pathname: string, init?: RequestInit): Promise<Response> }): Promise<string> {
  const response = await server.fetch('/api/v1/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'e2e runtime', scopes: ['runtime'] }) });
  if (response.status !== 201) throw new Error(`Creating a runtime token failed: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { secret: string }).secret;
}

/** Resolves when `promise` does, or fails after `ms` naming `what`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms))]);
}
