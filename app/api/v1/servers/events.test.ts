import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { logger } from '@/lib/log/logger';
import { ServerEventListSchema, ServerSchema } from '@/lib/api/server-schemas';
import { createToken } from '@/lib/auth/create-token';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { childPids, EVERYTHING_BIN, waitFor } from '@/test/mcp-servers/processes';
import { GET as getServer } from './[name]/route';
import { GET as events } from './[name]/events/route';
import { POST as reconnect } from './[name]/reconnect/route';
import { POST } from './route';

describeApi('/api/v1/servers/{name}/events and /reconnect', (database) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    for (const scope of ['catalogue:read', 'agents:write'] as const) {
      tokens[scope] = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: `t ${scope}`, scopes: [scope] } })).secret;
    }
  });
  afterAll(async () => {
    const { stopServerHost } = await import('@/lib/mcp-servers/server-host');
    await stopServerHost();
  });

  const read = async (name: string) => ServerSchema.parse(await (await callRoute(getServer, apiRequest(`/api/v1/servers/${name}`), { name })).json());
  const timeline = async (name: string, query = '', as: Parameters<typeof apiRequest>[1] = {}) => callRoute(events, apiRequest(`/api/v1/servers/${name}/events${query}`, as), { name });

  it('records connected, lost and restarted, with a restart counted in the last hour, readable with catalogue:read, and reconnects on request', { timeout: 60_000 }, async () => {
    // Every event is also a log line (the logger is silent under tests, so its calls are read).
    const lines: { level: string; fields: unknown; message: unknown }[] = [];
    const info = vi.spyOn(logger, 'info').mockImplementation(((fields: unknown, message: unknown) => void lines.push({ level: 'info', fields, message })) as typeof logger.info);
    const warn = vi.spyOn(logger, 'warn').mockImplementation(((fields: unknown, message: unknown) => void lines.push({ level: 'warn', fields, message })) as typeof logger.warn);
    const created = await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json: { name: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } }), {});
    expect(created.status).toBe(201);
    await waitFor('connected', async () => (await read('everything')).status === 'connected', 20_000);
    expect((await read('everything')).connectedAt).toEqual(expect.any(String));
    await waitFor('the connected event', async () => ServerEventListSchema.parse(await (await timeline('everything')).json()).events.length === 1, 5000);

    const [child] = childPids((await read('everything')).pid!);
    process.kill(child!, 'SIGKILL');
    await waitFor('lost and back', async () => ServerEventListSchema.parse(await (await timeline('everything')).json()).events.length >= 3, 15_000);
    const answered = await timeline('everything', '', { as: { token: tokens['catalogue:read']! } });
    expect(answered.status).toBe(200);
    const body = ServerEventListSchema.parse(await answered.json());
    expect(body.events.map((event) => event.kind)).toEqual(['restarted', 'lost', 'connected']);
    expect(body.events[1]!.message).toMatch(/^Connection lost: The server stopped: the server was killed by SIGKILL/);
    expect(JSON.stringify(body)).not.toContain('mcp-stdio-guard');
    expect(body.restartsLastHour).toBe(1);
    const told = lines.filter((line) => (line.fields as { server?: string }).server === 'everything');
    expect(told.map((line) => [line.level, (line.fields as { event: string }).event])).toEqual([['info', 'connected'], ['warn', 'lost'], ['info', 'restarted']]);
    expect(told[1]!.message).toBe(`MCP server "everything": ${body.events[1]!.message}`);
    info.mockRestore();
    warn.mockRestore();
    const paged = ServerEventListSchema.parse(await (await timeline('everything', `?limit=1&before=${body.events[0]!.id}`)).json());
    expect(paged.events).toEqual([body.events[1]]);

    const before = (await read('everything')).pid;
    const reconnected = await callRoute(reconnect, apiRequest('/api/v1/servers/everything/reconnect', { method: 'POST' }), { name: 'everything' });
    expect(reconnected.status).toBe(200);
    await waitFor('connected again', async () => (await read('everything')).status === 'connected', 20_000);
    expect((await read('everything')).pid).not.toBe(before);
    const audit = await database.db.selectFrom('audit_events').select('action').where('target', '=', 'servers/everything').execute();
    expect(audit.map((event) => event.action)).toContain('server.reconnect');
  });

  it('refuses a reconnect from an editor (a stdio server), a viewer and an agents:write token, changing nothing; a bad query is 400 with its pointer; an unknown server 404', async () => {
    // What the API writes, but the tokens' "last used" times (every request sets them) and the refusals' own audit events.
    const written = async () => {
      const tables = (await snapshotTables(database.db)) as { audit: { action: string }[] };
      return { ...tables, tokens: undefined, audit: tables.audit.filter((event) => event.action !== 'access.denied') };
    };
    const before = await written();
    for (const as of ['editor', 'viewer', { token: tokens['agents:write']! }, { token: tokens['catalogue:read']! }] as const) {
      const refused = await callRoute(reconnect, apiRequest('/api/v1/servers/everything/reconnect', { method: 'POST', as }), { name: 'everything' });
      expect(refused.status, JSON.stringify(as)).toBe(403);
    }
    expect(await written()).toEqual(before);
    const bad = await timeline('everything', '?limit=0');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { pointer: string }[] }).errors.map((error) => error.pointer)).toEqual(['/limit']);
    expect((await timeline('nothing-here')).status).toBe(404);
    expect((await timeline('everything', '', { as: 'anonymous' })).status).toBe(401);
  });
});
