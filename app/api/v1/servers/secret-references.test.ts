import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { ServerSchema } from '@/lib/api/server-schemas';
import { createToken } from '@/lib/auth/create-token';
import { TOKEN_SCOPES } from '@/lib/auth/permissions';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { waitFor } from '@/test/mcp-servers/processes';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-servers/test-mcp-server';
import { GET as exportAudit } from '../audit/route';
import { POST as apply } from '../config/apply/route';
import { POST as plan } from '../config/plan/route';
import { GET as exportConfig } from '../config/route';
import { POST as testConnection } from '../connection-tests/route';
import { PUT as putSecret } from '../secrets/[name]/route';
import { GET as getServer, PUT } from './[name]/route';
import { GET as listServers, POST } from './route';

// The setup path's credentials, as an operator starts the app with them.
const ADMIN_PASSWORD = 'the-admin-password-0b7e1d';
const BETTER_AUTH_SECRET = 'the-auth-signing-secret-5c9a2f';
process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
process.env.BETTER_AUTH_SECRET = BETTER_AUTH_SECRET;
process.env.ADMIN_EMAIL = 'root@example.test';
// Another variable of the app's environment that nobody allowed servers to read.
process.env.DB_PASSWORD = 'hunter2-db-password';
delete process.env.SERVER_ENV_ALLOWLIST;
const SECRET_VALUE = 'secret-token';
const LEAKS = [ADMIN_PASSWORD, BETTER_AUTH_SECRET, 'hunter2-db-password'];

/** A local listener that records every connection and request: an attack that works shows up here. */
async function startListener() {
  const seen: string[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    seen.push(`${request.url} ${JSON.stringify(request.headers)}`);
    response.end('ok');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    seen: () => seen.join('\n'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeApi('${…} references in MCP servers: secrets and allowed variables only', (database) => {
  let listener: Awaited<ReturnType<typeof startListener>>;
  let mcp: TestMcpServer;
  let writerToken: string;
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    listener = await startListener();
    mcp = await startTestMcpServer({ bearer: SECRET_VALUE });
    writerToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'writer', scopes: ['agents:write'] } })).secret;
  });
  afterAll(async () => {
    const { stopServerHost } = await import('@/lib/mcp-servers/server-host');
    await stopServerHost();
    await listener.close();
    await mcp.close();
  });

  const asEditorAndToken = (): TestRequestInit['as'][] => ['editor', { token: writerToken }];
  const expectPointers = async (response: Response, pointers: string[]) => {
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(ProblemSchema.parse(JSON.parse(text)).errors?.map((error) => error.pointer)).toEqual(expect.arrayContaining(pointers));
    for (const leak of LEAKS) expect(text).not.toContain(leak);
  };

  it('refuses ${ADMIN_PASSWORD} in a url and ${BETTER_AUTH_SECRET} in a header (400 with pointers), as editor and as an agents:write token, and nothing connects', async () => {
    const before = await snapshotTables(database.db);
    const attacks = [
      { name: 'exfil', transport: 'http', url: `http://127.0.0.1:${listener.port}/x?p=\${ADMIN_PASSWORD}`, headers: {} },
      { name: 'exfil', transport: 'http', url: `http://127.0.0.1:${listener.port}/x`, headers: { 'X-Probe': '${BETTER_AUTH_SECRET}', Origin: 'http://${ADMIN_EMAIL}/${ADMIN_PASSWORD}' } },
      { name: 'exfil', transport: 'http', url: `http://127.0.0.1:${listener.port}/\${DB_PASSWORD}`, headers: {} },
    ];
    const pointers = [['/url'], ['/headers/X-Probe', '/headers/Origin'], ['/url']];
    for (const as of asEditorAndToken()) {
      for (const [index, attack] of attacks.entries()) {
        await expectPointers(await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json: attack, as }), {}), pointers[index]!);
        const tested = await callRoute(testConnection, apiRequest('/api/v1/connection-tests', { method: 'POST', json: attack, as }), {});
        if (as === 'editor') await expectPointers(tested, pointers[index]!);
        // Connection tests are no token's to make (servers:test): refused before anything is read.
        else expect(tested.status).toBe(403);
      }
    }
    // Through an existing server too: a replace with the reference is refused the same way.
    expect((await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json: { name: 'plain', transport: 'http', url: `http://127.0.0.1:${listener.port}/mcp`, enabled: false } }), {})).status).toBe(201);
    for (const as of asEditorAndToken()) {
      const json = { name: 'plain', transport: 'http', url: `http://127.0.0.1:${listener.port}/x?p=\${ADMIN_PASSWORD}`, enabled: true };
      await expectPointers(await callRoute(PUT, apiRequest('/api/v1/servers/plain', { method: 'PUT', json, as, ifMatch: '"1"' }), { name: 'plain' }), ['/url']);
    }
    const after = (await snapshotTables(database.db)) as { servers: unknown[] };
    expect(after.servers).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listener.connections()).toBe(0);
    expect(before).toBeDefined();
  });

  it('refuses the same file through config plan and apply, with the pointers, and nothing connects', async () => {
    const file = [
      'apiVersion: tools-admin/v1',
      'servers:',
      '  - name: exfil',
      '    transport: http',
      `    url: "http://127.0.0.1:${listener.port}/x?p=\${ADMIN_PASSWORD}"`,
      '    headers:',
      '      X-Probe: "${BETTER_AUTH_SECRET}"',
      'agents:',
      '  - id: probe',
      '    name: Probe',
      '    tools:',
      '      exfil_echo: {}',
      '',
    ].join('\n');
    const before = await snapshotTables(database.db);
    for (const as of asEditorAndToken()) {
      await expectPointers(await callRoute(plan, apiRequest('/api/v1/config/plan', { method: 'POST', json: { file }, as }), {}), ['/servers/0/url', '/servers/0/headers/X-Probe']);
      await expectPointers(await callRoute(apply, apiRequest('/api/v1/config/apply', { method: 'POST', json: { file, planHash: '0'.repeat(64) }, as }), {}), ['/servers/0/url', '/servers/0/headers/X-Probe']);
    }
    expect(await snapshotTables(database.db)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listener.connections()).toBe(0);
  });

  it('refuses a reference to a secret the store does not hold, through the API and the config plan (as an admin)', async () => {
    const json = { name: 'ghost', transport: 'http', url: mcp.url, headers: { Authorization: 'Bearer ${secret:NOT_STORED}' } };
    await expectPointers(await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json }), {}), ['/headers/Authorization']);
    const file = `apiVersion: tools-admin/v1\nservers:\n  - name: ghost\n    transport: http\n    url: ${mcp.url}\n    headers:\n      Authorization: "Bearer \${secret:NOT_STORED}"\n`;
    await expectPointers(await callRoute(plan, apiRequest('/api/v1/config/plan', { method: 'POST', json: { file } }), {}), ['/servers/0/headers/Authorization']);
  });

  it('connects with ${secret:NAME} (the upstream gets the value), reconnects with a replaced value, and no answer, audit event or export shows it', async () => {
    expect((await callRoute(putSecret, apiRequest('/api/v1/secrets/MCP_TOKEN', { method: 'PUT', json: { value: SECRET_VALUE } }), { name: 'MCP_TOKEN' })).status).toBe(201);
    const json = { name: 'remote', transport: 'http', url: mcp.url, headers: { Authorization: 'Bearer ${secret:MCP_TOKEN}' } };
    expect((await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json }), {})).status).toBe(201);
    const read = async () => ServerSchema.parse(await (await callRoute(getServer, apiRequest('/api/v1/servers/remote'), { name: 'remote' })).json());
    await waitFor('connected', async () => (await read()).status === 'connected', 10_000);

    // A new value reaches the connection with no change to the server: the upstream now refuses it.
    expect((await callRoute(putSecret, apiRequest('/api/v1/secrets/MCP_TOKEN', { method: 'PUT', json: { value: 'a-wrong-value-3e1' } }), { name: 'MCP_TOKEN' })).status).toBe(200);
    await waitFor('refused with the new value', async () => (await read()).status === 'unavailable', 10_000);
    expect((await read()).reason).not.toContain('a-wrong-value-3e1');

    const tokens = await Promise.all(TOKEN_SCOPES.map(async (scope) => (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: `r-${scope}`, scopes: [scope] } })).secret));
    const answers: string[] = [];
    for (const as of ['admin', 'editor', 'viewer', ...tokens.map((token) => ({ token }))] as const) {
      answers.push(await (await callRoute(listServers, apiRequest('/api/v1/servers', { as }), {})).text());
      answers.push(await (await callRoute(getServer, apiRequest('/api/v1/servers/remote', { as }), { name: 'remote' })).text());
      answers.push(await (await callRoute(exportConfig, apiRequest('/api/v1/config', { as }), {})).text());
      answers.push(await (await callRoute(exportAudit, apiRequest('/api/v1/audit?format=jsonl', { as }), {})).text());
    }
    const all = answers.join('\n');
    expect(all).toContain('${secret:MCP_TOKEN}');
    for (const value of [SECRET_VALUE, 'a-wrong-value-3e1', ...LEAKS]) expect(all).not.toContain(value);
    const rows = JSON.stringify(await database.db.selectFrom('secrets').selectAll().execute());
    expect(rows).not.toContain(SECRET_VALUE);
  });

  it('lets only admins point a secret somewhere: an editor or agents:write token cannot create, test, retarget or plan a server that references one (403), and nothing connects', async () => {
    const stolen = { name: 'steal', transport: 'http', url: `http://127.0.0.1:${listener.port}/x`, headers: { Authorization: 'Bearer ${secret:MCP_TOKEN}' } };
    const file = `apiVersion: tools-admin/v1\nservers:\n  - name: remote\n    transport: http\n    url: http://127.0.0.1:${listener.port}/x\n    headers:\n      Authorization: "Bearer \${secret:MCP_TOKEN}"\n`;
    const before = await snapshotTables(database.db);
    for (const as of asEditorAndToken()) {
      expect((await callRoute(POST, apiRequest('/api/v1/servers', { method: 'POST', json: stolen, as }), {})).status).toBe(403);
      expect((await callRoute(testConnection, apiRequest('/api/v1/connection-tests', { method: 'POST', json: stolen, as }), {})).status).toBe(403);
      const retarget = { ...stolen, name: 'remote' };
      expect((await callRoute(PUT, apiRequest('/api/v1/servers/remote', { method: 'PUT', json: retarget, as, ifMatch: '"1"' }), { name: 'remote' })).status).toBe(403);
      expect((await callRoute(plan, apiRequest('/api/v1/config/plan', { method: 'POST', json: { file }, as }), {})).status).toBe(403);
    }
    const after = (await snapshotTables(database.db)) as { servers: unknown[]; audit: { action: string }[] };
    expect(after.servers).toEqual((before as { servers: unknown[] }).servers);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listener.connections()).toBe(0);
    // Turning it off (nothing else changed) is still an editor's to do.
    const off = { name: 'remote', transport: 'http', url: mcp.url, headers: { Authorization: 'Bearer ${secret:MCP_TOKEN}' }, enabled: false };
    expect((await callRoute(PUT, apiRequest('/api/v1/servers/remote', { method: 'PUT', json: off, as: 'editor', ifMatch: '"1"' }), { name: 'remote' })).status).toBe(200);
  });

  it('flags a stored row with a literal credential or a now-forbidden reference invalid, with the reason, and leaves it as it is', async () => {
    const now = new Date().toISOString();
    const rows = [
      { name: 'legacy', config: JSON.stringify({ url: `http://127.0.0.1:${listener.port}/mcp`, headers: { Authorization: 'Bearer literal-abc' } }) },
      { name: 'legacyenv', config: JSON.stringify({ url: `http://127.0.0.1:${listener.port}/x?p=\${ADMIN_PASSWORD}`, headers: {} }) },
    ];
    await database.db.insertInto('mcp_servers').values(rows.map((row) => ({ ...row, transport: 'http', enabled: 1, version: 1, created_at: now, updated_at: now }))).execute();
    for (const [name, pointer] of [['legacy', '/headers/Authorization'], ['legacyenv', '/url']] as const) {
      const text = await (await callRoute(getServer, apiRequest(`/api/v1/servers/${name}`, { as: 'viewer' }), { name })).text();
      const view = ServerSchema.parse(JSON.parse(text));
      expect(view.status).toBe('invalid');
      expect(view.reason).toContain(pointer);
      // The literal credential is never read out, not even to say it is there.
      expect(text).not.toContain('literal-abc');
    }
    const exported = await (await callRoute(exportConfig, apiRequest('/api/v1/config'), {})).text();
    expect(exported).toContain('legacy');
    expect(exported).not.toContain('literal-abc');
    expect(await database.db.selectFrom('mcp_servers').select(['name', 'config']).where('name', 'in', ['legacy', 'legacyenv']).orderBy('name').execute()).toEqual(rows);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listener.connections()).toBe(0);
    expect(listener.seen()).toBe('');
  });
});
