import { afterAll, beforeAll, expect, it } from 'vitest';
import { ServerSchema, ServerTestResultSchema } from '@/lib/api/server-schemas';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { subscribeChanges } from '@/lib/events';
import { childPids, EVERYTHING_BIN, isAlive, waitFor } from '@/test/mcp-servers/processes';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-servers/test-mcp-server';
import { GET as listTools } from '../tools/route';
import { GET as listAgentTools } from '../agents/[id]/tools/route';
import { GET as listEffectiveTools } from '../agents/[id]/effective-tools/route';
import { PUT as putAgentTool } from '../agents/[id]/tools/[toolName]/route';
import { POST as acceptUpstream } from '../agents/[id]/tools/[toolName]/accept-upstream/route';
import { POST as invoke } from '../agents/[id]/tools/[toolName]/invoke/route';
import { GET as getAgentToolPolicy } from '../agents/[id]/tools/[toolName]/policy/route';
import { POST as testConnection } from '../connection-tests/route';
import { DELETE, GET as getServer, PUT } from './[name]/route';
import { POST as refresh } from './[name]/refresh/route';
import { GET, POST } from './route';

process.env.TEST_MCP_TOKEN = 'secret-token';
// The operator lets servers read these two variables (one of them unset).
process.env.SERVER_ENV_ALLOWLIST = 'TEST_MCP_TOKEN,NOT_SET_AT_ALL';

describeApi('/api/v1/servers', (database) => {
  let http: TestMcpServer;
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    http = await startTestMcpServer({ bearer: 'secret-token' });
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'agent', name: 'Agent' } });
  });
  afterAll(async () => {
    const { stopServerHost } = await import('@/lib/mcp-servers/server-host');
    await stopServerHost();
    await http.close();
  });

  const remote = (name: string, extra: Record<string, unknown> = {}) => ({
    name, transport: 'http', url: http.url, headers: { Authorization: 'Bearer ${TEST_MCP_TOKEN}' }, ...extra,
  });
  const everything = { name: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] };
  const create = (json: unknown, as: 'admin' | 'editor' = 'admin') => callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json, as }), {});
  const read = async (name: string) => ServerSchema.parse(await (await callRoute(getServer, apiRequest(`/api/v1/servers/${name}`), { name })).json());
  const agentTool = async (toolName: string) => {
    const body = (await (await callRoute(listAgentTools, apiRequest('/api/v1/agents/agent/tools'), { id: 'agent' })).json()) as { assignments: { toolName: string; status: string; unavailableReason?: string }[] };
    return body.assignments.find((assignment) => assignment.toolName === toolName);
  };

  it('adds an HTTP server (201, ETag, Location), which connects and answers its status and tool count', async () => {
    const response = await create(remote('remote'));
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.headers.get('location')).toBe('/api/v1/servers/remote');
    await waitFor('connected', async () => (await read('remote')).status === 'connected', 10_000);
    expect(await read('remote')).toMatchObject({ status: 'connected', toolCount: 2, headers: { Authorization: 'Bearer ${TEST_MCP_TOKEN}' } });
    const listed = (await (await callRoute(GET, apiRequest('/api/v1/servers'), {})).json()) as { servers: { name: string }[] };
    expect(listed.servers.map((server) => server.name)).toContain('remote');
    const audit = await database.db.selectFrom('audit_events').select(['action', 'after']).where('target', '=', 'servers/remote').execute();
    expect(audit.map((event) => event.action)).toEqual(['server.create']);
    expect(audit[0]?.after).not.toContain('secret-token');
  });

  it('takes a list_changed from the server into the catalogue with no restart, and tells MCP sessions (a catalogue change event)', async () => {
    const events: string[] = [];
    const unsubscribe = subscribeChanges((event) => events.push(event.kind));
    try {
      await http.addTool('late');
      await waitFor('the new tool in the catalogue', async () => {
        const catalogue = (await (await callRoute(listTools, apiRequest('/api/v1/tools'), {})).json()) as { tools: { name: string }[] };
        return catalogue.tools.some((tool) => tool.name === 'remote_late');
      }, 5000);
      expect(events).toContain('catalogue');
      expect(await read('remote')).toMatchObject({ toolCount: 3 });
    } finally {
      unsubscribe();
    }
  });

  it('takes a tool changed under the same name (description, schema, annotations) into the catalogue on list_changed, and into the agent\'s MCP tool list once accepted', async () => {
    const own = await startTestMcpServer();
    const events: string[] = [];
    const unsubscribe = subscribeChanges((event) => events.push(event.kind));
    try {
      expect((await create({ name: 'changing', transport: 'http', url: own.url })).status).toBe(201);
      await waitFor('connected', async () => (await read('changing')).status === 'connected', 10_000);
      const assigned = await callRoute(putAgentTool, apiRequest('/api/v1/agents/agent/tools/changing_echo', { method: 'PUT', json: { overrides: {} } }), { id: 'agent', toolName: 'changing_echo' });
      expect(assigned.status).toBe(201);
      const catalogueEntry = async () => {
        const catalogue = (await (await callRoute(listTools, apiRequest('/api/v1/tools'), {})).json()) as { tools: { name: string; description: string; annotations?: unknown }[] };
        return catalogue.tools.find((tool) => tool.name === 'changing_echo');
      };
      const mcpTool = async () => {
        const body = (await (await callRoute(listEffectiveTools, apiRequest('/api/v1/agents/agent/effective-tools?format=mcp'), { id: 'agent' })).json()) as { tools: { name: string; description: string; inputSchema: unknown }[] };
        return body.tools.find((tool) => tool.name === 'changing_echo');
      };
      expect(await catalogueEntry()).toMatchObject({ description: 'Answers the text it is given', annotations: { readOnlyHint: true } });
      expect(await mcpTool()).toMatchObject({ description: 'Answers the text it is given' });
      events.length = 0;
      await own.changeTool('echo', {
        description: 'Repeats the text it is given',
        inputSchema: { type: 'object', properties: { text: { type: 'string' }, loud: { type: 'boolean' } }, required: ['text'] },
        annotations: { destructiveHint: true },
      });
      await waitFor('the new description in the catalogue', async () => (await catalogueEntry())?.description === 'Repeats the text it is given', 5000);
      expect((await catalogueEntry())?.annotations).toEqual({ destructiveHint: true });
      // The agent's model keeps the version approved when it was assigned until an editor accepts the change.
      expect(await mcpTool()).toMatchObject({ description: 'Answers the text it is given' });
      const accepted = await callRoute(acceptUpstream, apiRequest('/api/v1/agents/agent/tools/changing_echo/accept-upstream', { method: 'POST' }), { id: 'agent', toolName: 'changing_echo' });
      expect(accepted.status).toBe(200);
      expect(await mcpTool()).toMatchObject({ description: 'Repeats the text it is given', inputSchema: { properties: { loud: { type: 'boolean' } } } });
      // The change event is what makes the agents' MCP sessions send notifications/tools/list_changed.
      expect(events).toContain('catalogue');
      const removed = await callRoute(DELETE, apiRequest('/api/v1/servers/changing', { method: 'DELETE', ifMatch: '"1"' }), { name: 'changing' });
      expect(removed.status).toBe(200);
    } finally {
      unsubscribe();
      await own.close();
    }
  });

  it('flags a change of a tool\'s annotations alone, in words, and keeps the approved annotations\' call policy until an editor accepts', async () => {
    const own = await startTestMcpServer();
    try {
      expect((await create({ name: 'hinting', transport: 'http', url: own.url })).status).toBe(201);
      await waitFor('connected', async () => (await read('hinting')).status === 'connected', 10_000);
      // `fail` says it destroys: calls wait for a person.
      const assigned = await callRoute(putAgentTool, apiRequest('/api/v1/agents/agent/tools/hinting_fail', { method: 'PUT', json: { overrides: {} } }), { id: 'agent', toolName: 'hinting_fail' });
      expect(assigned.status).toBe(201);
      const policy = async () => {
        const response = await callRoute(getAgentToolPolicy, apiRequest('/api/v1/agents/agent/tools/hinting_fail/policy'), { id: 'agent', toolName: 'hinting_fail' });
        return ((await response.json()) as { effective: { callPolicy: unknown } }).effective.callPolicy;
      };
      const change = async () => {
        const body = (await (await callRoute(listAgentTools, apiRequest('/api/v1/agents/agent/tools'), { id: 'agent' })).json()) as { assignments: { toolName: string; upstreamChange?: { changed: string[]; summary: string[] } }[] };
        return body.assignments.find((assignment) => assignment.toolName === 'hinting_fail')?.upstreamChange;
      };
      expect(await policy()).toEqual({ value: 'ask', source: 'annotations' });
      expect(await change()).toBeUndefined();

      await own.changeTool('fail', { annotations: { destructiveHint: false } });
      await waitFor('the change flagged', async () => (await change()) !== undefined, 5000);
      expect(await change()).toEqual(expect.objectContaining({ changed: ['annotations'], summary: ['destructiveHint: true → false'] }));
      // The provider cannot loosen the policy before an editor accepts its change.
      expect(await policy()).toEqual({ value: 'ask', source: 'annotations' });
      const held = await callRoute(invoke, apiRequest('/api/v1/agents/agent/tools/hinting_fail/invoke', { method: 'POST', json: { arguments: {} } }), { id: 'agent', toolName: 'hinting_fail' });
      expect(held.status).toBe(202);

      const accepted = await callRoute(acceptUpstream, apiRequest('/api/v1/agents/agent/tools/hinting_fail/accept-upstream', { method: 'POST' }), { id: 'agent', toolName: 'hinting_fail' });
      expect(accepted.status).toBe(200);
      expect(await change()).toBeUndefined();
      expect(await policy()).toEqual({ value: 'allow', source: 'tool' });
      expect((await callRoute(DELETE, apiRequest('/api/v1/servers/hinting', { method: 'DELETE', ifMatch: '"1"' }), { name: 'hinting' })).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('refuses a bad name, a name taken by a group or a server, and a credential given as a value, changing nothing', async () => {
    const before = await snapshotTables(database.db);
    expect((await create(remote('Bad-Name'))).status).toBe(400);
    expect((await create(remote('fs'))).status).toBe(409);
    expect((await create(remote('remote'))).status).toBe(409);
    const literal = await create({ ...remote('leaky'), headers: { Authorization: 'Bearer abc123' } });
    expect(literal.status).toBe(400);
    expect(JSON.stringify(await literal.json())).toContain('/headers/Authorization');
    expect((await create({ ...everything, name: 'leakyenv', env: { GITHUB_TOKEN: 'ghp_literal' } })).status).toBe(400);
    expect(await snapshotTables(database.db)).toEqual(before);
  });

  it('lets an editor add an HTTP server but not a stdio one (it runs a command on the host)', async () => {
    expect((await create(remote('byeditor'), 'editor')).status).toBe(201);
    const stdio = await create({ ...everything, name: 'stdioeditor' }, 'editor');
    expect(stdio.status).toBe(403);
    expect(((await stdio.json()) as { detail: string }).detail).toContain('servers:stdio');
  });

  it('refuses stdio servers entirely with MCP_STDIO=off', async () => {
    process.env.MCP_STDIO = 'off';
    try {
      const response = await create({ ...everything, name: 'stdiooff' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toContain('MCP_STDIO=off');
    } finally {
      delete process.env.MCP_STDIO;
    }
  });

  it('changes a server only with the current If-Match (428 without, 412 stale), and disabling closes its connection', async () => {
    const put = (ifMatch: string | undefined, json: unknown) => callRoute(PUT, apiRequest('/api/v1/servers/byeditor', { method: 'PUT', json, ...(ifMatch ? { ifMatch } : {}) }), { name: 'byeditor' });
    expect((await put(undefined, remote('byeditor', { enabled: false }))).status).toBe(428);
    expect((await put('"7"', remote('byeditor', { enabled: false }))).status).toBe(412);
    const response = await put('"1"', remote('byeditor', { enabled: false }));
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"2"');
    expect(ServerSchema.parse(await response.json())).toMatchObject({ status: 'disabled', enabled: false });
    const catalogue = (await (await callRoute(listTools, apiRequest('/api/v1/tools'), {})).json()) as { tools: { name: string; available: boolean; unavailableReason?: string }[] };
    expect(catalogue.tools.find((tool) => tool.name === 'byeditor_*')).toMatchObject({ available: false, unavailableReason: 'The server is disabled' });
  });

  it('tests a connection: the server\'s name, version and tool count, or the error', async () => {
    const ok = ServerTestResultSchema.parse(await (await callRoute(testConnection, apiRequest('/api/v1/connection-tests', { method: 'POST', json: remote('probe') }), {})).json());
    expect(ok).toEqual({ ok: true, serverInfo: { name: 'test-mcp-server', version: '1.2.3' }, toolCount: 3 });
    const refused = ServerTestResultSchema.parse(await (await callRoute(testConnection, apiRequest('/api/v1/connection-tests', { method: 'POST', json: { ...remote('probe'), headers: { Authorization: 'Bearer ${NOT_SET_AT_ALL}' } } }), {})).json());
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining('${NOT_SET_AT_ALL}') });
  });

  it('serves server-everything over stdio: its tools in the catalogue, assigned and invoked; kill -9 makes the assignment unavailable, not missing, and it comes back; removing it ends its process', async () => {
    expect((await create(everything)).status).toBe(201);
    await waitFor('connected', async () => (await read('everything')).status === 'connected', 15_000);
    const catalogue = (await (await callRoute(listTools, apiRequest('/api/v1/tools'), {})).json()) as { tools: { name: string; group: string }[] };
    expect(catalogue.tools.find((tool) => tool.name === 'everything_echo')).toMatchObject({ group: 'everything' });

    const assigned = await callRoute(putAgentTool, apiRequest('/api/v1/agents/agent/tools/everything_echo', { method: 'PUT', json: { overrides: {} } }), { id: 'agent', toolName: 'everything_echo' });
    expect(assigned.status).toBe(201);
    const called = await callRoute(invoke, apiRequest('/api/v1/agents/agent/tools/everything_echo/invoke', { method: 'POST', json: { arguments: { message: 'hi' } } }), { id: 'agent', toolName: 'everything_echo' });
    expect(called.status).toBe(200);
    expect(((await called.json()) as { result: string }).result).toBe('Echo: hi');

    const guard = (await read('everything')).pid!;
    const [server] = childPids(guard);
    process.kill(server!, 'SIGKILL');
    await waitFor('the assignment unavailable', async () => (await agentTool('everything_echo'))?.status === 'unavailable', 2000);
    expect((await agentTool('everything_echo'))?.unavailableReason).toContain('SIGKILL');
    expect(await read('everything')).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('SIGKILL') });
    await waitFor('the assignment back', async () => (await agentTool('everything_echo'))?.status === 'ok', 10_000);

    const refreshed = await callRoute(refresh, apiRequest('/api/v1/servers/everything/refresh', { method: 'POST' }), { name: 'everything' });
    expect(refreshed.status).toBe(200);

    const newGuard = (await read('everything')).pid!;
    const [newServer] = childPids(newGuard);
    const removed = await callRoute(DELETE, apiRequest('/api/v1/servers/everything', { method: 'DELETE', ifMatch: '"1"' }), { name: 'everything' });
    expect(removed.status).toBe(200);
    await waitFor('the server process to end', () => !isAlive(newServer!) && !isAlive(newGuard), 5000);
    expect((await callRoute(getServer, apiRequest('/api/v1/servers/everything'), { name: 'everything' })).status).toBe(404);
    const actions = await database.db.selectFrom('audit_events').select('action').where('target', '=', 'servers/everything').orderBy('id').execute();
    expect(actions.map((event) => event.action)).toEqual(['server.create', 'server.refresh', 'server.delete']);
  });
});
