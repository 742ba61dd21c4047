import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { AgentCallRateSchema } from '@/lib/api/runtime-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { createToken } from '@/lib/auth/create-token';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { connectMcpRoute } from '@/test/api/mcp-route-client';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { waitFor } from '@/test/mcp-servers/processes';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-servers/test-mcp-server';
import { POST as createServer } from '@/app/api/v1/servers/route';
import { GET as getServer } from '@/app/api/v1/servers/[name]/route';
import { DELETE as mcpDelete, GET as mcpGet, POST as mcpPost } from '../../../mcp/route';
import { GET as callRate } from '../../../call-rate/route';
import { PUT as assign } from '../route';
import { POST as invokeRoute } from './route';

process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins';

/** Waits past the last 15 s of a minute, so a test's calls fall in one rate window. */
async function startOfAWindow(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

describeApi('Limits on tool calls: the call rate (429) and a hung MCP upstream (504)', (database) => {
  const tokens: string[] = [];
  const clients: Client[] = [];
  let upstream: TestMcpServer;
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    for (const name of ['first', 'second']) tokens.push((await createToken({ db: database.db, actor: TEST_ADMIN, input: { name, scopes: ['runtime'] } })).secret);
    for (const id of ['alpha', 'beta']) {
      await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id, name: id } });
      expect((await callRoute(assign, apiRequest(`/api/v1/agents/${id}/tools/word_count`, { method: 'PUT', json: { overrides: {} } }), { id, toolName: 'word_count' })).status).toBe(201);
    }
    upstream = await startTestMcpServer({ hasHangingTool: true });
  });
  beforeEach(() => {
    process.env.RUNTIME_RATE_PER_MINUTE = '5';
  });
  afterEach(() => {
    delete process.env.RUNTIME_RATE_PER_MINUTE;
    delete process.env.TOOL_CALL_TIMEOUT_MS;
    delete process.env.MCP_TOOL_CALL_TIMEOUT_MS;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    const { stopServerHost } = await import('@/lib/mcp-servers/server-host');
    await stopServerHost();
    await upstream.close();
  });

  const invoke = (agentId: string, token: string, toolName = 'word_count', args: Record<string, unknown> = { text: 'a b' }) =>
    callRoute(invokeRoute, apiRequest(`/api/v1/agents/${agentId}/tools/${toolName}/invoke`, { as: { token }, method: 'POST', json: { arguments: args } }), { id: agentId, toolName });

  async function mcpClient(agentId: string, token: string): Promise<Client> {
    const { client } = await connectMcpRoute({ handlers: { GET: mcpGet, POST: mcpPost, DELETE: mcpDelete }, agentId, token });
    clients.push(client);
    return client;
  }

  it('answers the 6th call of a token in a minute 429 with Retry-After, on invoke and on MCP tools/call, and audits it once', { timeout: 40_000 }, async () => {
    await startOfAWindow();
    const [first = '', second = ''] = tokens;
    const client = await mcpClient('beta', first);
    for (let call = 0; call < 4; call += 1) expect((await invoke('alpha', first)).status).toBe(200);
    expect((await client.callTool({ name: 'word_count', arguments: { text: 'five' } })).isError).toBeFalsy();

    const refused = await invoke('alpha', first);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(ProblemSchema.parse(await refused.json()).detail).toMatch(/^This token made more than 5 tool calls this minute \(RUNTIME_RATE_PER_MINUTE\); try again in \d+ s$/);
    const viaMcp = await client.callTool({ name: 'word_count', arguments: { text: 'six' } });
    expect(viaMcp.isError).toBe(true);
    expect(JSON.stringify(viaMcp.content)).toContain('more than 5 tool calls this minute');
    expect(viaMcp._meta).toEqual({ retryAfterSeconds: expect.any(Number) });

    // The other token is not held back on beta, whose own count is 1.
    expect((await invoke('beta', second)).status).toBe(200);
    await flushAuditEvents();
    const events = await database.db.selectFrom('audit_events').select(['action', 'target']).where('action', 'in', ['tool.invoke', 'tool.throttle']).execute();
    expect(events.filter((event) => event.action === 'tool.invoke')).toHaveLength(6);
    expect(events.filter((event) => event.action === 'tool.throttle')).toHaveLength(1);
    const rate = AgentCallRateSchema.parse(await (await callRoute(callRate, apiRequest('/api/v1/agents/alpha/call-rate'), { id: 'alpha' })).json());
    expect(rate).toMatchObject({ limitPerMinute: 5, calls: 4, isThrottled: true, throttledCalls: 1 });
  });

  it('answers a call to an agent past its own 5 calls 429, whichever token makes it', { timeout: 40_000 }, async () => {
    await startOfAWindow();
    process.env.RUNTIME_RATE_PER_MINUTE = '5';
    // The first test used this minute's window of beta once (second token): start from a clean agent.
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'gamma', name: 'gamma' } });
    expect((await callRoute(assign, apiRequest('/api/v1/agents/gamma/tools/word_count', { method: 'PUT', json: { overrides: {} } }), { id: 'gamma', toolName: 'word_count' })).status).toBe(201);
    const third = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'third', scopes: ['runtime'] } })).secret;
    const fourth = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'fourth', scopes: ['runtime'] } })).secret;
    for (let call = 0; call < 3; call += 1) expect((await invoke('gamma', third)).status).toBe(200);
    for (let call = 0; call < 2; call += 1) expect((await invoke('gamma', fourth)).status).toBe(200);
    const refused = await invoke('gamma', fourth);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(ProblemSchema.parse(await refused.json()).detail).toContain('Agent "gamma" made more than 5 tool calls this minute');
  });

  it('answers 504 quickly, naming the MCP server, when an upstream MCP tool never answers', async () => {
    process.env.RUNTIME_RATE_PER_MINUTE = '0';
    expect((await callRoute(createServer, apiRequest('/api/v1/servers', { method: 'POST', json: { name: 'stuck', transport: 'http', url: upstream.url } }), {})).status).toBe(201);
    await waitFor('the upstream connected', async () => ((await (await callRoute(getServer, apiRequest('/api/v1/servers/stuck'), { name: 'stuck' })).json()) as { status: string }).status === 'connected', 10_000);
    expect((await callRoute(assign, apiRequest('/api/v1/agents/alpha/tools/stuck_hang', { method: 'PUT', json: { overrides: {} } }), { id: 'alpha', toolName: 'stuck_hang' })).status).toBe(201);
    process.env.TOOL_CALL_TIMEOUT_MS = '3000';
    process.env.MCP_TOOL_CALL_TIMEOUT_MS = '400';
    const started = Date.now();
    const response = await invoke('alpha', tokens[0] ?? '', 'stuck_hang', {});
    const took = Date.now() - started;
    expect(response.status).toBe(504);
    expect(ProblemSchema.parse(await response.json()).detail).toBe('Tool "stuck_hang" did not finish: the MCP server "stuck" did not answer tools/call within 400 ms (MCP_TOOL_CALL_TIMEOUT_MS)');
    expect(took).toBeLessThan(2500);
    await flushAuditEvents();
    const audit = await database.db.selectFrom('audit_events').select('after').where('target', '=', 'agents/alpha/tools/stuck_hang').execute();
    expect(audit.map((event) => (JSON.parse(event.after ?? '{}') as { outcome?: string }).outcome)).toContain('timeout');
  });
});
