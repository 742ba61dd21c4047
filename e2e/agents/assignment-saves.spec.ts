import { expect, test } from '../support/test';
import { signInCookie } from '../support/e2e-admin';
import { filesFolder } from '../support/files-root';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

// PUT /api/v1/agents/{id}/tools/{name} over HTTP, through the front door and Next to the route's
// handler, on two agents (the first written in a plain id, the second percent-encoded, which
// Next decodes): each answer's status, the door's headers and problem details, the access log,
// what was saved and audited, and a session that ends losing access at once.

const PLAIN = 'a-plain';
const ENCODED = 'a-next';
/** `a-next` with its first letter percent-encoded. */
const ENCODED_PATH = '%61-next';

/** One answer: status, headers, body and the request id the door gave it. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  requestId: string;
}

/** Sends one PUT; uncompressed unless the headers ask (fetch decodes gzip, the header still says how it came). */
async function send(server: NextServer, path: string, init: { headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, { method: 'PUT', headers: { 'accept-encoding': 'identity', ...init.headers }, body: init.body });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text(), requestId: response.headers.get('x-request-id') ?? '' };
}

test.describe('[AGENTS][SAVES]', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  let server: NextServer;
  let readToken = '';
  let baseDir = '';

  test.beforeAll(async () => {
    server = await startNextServer(ownServerPort(45), { SEED_DEMO: '0', LOG_LEVEL: 'info' });
    baseDir = filesFolder('assignment-saves');
    const json = { 'content-type': 'application/json' };
    for (const id of [PLAIN, ENCODED]) {
      expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id, name: id }) })).status).toBe(201);
    }
    const read = await server.fetch('/api/v1/tokens', { method: 'POST', headers: json, body: JSON.stringify({ name: 'reader', scopes: ['agents:read'] }) });
    readToken = ((await read.json()) as { secret: string }).secret;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const asAdmin = (extra: Record<string, string> = {}): Record<string, string> => ({
    'content-type': 'application/json',
    cookie: server.adminCookie,
    origin: server.url,
    ...extra,
  });
  const settings = (overrides: Record<string, unknown>) => JSON.stringify({ overrides });

  // In order: each case starts from the state the ones before it left, on both agents alike.
  const cases: { name: string; agent?: [string, string]; tool: string; status: number; headers?: () => Record<string, string>; body: () => string }[] = [
    { name: 'a new assignment', tool: 'fs_read_file', status: 201, body: () => settings({ baseDir }) },
    { name: 'a new assignment, compressed when asked', tool: 'word_count', status: 201, headers: () => asAdmin({ 'accept-encoding': 'gzip' }), body: () => settings({}) },
    { name: 'a change at the current version', tool: 'fs_read_file', status: 200, headers: () => asAdmin({ 'if-match': '"1"' }), body: () => settings({ baseDir, maxBytes: 2048 }) },
    { name: 'a change at a stale version', tool: 'fs_read_file', status: 412, headers: () => asAdmin({ 'if-match': '"1"' }), body: () => settings({ baseDir, maxBytes: 4096 }) },
    { name: 'a change without If-Match', tool: 'fs_read_file', status: 428, body: () => settings({ baseDir, maxBytes: 4096 }) },
    { name: 'settings outside the allowed folders', tool: 'fs_read_file', status: 400, headers: () => asAdmin({ 'if-match': '"2"' }), body: () => settings({ baseDir: '/etc' }) },
    { name: 'settings that fail the schema', tool: 'fs_read_file', status: 400, headers: () => asAdmin({ 'if-match': '"2"' }), body: () => settings({ baseDir, maxBytes: -1 }) },
    { name: 'a body that is not JSON', tool: 'fs_read_file', status: 400, headers: () => asAdmin({ 'if-match': '"2"' }), body: () => '{"overrides":' },
    { name: 'a body that is not JSON by its type', tool: 'fs_read_file', status: 415, headers: () => asAdmin({ 'content-type': 'text/plain', 'if-match': '"2"' }), body: () => settings({ baseDir }) },
    { name: 'an unknown tool', tool: 'no_such_tool', status: 422, body: () => settings({}) },
    { name: 'an unknown agent', agent: ['nobody', '%6Eobody'], tool: 'word_count', status: 404, body: () => settings({}) },
    { name: 'no credentials', tool: 'word_count', status: 401, headers: () => ({ 'content-type': 'application/json' }), body: () => settings({}) },
    { name: 'a token that may only read', tool: 'word_count', status: 403, headers: () => ({ 'content-type': 'application/json', authorization: `Bearer ${readToken}` }), body: () => settings({}) },
  ];

  for (const { name, agent = [PLAIN, ENCODED_PATH] as [string, string], tool, status, headers = asAdmin, body } of cases) {
    test(`[AGENTS][SAVES]: ${name} is answered ${status} with the door's headers and a line in the access log`, async () => {
      for (const path of agent) {
        const answer = await send(server, `/api/v1/agents/${path}/tools/${tool}`, { headers: headers(), body: body() });

        expect(answer.status, answer.body).toBe(status);
        expect(answer.headers['content-encoding']).toBe(headers()['accept-encoding'] === 'gzip' ? 'gzip' : undefined);
        expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
        if (status === 201) expect(answer.headers.location).toBe(`/api/v1/agents/${decodeURIComponent(path)}/tools/${tool}`);
        if (status >= 400) {
          expect(answer.headers['content-type']).toBe('application/problem+json');
          expect(JSON.parse(answer.body)).toMatchObject({ status, requestId: answer.requestId });
        }
        const lineOf = (requestId: string) => server.output().split('\n').find((line) => line.includes(requestId) && line.includes('"msg":"request"')) ?? '';
        await expect.poll(() => lineOf(answer.requestId)).toContain(`"status":${status}`);
      }
    });
  }

  test('[AGENTS][SAVES]: the agents list search is answered with its checks and problems', async () => {
    const ask = async (path: string, headers: Record<string, string> = { cookie: server.adminCookie }) => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown>, requestId: response.headers.get('x-request-id') ?? '', type: response.headers.get('content-type') };
    };
    const found = await ask('/api/v1/agents?search=A-&limit=1');
    expect(found).toMatchObject({ status: 200, body: { total: 2, agents: [{ id: ENCODED, name: ENCODED, assignmentCount: 2, statusCounts: { missing: 0, invalid: 0, unavailable: 0, changed: 0 } }] } });
    expect(await ask('/api/v1/agents?search=plain')).toMatchObject({ status: 200, body: { total: 1, agents: [{ id: PLAIN }] } });
    const refused = await ask('/api/v1/agents?limit=0');
    expect(refused).toMatchObject({ status: 400, type: 'application/problem+json', body: { status: 400, requestId: refused.requestId } });
    expect(await ask('/api/v1/agents', {})).toMatchObject({ status: 401, type: 'application/problem+json' });
    const lineOf = (requestId: string) => server.output().split('\n').find((line) => line.includes(requestId) && line.includes('"msg":"request"')) ?? '';
    await expect.poll(() => lineOf(found.requestId)).toContain('"route":"/api/v1/agents"');
  });

  test('[AGENTS][SAVES]: both agents saved the same settings, and each save is audited', async () => {
    for (const id of [PLAIN, ENCODED]) {
      const saved = (await (await server.fetch(`/api/v1/agents/${id}/tools/fs_read_file`)).json()) as { overrides: unknown; version: number };
      expect(saved).toMatchObject({ overrides: { baseDir, maxBytes: 2048 }, version: 2 });
      const audit = (await (await server.fetch(`/api/v1/audit?agent=${id}&limit=20`)).json()) as { events: { action: string; target: string }[] };
      expect(audit.events.filter((event) => event.action === 'assignment.put').map((event) => event.target)).toEqual([
        `agents/${id}/tools/fs_read_file`,
        `agents/${id}/tools/word_count`,
        `agents/${id}/tools/fs_read_file`,
      ]);
    }
  });

  test('[AGENTS][SAVES]: a demoted or signed-out editor loses access at once', async () => {
    const json = { 'content-type': 'application/json' };
    const password = 'an editor password, long enough';
    const created = await server.fetch('/api/v1/users', { method: 'POST', headers: json, body: JSON.stringify({ email: 'editor@e2e.test', role: 'editor', password }) });
    expect(created.status).toBe(201);
    const editor = (await created.json()) as { id: string; version: number };
    // Signed out: the same cookie is refused on the very next save.
    const first = await signInCookie(server.url, 'editor@e2e.test', password);
    const current = async () => Number(((await (await server.fetch(`/api/v1/agents/${PLAIN}/tools/word_count`)).json()) as { version: number }).version);
    const putAt = async (cookie: string) =>
      send(server, `/api/v1/agents/${PLAIN}/tools/word_count`, { headers: { 'content-type': 'application/json', cookie, origin: server.url, 'if-match': `"${await current()}"` }, body: settings({}) });
    expect((await putAt(first)).status).toBe(200);
    const out = await fetch(`${server.url}/api/auth/sign-out`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: first, origin: server.url } });
    expect(out.status).toBe(204);
    expect((await putAt(first)).status).toBe(401);

    // Demoted to viewer by an admin: the session that just saved is refused on its next save.
    const second = await signInCookie(server.url, 'editor@e2e.test', password);
    expect((await putAt(second)).status).toBe(200);
    const demoted = await server.fetch(`/api/v1/users/${editor.id}`, { method: 'PATCH', headers: { ...json, 'if-match': `"${editor.version}"` }, body: JSON.stringify({ role: 'viewer' }) });
    expect(demoted.status).toBe(200);
    expect((await putAt(second)).status).toBe(401);
    // Signed in again as a viewer: refused for the role.
    const third = await signInCookie(server.url, 'editor@e2e.test', password);
    expect((await putAt(third)).status).toBe(403);
  });
});
