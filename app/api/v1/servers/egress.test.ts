import { afterAll, beforeAll, expect, it } from 'vitest';
import { ServerSchema, ServerTestResultSchema } from '@/lib/api/server-schemas';
import { createToken } from '@/lib/auth/create-token';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { startCountingListener, type CountingListener } from '@/test/mcp-servers/counting-listener';
import { waitFor } from '@/test/mcp-servers/processes';
import { POST as plan } from '../config/plan/route';
import { POST as apply } from '../config/apply/route';
import { POST as testConnection } from '../connection-tests/route';
import { GET as listTools } from '../tools/route';
import { GET as getServer, PUT } from './[name]/route';
import { GET as listServers, POST } from './route';

/**
 * The SSRF attacks of issue 30, as an editor and as an `agents:write` token sent them: servers,
 * connection tests and config files pointing at loopback (in four spellings), at IPv6 loopback
 * and at the cloud metadata endpoints. Each is a 400 on the URL and the listeners behind those
 * addresses are never connected to. MCP_ALLOWED_HOSTS is empty here: nothing local is allowed.
 */
describeApi('egress policy of HTTP MCP servers', (database) => {
  let target: CountingListener;
  let target6: CountingListener;
  let allowedUpstream: CountingListener;
  let agentsWrite: string;
  let catalogueRead: string;
  const allowedBefore = process.env.MCP_ALLOWED_HOSTS;
  beforeAll(async () => {
    process.env.MCP_ALLOWED_HOSTS = '';
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    target = await startCountingListener('127.0.0.1');
    target6 = await startCountingListener('::1');
    allowedUpstream = await startCountingListener('127.0.0.2');
    agentsWrite = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'writer', scopes: ['agents:write'] } })).secret;
    catalogueRead = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'reader', scopes: ['catalogue:read'] } })).secret;
  });
  afterAll(async () => {
    const { stopServerHost } = await import('@/lib/mcp-servers/server-host');
    await stopServerHost();
    process.env.MCP_ALLOWED_HOSTS = allowedBefore;
    await Promise.all([target.close(), target6.close(), allowedUpstream.close()]);
  });

  const forbiddenUrls = () => [
    `http://127.0.0.1:${target.port}/mcp`,
    `http://localhost:${target.port}/mcp`,
    `http://2130706433:${target.port}/mcp`,
    `http://0x7f000001:${target.port}/mcp`,
    `http://0177.0.0.1:${target.port}/mcp`,
    `http://127.1:${target.port}/mcp`,
    `http://[::ffff:127.0.0.1]:${target.port}/mcp`,
    `http://[::1]:${target6.port}/mcp`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
  ];
  const attackers: { who: string; as: TestRequestInit['as'] }[] = [
    { who: 'an editor', as: 'editor' },
    { who: 'an agents:write token', as: { token: '' } },
  ];
  const asOf = (as: TestRequestInit['as']) => (typeof as === 'object' ? { token: agentsWrite } : as);
  const server = (name: string, url: string) => ({ name, transport: 'http', url, headers: {} });
  const problemOf = async (response: Response) => (await response.json()) as { errors?: { pointer: string; detail?: string; message?: string }[] };

  it('refuses every forbidden address at save and at a connection test, as an editor and as an agents:write token, and connects to none', async () => {
    // Refusals of the token are audited (access.denied); no server is stored.
    for (const { who, as } of attackers) {
      for (const [index, url] of forbiddenUrls().entries()) {
        const created = await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json: server(`ssrf${index}`, url), as: asOf(as) }), {});
        // A token without catalogue:read cannot add servers at all (the route reads the others' names).
        expect(created.status, `${who} saving ${url}`).toBe(typeof as === 'object' ? 403 : 400);
        if (created.status === 400) {
          const problem = await problemOf(created);
          expect(problem.errors, url).toEqual([expect.objectContaining({ pointer: '/url' })]);
          expect(JSON.stringify(problem)).toMatch(/egress policy/);
        }

        const tested = await callRoute(testConnection, apiRequest('/api/v1/connection-tests', { method: 'POST', json: server('probe', url), as: asOf(as) }), {});
        // Connection tests are their own permission, which no token scope carries.
        expect(tested.status, `${who} testing ${url}`).toBe(typeof as === 'object' ? 403 : 400);
        if (tested.status === 400) expect((await problemOf(tested)).errors).toEqual([expect.objectContaining({ pointer: '/url' })]);
      }
    }
    expect(await database.db.selectFrom('mcp_servers').selectAll().execute()).toEqual([]);
    expect(target.connections()).toBe(0);
    expect(target6.connections()).toBe(0);
  });

  it('refuses a forbidden URL in a config plan and apply, on its line, and neither connects', async () => {
    const file = (url: string) => ['apiVersion: tools-admin/v1', 'servers:', '  - name: ssrf', '    transport: http', `    url: "${url}"`, ''].join('\n');
    // What the attacks may change: nothing but the token's last use.
    const state = async () => JSON.stringify(await snapshotTables(database.db)).replace(/"last_used_at":"[^"]*"/g, '"last_used_at":null');
    const before = await state();
    for (const { as } of attackers) {
      for (const url of forbiddenUrls()) {
        const planned = await callRoute(plan, apiRequest('/api/v1/config/plan', { method: 'POST', json: { file: file(url) }, as: asOf(as) }), {});
        expect(planned.status, url).toBe(400);
        expect((await problemOf(planned)).errors).toEqual([expect.objectContaining({ pointer: '/servers/0/url', line: 5 })]);
        const applied = await callRoute(apply, apiRequest('/api/v1/config/apply', { method: 'POST', json: { file: file(url), planHash: '0'.repeat(64) }, as: asOf(as) }), {});
        expect(applied.status, url).toBe(400);
      }
    }
    expect(await state()).toEqual(before);
    expect(target.connections()).toBe(0);
    expect(target6.connections()).toBe(0);
  }, 90_000);

  it('refuses changing a stored server to a forbidden URL', async () => {
    process.env.MCP_ALLOWED_HOSTS = '127.0.0.2';
    try {
      expect((await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json: { ...server('moving', `http://127.0.0.2:${allowedUpstream.port}/mcp`), enabled: false }, as: 'editor' }), {})).status).toBe(201);
    } finally {
      process.env.MCP_ALLOWED_HOSTS = '';
    }
    for (const url of forbiddenUrls()) {
      const changed = await callRoute(PUT, apiRequest('/api/v1/servers/moving', { method: 'PUT', json: { ...server('moving', url), enabled: false }, ifMatch: '"1"', as: 'editor' }), { name: 'moving' });
      expect(changed.status, url).toBe(400);
    }
    expect(target.connections()).toBe(0);
  });

  it('connects where the operator allows it, and shows the upstream\'s words (at most 200 characters) to editors only', async () => {
    process.env.MCP_ALLOWED_HOSTS = '127.0.0.2';
    const created = await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json: server('leaky', `http://127.0.0.2:${allowedUpstream.port}/mcp`), as: 'editor' }), {});
    expect(created.status).toBe(201);
    const read = async (as: TestRequestInit['as']) => (await callRoute(getServer, apiRequest('/api/v1/servers/leaky', { as }), { name: 'leaky' })).text();
    await waitFor('the upstream answered', async () => ServerSchema.parse(JSON.parse(await read('admin'))).status === 'unavailable', 10_000);
    expect(allowedUpstream.connections()).toBeGreaterThan(0);

    const forEditor = ServerSchema.parse(JSON.parse(await read('editor')));
    expect(forEditor).toMatchObject({ kind: 'http', reason: 'The server answered HTTP 500', detail: expect.stringContaining('db_password=hunter2') });
    expect(forEditor.detail!.length).toBeLessThanOrEqual(200);
    for (const as of ['viewer', { token: catalogueRead }] as const) {
      const body = await read(as);
      expect(ServerSchema.parse(JSON.parse(body))).toMatchObject({ kind: 'http', reason: 'The server answered HTTP 500' });
      expect(body).not.toContain('hunter2');
      expect(await (await callRoute(listServers, apiRequest('/api/v1/servers', { as }), {})).text()).not.toContain('hunter2');
      expect(await (await callRoute(listTools, apiRequest('/api/v1/tools', { as }), {})).text()).not.toContain('hunter2');
    }
    const tested = ServerTestResultSchema.parse(await (await callRoute(testConnection, apiRequest('/api/v1/connection-tests', { method: 'POST', json: server('probe', `http://127.0.0.2:${allowedUpstream.port}/mcp`), as: 'editor' }), {})).json());
    expect(tested).toMatchObject({ ok: false, kind: 'http', error: expect.stringContaining('HTTP 500') });
    expect(target.connections()).toBe(0);
  });
});
