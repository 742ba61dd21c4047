import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

/** A Streamable HTTP MCP server for tests and benches, started in this process. */
export interface TestMcpServer {
  url: string;
  /** Adds a tool and sends `notifications/tools/list_changed` to every session. */
  addTool(name: string): Promise<void>;
  /** Changes a listed tool in place (same name) and sends `notifications/tools/list_changed` to every session. */
  changeTool(name: string, change: Partial<Pick<Tool, 'description' | 'inputSchema' | 'annotations'>>): Promise<void>;
  /** How many sessions are open. */
  sessionCount(): number;
  close(): Promise<void>;
}

/** What the test server serves. */
export interface TestMcpServerOptions {
  /** How many tools besides `echo` and `fail` (named `tool0001`…); default 0. */
  extraTools?: number;
  /** Tools per `tools/list` page; default 100. */
  pageSize?: number;
  /** A bearer token every request must carry; none by default. */
  bearer?: string;
  /** Query parameters every request's URL must carry with exactly these values; none by default. */
  query?: Record<string, string>;
  /** The port to listen on; default any free one. */
  port?: number;
  /** Also serve `hang`, whose calls are never answered (an upstream tool that hangs); default false. */
  hasHangingTool?: boolean;
}

/**
 * An SDK `Server` behind the SDK's Node Streamable HTTP transport, one per session: `echo`
 * (read-only, answers its `text`), `fail` (answers an MCP error result), and `extraTools` more,
 * listed in pages with `nextCursor`.
 */
export async function startTestMcpServer(options: TestMcpServerOptions = {}): Promise<TestMcpServer> {
  const pageSize = options.pageSize ?? 100;
  const tools: Tool[] = [
    {
      name: 'echo',
      description: 'Answers the text it is given',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    { name: 'fail', description: 'Always fails', inputSchema: { type: 'object', properties: {} }, annotations: { destructiveHint: true } },
  ];
  if (options.hasHangingTool) tools.push({ name: 'hang', description: 'Never answers', inputSchema: { type: 'object', properties: {} } });
  for (let index = 1; index <= (options.extraTools ?? 0); index += 1) {
    const name = `tool${String(index).padStart(4, '0')}`;
    tools.push({ name, description: `Test tool number ${index}, which adds one to its input`, inputSchema: { type: 'object', properties: { n: { type: 'number' } } } });
  }
  const sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport; streams: number }>();

  function newSession(): { server: Server; transport: StreamableHTTPServerTransport } {
    const server = new Server({ name: 'test-mcp-server', version: '1.2.3' }, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const start = Number(request.params?.cursor ?? 0);
      const next = start + pageSize;
      return { tools: tools.slice(start, next), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
    });
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      if (request.params.name === 'fail') return { isError: true, content: [{ type: 'text', text: 'The test server refuses: fail always fails' }] };
      if (request.params.name === 'hang') return new Promise<never>(() => undefined);
      if (request.params.name === 'echo') return { content: [{ type: 'text', text: String(request.params.arguments?.text ?? '') }] };
      return { content: [{ type: 'text', text: `called ${request.params.name}` }] };
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const session = { server, transport, streams: 0 };
    return session;
  }

  /**
   * Tells every session its tool list changed. A notification outside a request travels on the
   * client's GET stream and is dropped when none is open, so on a busy machine it first waits (up to
   * 10 s) for a client that has opened its stream after connecting.
   */
  async function notifyToolListChanged(): Promise<void> {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      if ([...sessions.values()].some((session) => session.streams > 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all([...sessions.values()].map(({ server }) => server.sendToolListChanged().catch(() => undefined)));
  }

  const httpServer = http.createServer((request, response) => {
    void (async () => {
      if (options.bearer && request.headers.authorization !== `Bearer ${options.bearer}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      const searchParams = new URL(request.url ?? '/', 'http://test').searchParams;
      if (Object.entries(options.query ?? {}).some(([name, value]) => searchParams.get(name) !== value)) {
        response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'a required query parameter is missing or wrong' }));
        return;
      }
      const id = request.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? sessions.get(id) : undefined;
      if (existing) {
        // A GET is the client's stream for notifications such as tools/list_changed.
        if (request.method === 'GET') {
          existing.streams += 1;
          response.once('close', () => (existing.streams -= 1));
        }
        await existing.transport.handleRequest(request, response);
        return;
      }
      const session = newSession();
      await session.server.connect(session.transport);
      await session.transport.handleRequest(request, response);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async addTool(name) {
      tools.push({ name, description: `Added later: ${name}`, inputSchema: { type: 'object', properties: {} } });
      await notifyToolListChanged();
    },
    async changeTool(name, change) {
      const index = tools.findIndex((tool) => tool.name === name);
      if (index < 0) throw new Error(`The test server has no tool "${name}"`);
      tools[index] = { ...tools[index]!, ...change };
      await notifyToolListChanged();
    },
    sessionCount: () => sessions.size,
    async close() {
      await Promise.allSettled([...sessions.values()].map(({ transport }) => transport.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
