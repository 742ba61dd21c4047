import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { connectAgent, createRuntimeToken, within, type AgentMcpClient } from './mcp-client';


test.describe('[RUNTIME][MCP]', () => {
  test.setTimeout(120_000);
  let server: NextServer;
  let root = '';
  let baseDir = '';
  let token = '';
  const clients: AgentMcpClient[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    root = await mkdtemp(path.join(os.tmpdir(), 'mcp-e2e-'));
    baseDir = path.join(root, 'docs');
    await import('node:fs/promises').then((fs) => fs.mkdir(baseDir));
    await writeFile(path.join(baseDir, 'readme.txt'), 'inside the base dir');
    await writeFile(path.join(root, 'secret.txt'), 'outside the base dir');
    server = await startNextServer(ownServerPort(20), { SEED_DEMO: '0', FS_ALLOWED_ROOTS: root });
    token = await createRuntimeToken(server);
    const api = (pathname: string, init: RequestInit = {}) => server.fetch(pathname, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
    expect((await api('/api/v1/agents', { method: 'POST', body: JSON.stringify({ id: 'helper', name: 'Helper' }) })).status).toBe(201);
    for (const [toolName, overrides] of [['word_count', {}], ['todo_read', {}], ['todo_write', {}], ['fs_read_file', { baseDir }]] as const) {
      const response = await api(`/api/v1/agents/helper/tools/${toolName}`, { method: 'PUT', body: JSON.stringify({ overrides }) });
      expect(response.status, await response.clone().text()).toBe(201);
    }
  });

  test.afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });

  async function connect(): Promise<AgentMcpClient> {
    const client = await connectAgent(server.url, 'helper', token);
    clients.push(client);
    return client;
  }

  test('[RUNTIME][MCP]: the list is exactly the agent\'s effective tools, and word_count can be called', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    const effective = (await (await server.fetch('/api/v1/agents/helper/effective-tools?format=mcp')).json()) as { tools: unknown[] };
    expect(tools).toEqual(effective.tools);
    expect(tools.map((tool) => tool.name).sort()).toEqual(['fs_read_file', 'todo_read', 'todo_write', 'word_count']);
    const result = await client.callTool({ name: 'word_count', arguments: { text: 'one two three' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Word count: 3' }]);
  });

  test('[RUNTIME][MCP]: fs_read_file reads inside the agent\'s baseDir and is refused outside it', async () => {
    const { client } = await connect();
    const inside = await client.callTool({ name: 'fs_read_file', arguments: { path: 'readme.txt' } });
    expect(inside.isError).toBeFalsy();
    expect(JSON.stringify(inside.content)).toContain('inside the base dir');
    const outside = await client.callTool({ name: 'fs_read_file', arguments: { path: '../secret.txt' } });
    expect(outside.isError).toBe(true);
    expect(JSON.stringify(outside.content)).not.toContain('outside the base dir');
  });

  test('[RUNTIME][MCP]: each MCP session has its own todo list', async () => {
    const first = await connect();
    const second = await connect();
    await first.client.callTool({ name: 'todo_write', arguments: { todos: [{ content: 'Only in the first session', status: 'pending' }] } });
    const mine = await first.client.callTool({ name: 'todo_read', arguments: {} });
    const theirs = await second.client.callTool({ name: 'todo_read', arguments: {} });
    expect(JSON.stringify(mine.content)).toContain('Only in the first session');
    expect(theirs.content).toEqual([{ type: 'text', text: 'The todo list is empty.' }]);
  });

  test('[RUNTIME][MCP]: a session is its opener\'s: another token reusing its id, over MCP or invoke, gets 404 and reads nothing', async () => {
    const owner = await connect();
    await owner.client.callTool({ name: 'todo_write', arguments: { todos: [{ content: 'Salary review of Ada', status: 'pending' }] } });
    const sessionId = owner.sessionId() ?? '';
    expect(sessionId).not.toBe('');
    const other = await createRuntimeToken(server);
    const headers = (secret: string) => ({ authorization: `Bearer ${secret}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' });
    const readOverMcp = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'todo_read', arguments: {} } });
    const reused = await fetch(`${server.url}/api/v1/agents/helper/mcp`, { method: 'POST', headers: { ...headers(other), 'mcp-session-id': sessionId }, body: readOverMcp });
    const unknown = await fetch(`${server.url}/api/v1/agents/helper/mcp`, { method: 'POST', headers: { ...headers(other), 'mcp-session-id': crypto.randomUUID() }, body: readOverMcp });
    expect(reused.status).toBe(404);
    const reusedText = await reused.text();
    // The same answer as for a session that never existed, but for the request's own id.
    const withoutRequestId = (text: string) => ({ ...(JSON.parse(text) as Record<string, unknown>), requestId: undefined });
    expect(withoutRequestId(reusedText)).toEqual(withoutRequestId(await unknown.text()));
    expect(reusedText).not.toContain('Salary review');
    // The probe's exact invoke request, from the other token.
    const invoked = await fetch(`${server.url}/api/v1/agents/helper/tools/todo_read/invoke`, { method: 'POST', headers: headers(other), body: JSON.stringify({ sessionId }) });
    expect(invoked.status).toBe(404);
    expect(await invoked.text()).not.toContain('Salary review');
    // The owner still reads it, over MCP and over invoke.
    expect(JSON.stringify((await owner.client.callTool({ name: 'todo_read', arguments: {} })).content)).toContain('Salary review');
    const own = await fetch(`${server.url}/api/v1/agents/helper/tools/todo_read/invoke`, { method: 'POST', headers: headers(token), body: JSON.stringify({ sessionId }) });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { result: string }).result).toContain('Salary review');
  });

  test('[RUNTIME][MCP]: removing an assignment sends list_changed and the next list lacks the tool', async () => {
    const watcher = await connect();
    const changed = watcher.nextListChanged();
    // The client opens its SSE stream right after initialize; let it be listening first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const removed = await server.fetch('/api/v1/agents/helper/tools/todo_read', { method: 'DELETE', headers: { 'if-match': '*' } });
    expect(removed.status).toBe(204);
    await within(changed, 3_000, 'notifications/tools/list_changed');
    const { tools } = await watcher.client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('todo_read');
  });

  test('[RUNTIME][MCP]: a call without a token gets 401', async () => {
    const response = await fetch(`${server.url}/api/v1/agents/helper/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expect(connectAgent(server.url, 'helper', 'not-the-token')).rejects.toThrow(/401|Unauthorized/i);
  });
});
