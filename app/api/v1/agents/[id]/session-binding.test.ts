import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { InvokeResultSchema } from '@/lib/api/runtime-schemas';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { createToken } from '@/lib/auth/create-token';
import { sessionHash } from '@/lib/runtime/runtime-sessions';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { connectMcpRoute } from '@/test/api/mcp-route-client';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { DELETE, GET, POST as mcpPost } from './mcp/route';
import { PUT } from './tools/[toolName]/route';
import { POST as invokePost } from './tools/[toolName]/invoke/route';

const SECRET_TODO = 'Pay the payroll of Ada';

/** A raw MCP request naming a session, as a probe would send it (no SDK in between). */
function mcpRequest(agentId: string, token: string, sessionId: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
  const method = init.method ?? 'POST';
  const request = apiRequest(`/api/v1/agents/${agentId}/mcp`, {
    as: { token },
    method,
    json: init.json,
    headers: { 'mcp-session-id': sessionId, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
  });
  const handler = { GET, POST: mcpPost, DELETE }[method as 'GET' | 'POST' | 'DELETE'];
  return callRoute(handler, request, { id: agentId });
}

const readTodos = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'todo_read', arguments: {} } };

/** A problem body without what may differ between two answers of one kind (nothing, today). */
async function bodyOf(response: Response): Promise<unknown> {
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

describeApi('sessions bound to their caller (issue 32)', (database) => {
  let tokenA = '';
  let tokenB = '';
  const clients: Client[] = [];

  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    tokenA = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime A', scopes: ['runtime'] } })).secret;
    tokenB = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime B', scopes: ['runtime'] } })).secret;
    for (const agentId of ['hr', 'sales']) {
      await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: agentId, name: agentId } });
      for (const toolName of ['todo_read', 'todo_write']) {
        await callRoute(PUT, apiRequest(`/api/v1/agents/${agentId}/tools/${toolName}`, { method: 'PUT', json: { overrides: {} } }), { id: agentId, toolName });
      }
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  const invoke = (agentId: string, toolName: string, json: unknown, as: { token: string } | 'admin' = { token: tokenA }) =>
    callRoute(invokePost, apiRequest(`/api/v1/agents/${agentId}/tools/${toolName}/invoke`, { as, method: 'POST', json }), { id: agentId, toolName });

  /** Agent A's runtime (token A on hr) over MCP, with a todo list written in its session. */
  async function sessionOfA(): Promise<{ client: Client; sessionId: string }> {
    const { client, transport } = await connectMcpRoute({ handlers: { GET, POST: mcpPost, DELETE }, agentId: 'hr', token: tokenA, name: 'runtime-a' });
    clients.push(client);
    await client.callTool({ name: 'todo_write', arguments: { todos: [{ content: SECRET_TODO, status: 'pending' }] } });
    const sessionId = transport.sessionId;
    if (!sessionId) throw new Error('The MCP endpoint answered no Mcp-Session-Id');
    return { client, sessionId };
  }

  it('answers a second token reusing agent A\'s Mcp-Session-Id 404, as for an unknown session, and reads nothing', async () => {
    const { client, sessionId } = await sessionOfA();
    const reused = await mcpRequest('hr', tokenB, sessionId, { json: readTodos });
    const unknown = await mcpRequest('hr', tokenB, crypto.randomUUID(), { json: readTodos });
    expect(reused.status).toBe(404);
    const reusedBody = await bodyOf(reused);
    expect(reusedBody).toEqual(await bodyOf(unknown));
    expect(JSON.stringify(reusedBody)).not.toContain(SECRET_TODO);
    // Its stream and its end are refused alike; A's session goes on.
    expect((await mcpRequest('hr', tokenB, sessionId, { method: 'GET' })).status).toBe(404);
    expect((await mcpRequest('hr', tokenB, sessionId, { method: 'DELETE' })).status).toBe(404);
    expect(JSON.stringify((await client.callTool({ name: 'todo_read', arguments: {} })).content)).toContain(SECRET_TODO);
  });

  it('answers POST /api/v1/agents/hr/tools/todo_read/invoke {"sessionId":"<A\'s>"} from another principal 404 and reads nothing', async () => {
    const { sessionId } = await sessionOfA();
    for (const as of [{ token: tokenB }, 'admin'] as const) {
      // The probe's exact body, and the same with arguments.
      for (const json of [{ sessionId }, { arguments: {}, sessionId }]) {
        const response = await invoke('hr', 'todo_read', json, as);
        const text = await response.text();
        expect(response.status, `${JSON.stringify(as)} ${text}`).toBe(404);
        expect(text).not.toContain(SECRET_TODO);
      }
    }
    const foreign = await invoke('hr', 'todo_read', { arguments: {}, sessionId }, { token: tokenB });
    const unknown = await invoke('hr', 'todo_read', { arguments: {}, sessionId: crypto.randomUUID() }, { token: tokenB });
    expect(await bodyOf(foreign)).toEqual(await bodyOf(unknown));
    // The owner reads it through invoke too: one session, whichever way it is used.
    const own = InvokeResultSchema.parse(await (await invoke('hr', 'todo_read', { arguments: {}, sessionId })).json());
    expect(own.result).toContain(SECRET_TODO);
  });

  it('answers the same token on another agent 404, over invoke and MCP, and writes nothing there', async () => {
    const { sessionId } = await sessionOfA();
    const viaInvoke = await invoke('sales', 'todo_read', { arguments: {}, sessionId });
    expect(viaInvoke.status).toBe(404);
    expect(await viaInvoke.text()).not.toContain(SECRET_TODO);
    expect((await invoke('sales', 'todo_write', { arguments: { todos: [{ content: 'planted', status: 'pending' }] }, sessionId })).status).toBe(404);
    expect((await mcpRequest('sales', tokenA, sessionId, { json: readTodos })).status).toBe(404);
    const planted = await database.db.selectFrom('session_todo_items').select('content').where('content', '=', 'planted').execute();
    expect(planted).toEqual([]);
  });

  it('ends a session with its todo list when its owner deletes it', async () => {
    const { sessionId } = await sessionOfA();
    expect((await mcpRequest('hr', tokenA, sessionId, { method: 'DELETE' })).status).toBe(200);
    expect(await database.db.selectFrom('session_todo_items').select('content').where('session_id', '=', sessionId).execute()).toEqual([]);
    expect((await invoke('hr', 'todo_read', { arguments: {}, sessionId })).status).toBe(404);
  });

  it('audits a call with the session\'s hash and the result\'s size, never the session id or the result', async () => {
    const { sessionId } = await sessionOfA();
    const read = InvokeResultSchema.parse(await (await invoke('hr', 'todo_read', { arguments: {}, sessionId })).json());
    await flushAuditEvents();
    const events = await database.db.selectFrom('audit_events').selectAll().where('agent_id', '=', 'hr').orderBy('id', 'desc').execute();
    const call = events.find((event) => event.action === 'tool.invoke' && event.tool_name === 'todo_read');
    expect(JSON.parse(call?.after ?? '{}')).toMatchObject({ sessionHash: sessionHash(sessionId), outcome: 'ok', resultBytes: Buffer.byteLength(read.result) });
    expect(sessionHash(sessionId)).toMatch(/^[0-9a-f]{16}$/);
    // No event of the agent carries the id; none carries the list but as todo_write's own arguments.
    for (const event of events) {
      expect(JSON.stringify(event)).not.toContain(sessionId);
      if (event.tool_name !== 'todo_write') expect(JSON.stringify(event), event.action).not.toContain('Pay the payroll');
    }
    expect(events.filter((event) => event.action === 'todo.write').map((event) => event.target)).toContain(`agents/hr/sessions/${sessionHash(sessionId)}/todos`);
  });
});
