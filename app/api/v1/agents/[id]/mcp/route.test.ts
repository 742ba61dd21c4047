import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createToken } from '@/lib/auth/create-token';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { connectMcpRoute } from '@/test/api/mcp-route-client';
import { createAgent } from '@/lib/agents';
import { DELETE as removeTool, PUT } from '../tools/[toolName]/route';
import { DELETE, GET, POST } from './route';

// For slow_lines, a tool that streams its result in parts (e2e/fixtures/plugins/streaming).
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins';

/** The secret of a token with the `runtime` scope, made in each engine's block. */
let runtimeToken = '';

async function connect(agentId: string, token = runtimeToken): Promise<Client> {
  return (await connectMcpRoute({ handlers: { GET, POST, DELETE }, agentId, token })).client;
}

describeApi('the per-agent MCP endpoint', (database) => {
  const clients: Client[] = [];
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    runtimeToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'mcp', name: 'MCP' } });
    for (const toolName of ['word_count', 'todo_read', 'todo_write']) {
      await callRoute(PUT, apiRequest(`/api/v1/agents/mcp/tools/${toolName}`, { method: 'PUT', json: { overrides: {} } }), { id: 'mcp', toolName });
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('lists the effective tools and calls word_count', async () => {
    const client = await connect('mcp');
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['todo_read', 'todo_write', 'word_count']);
    const result = await client.callTool({ name: 'word_count', arguments: { text: 'one two three' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Word count: 3' }]);
  });

  it('sends a streaming tool\'s chunks as progress before the result when the client asks for progress', async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'narrator', name: 'Narrator' } });
    await callRoute(PUT, apiRequest('/api/v1/agents/narrator/tools/slow_lines', { method: 'PUT', json: { overrides: {} } }), { id: 'narrator', toolName: 'slow_lines' });
    const client = await connect('narrator');
    clients.push(client);
    const seen: unknown[] = [];
    const result = await client.callTool({ name: 'slow_lines', arguments: { lines: 3, pauseMs: 0 } }, undefined, { onprogress: (progress) => seen.push(progress) });
    expect(seen).toEqual([
      { progress: 1, message: 'line 1\n' },
      { progress: 2, message: 'line 2\n' },
      { progress: 3, message: 'line 3\n' },
    ]);
    expect(result.content).toEqual([{ type: 'text', text: 'line 1\nline 2\nline 3\n' }]);
  });

  it('gives each session its own todo list', async () => {
    const first = await connect('mcp');
    const second = await connect('mcp');
    clients.push(first, second);
    await first.callTool({ name: 'todo_write', arguments: { todos: [{ content: 'Mine only', status: 'pending' }] } });
    const mine = await first.callTool({ name: 'todo_read', arguments: {} });
    const theirs = await second.callTool({ name: 'todo_read', arguments: {} });
    expect(JSON.stringify(mine.content)).toContain('Mine only');
    expect(theirs.content).toEqual([{ type: 'text', text: 'The todo list is empty.' }]);
  });

  it('answers bad arguments as a tool error the model can read', async () => {
    const client = await connect('mcp');
    clients.push(client);
    const result = await client.callTool({ name: 'word_count', arguments: { text: 7 } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('/arguments/text');
  });

  it('sends list_changed when an assignment is removed, and the next list lacks the tool', async () => {
    const client = await connect('mcp');
    clients.push(client);
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    // The client opens its GET stream after initialize; give it a moment to be listening.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const removed = await callRoute(removeTool, apiRequest('/api/v1/agents/mcp/tools/todo_read', { method: 'DELETE', ifMatch: '*' }), { id: 'mcp', toolName: 'todo_read' });
    expect(removed.status).toBe(204);
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['todo_write', 'word_count']);
  });

  it('refuses a call without a token (401), with an unknown one (401) and with one lacking the runtime scope (403)', async () => {
    const response = await callRoute(POST, apiRequest('/api/v1/agents/mcp/mcp', { as: 'anonymous', method: 'POST', json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }), { id: 'mcp' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expect(connect('mcp', 'wrong')).rejects.toThrow(/401|Unauthorized/);
    const reader = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'reader', scopes: ['agents:read'] } })).secret;
    await expect(connect('mcp', reader)).rejects.toThrow(/403|Forbidden/);
  });
});
