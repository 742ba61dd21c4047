import { expect, it } from 'vitest';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { SecretListSchema, SecretSchema } from '@/lib/api/secret-schemas';
import { createToken } from '@/lib/auth/create-token';
import { TOKEN_SCOPES } from '@/lib/auth/permissions';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { GET as exportAudit } from '../audit/route';
import { GET as exportConfig } from '../config/route';
import { GET as listServers, POST as createServer } from '../servers/route';
import { DELETE as deleteServer } from '../servers/[name]/route';
import { DELETE, GET as notAllowed, PUT } from './[name]/route';
import { GET } from './route';

const VALUE = 'v4lue-that-must-never-leave-9f2c';
const NEW_VALUE = 'second-v4lue-that-must-never-leave-77ab';

describeApi('/api/v1/secrets', (database) => {
  const put = (name: string, json: unknown, as: TestRequestInit['as'] = 'admin') =>
    callRoute(PUT, apiRequest(`/api/v1/secrets/${name}`, { method: 'PUT', json, as }), { name });
  const remove = (name: string, as: TestRequestInit['as'] = 'admin') =>
    callRoute(DELETE, apiRequest(`/api/v1/secrets/${name}`, { method: 'DELETE', as }), { name });
  const list = async () => SecretListSchema.parse(await (await callRoute(GET, apiRequest('/api/v1/secrets'), {})).json()).secrets;

  it('creates (201, Location), lists and replaces (200) a secret; no answer, row, audit event or export holds the value', async () => {
    const created = await put('GITHUB_TOKEN', { value: VALUE });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/api/v1/secrets/GITHUB_TOKEN');
    const createdText = await created.text();
    expect(SecretSchema.parse(JSON.parse(createdText))).toMatchObject({ name: 'GITHUB_TOKEN', setBy: 'user:admin@example.test', usedBy: [] });
    const replaced = await put('GITHUB_TOKEN', { value: NEW_VALUE });
    expect(replaced.status).toBe(200);
    const replacedText = await replaced.text();
    expect(await list()).toEqual([expect.objectContaining({ name: 'GITHUB_TOKEN', usedBy: [] })]);

    const row = await database.db.selectFrom('secrets').selectAll().executeTakeFirstOrThrow();
    const events = await database.db.selectFrom('audit_events').selectAll().where('target', '=', 'secrets/GITHUB_TOKEN').orderBy('id').execute();
    expect(events.map((event) => event.action)).toEqual(['secret.create', 'secret.update']);
    const auditExport = await (await callRoute(exportAudit, apiRequest('/api/v1/audit?format=jsonl'), {})).text();
    const configExport = await (await callRoute(exportConfig, apiRequest('/api/v1/config'), {})).text();
    const listed = await (await callRoute(GET, apiRequest('/api/v1/secrets'), {})).text();
    for (const text of [createdText, replacedText, listed, JSON.stringify(row), JSON.stringify(events), auditExport, configExport]) {
      for (const value of [VALUE, NEW_VALUE]) {
        expect(text).not.toContain(value);
        expect(text).not.toContain(Buffer.from(value).toString('base64'));
      }
    }
    expect(auditExport).toContain('secret.update');
  });

  it('is for admins only: editors, viewers and every token scope get 403 and change nothing', async () => {
    const tokens = await Promise.all(TOKEN_SCOPES.map(async (scope) => (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: `t-${scope}`, scopes: [scope] } })).secret));
    const secretsBefore = await database.db.selectFrom('secrets').selectAll().execute();
    const eventsBefore = (await database.db.selectFrom('audit_events').select('id').execute()).length;
    for (const as of ['editor', 'viewer', ...tokens.map((token) => ({ token }))] as const) {
      expect((await callRoute(GET, apiRequest('/api/v1/secrets', { as }), {})).status).toBe(403);
      expect((await put('GITHUB_TOKEN', { value: 'taken over' }, as)).status).toBe(403);
      expect((await put('NEW_ONE', { value: 'taken over' }, as)).status).toBe(403);
      expect((await remove('GITHUB_TOKEN', as)).status).toBe(403);
    }
    expect(await database.db.selectFrom('secrets').selectAll().execute()).toEqual(secretsBefore);
    // Only the refusals were recorded.
    const events = await database.db.selectFrom('audit_events').select('action').orderBy('id').execute();
    expect(events.slice(eventsBefore).map((event) => event.action)).toEqual(Array(24).fill('access.denied'));
    expect(await database.db.selectFrom('secrets').select('name').execute()).toEqual([{ name: 'GITHUB_TOKEN' }]);
  });

  it('refuses a bad name, an empty, NUL or over-64-KiB value and an unknown field with pointers, never echoing the value', async () => {
    const before = await snapshotTables(database.db);
    const cases: [string, unknown, string][] = [
      ['bad-name', { value: 'x' }, '/name'],
      ['1ST', { value: 'x' }, '/name'],
      ['EMPTY', { value: '' }, '/value'],
      ['NUL', { value: 'a\u0000b' }, '/value'],
      ['BIG', { value: `${VALUE}${'x'.repeat(64 * 1024)}` }, '/value'],
      ['EXTRA', { value: 'x', note: VALUE }, '/note'],
      ['NUMBER', { value: 12 }, '/value'],
    ];
    // Malformed JSON: V8's own message would quote the text around the error.
    for (const body of [`{"value": ${VALUE}}`, `{"value": "${VALUE}"`]) {
      const response = await callRoute(PUT, apiRequest('/api/v1/secrets/RAW', { method: 'PUT', body, headers: { 'content-type': 'application/json' } }), { name: 'RAW' });
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain(VALUE.slice(0, 8));
    }
    for (const [name, json, pointer] of cases) {
      const response = await put(name, json);
      const text = await response.text();
      expect(response.status, name).toBe(400);
      expect(ProblemSchema.parse(JSON.parse(text)).errors?.map((error) => error.pointer), name).toContain(pointer);
      expect(text).not.toContain(VALUE);
    }
    expect(await snapshotTables(database.db)).toEqual(before);
  });

  it('refuses to delete a secret a server uses (409 naming it), deletes it once the server is gone, and 404s an unknown one', async () => {
    const server = { name: 'gh', transport: 'http', url: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer ${secret:GITHUB_TOKEN}' }, enabled: false };
    expect((await callRoute(createServer, apiRequest('/api/v1/servers', { method: 'POST', json: server }), {})).status).toBe(201);
    expect(await list()).toEqual([expect.objectContaining({ name: 'GITHUB_TOKEN', usedBy: ['gh'] })]);
    const refused = await remove('GITHUB_TOKEN');
    expect(refused.status).toBe(409);
    expect(ProblemSchema.parse(await refused.json()).detail).toContain('"gh"');
    expect(await database.db.selectFrom('secrets').select('name').execute()).toEqual([{ name: 'GITHUB_TOKEN' }]);
    const servers = await (await callRoute(listServers, apiRequest('/api/v1/servers', { as: 'viewer' }), {})).text();
    expect(servers).toContain('${secret:GITHUB_TOKEN}');
    expect(servers).not.toContain(NEW_VALUE);

    expect((await callRoute(deleteServer, apiRequest('/api/v1/servers/gh', { method: 'DELETE', ifMatch: '"1"' }), { name: 'gh' })).status).toBe(200);
    const deleted = await remove('GITHUB_TOKEN');
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ name: 'GITHUB_TOKEN' });
    expect(await list()).toEqual([]);
    expect((await remove('GITHUB_TOKEN')).status).toBe(404);
    const events = await database.db.selectFrom('audit_events').select(['action', 'before']).where('target', '=', 'secrets/GITHUB_TOKEN').orderBy('id').execute();
    expect(events.at(-1)).toMatchObject({ action: 'secret.delete' });
    expect(JSON.stringify(events)).not.toContain(NEW_VALUE);
  });

  it('answers GET on one secret 405: there is nothing to read', async () => {
    expect((await callRoute(notAllowed, apiRequest('/api/v1/secrets/GITHUB_TOKEN'), { name: 'GITHUB_TOKEN' })).status).toBe(405);
  });
});
