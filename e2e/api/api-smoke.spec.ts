import { expect, test } from '../support/test';
import { E2E_PORT } from '../support/ports';
import { signInCookie } from '../support/e2e-admin';

const baseUrl = `http://127.0.0.1:${E2E_PORT}`;

interface AssignmentView {
  toolName: string;
  status: string;
  overrides: Record<string, unknown>;
  unavailableReason?: string;
  errors?: { pointer: string; message: string }[];
}

test('[API][AGENTS]: admin can create an agent, assign tools and read each assignment\'s status', async ({ request }) => {
  const created = await request.post('/api/v1/agents', { data: { id: 'smoke-agent', name: 'Smoke agent' } });
  expect(created.status()).toBe(201);
  expect(created.headers().etag).toBe('"1"');
  expect(created.headers().location).toBe('/api/v1/agents/smoke-agent');

  const wordCount = await request.put('/api/v1/agents/smoke-agent/tools/word_count', { data: { overrides: {} } });
  expect(wordCount.status()).toBe(201);
  // acme_lookup comes from the e2e fixture plugins and lacks its key on this server.
  const acme = await request.put('/api/v1/agents/smoke-agent/tools/acme_lookup', { data: { overrides: {} } });
  expect(acme.status()).toBe(201);

  const invalid = await request.put('/api/v1/agents/smoke-agent/tools/fs_read_file', { data: { overrides: {} } });
  expect(invalid.status()).toBe(400);
  expect(invalid.headers()['content-type']).toBe('application/problem+json');
  expect((await invalid.json()) as unknown).toMatchObject({ errors: [{ pointer: '/overrides/baseDir' }] });

  const unknownTool = await request.put('/api/v1/agents/smoke-agent/tools/no_such_tool', { data: { overrides: {} } });
  expect(unknownTool.status()).toBe(422);
  expect(((await unknownTool.json()) as { detail: string }).detail).toContain('"no_such_tool"');

  const list = await request.get('/api/v1/agents/smoke-agent/tools');
  expect(list.status()).toBe(200);
  const { assignments } = (await list.json()) as { assignments: AssignmentView[] };
  expect(assignments.map((assignment) => [assignment.toolName, assignment.status]).sort()).toEqual([
    ['acme_lookup', 'unavailable'],
    ['word_count', 'ok'],
  ]);

  const audit = await request.get('/api/v1/audit?limit=2');
  const { events } = (await audit.json()) as { events: { action: string; target: string }[] };
  expect(events.map((event) => `${event.action} ${event.target}`)).toEqual([
    'assignment.put agents/smoke-agent/tools/acme_lookup',
    'assignment.put agents/smoke-agent/tools/word_count',
  ]);
});

test('[API][CONFLICTS]: a stale If-Match is refused with 412 and the current state, and nothing is lost', async ({ request }) => {
  await request.post('/api/v1/agents', { data: { id: 'conflict-agent', name: 'Conflict agent' } });
  const first = await request.patch('/api/v1/agents/conflict-agent', { data: { name: 'First edit' }, headers: { 'if-match': '"1"' } });
  expect(first.status()).toBe(200);
  expect(first.headers().etag).toBe('"2"');

  const stale = await request.patch('/api/v1/agents/conflict-agent', { data: { name: 'Second edit' }, headers: { 'if-match': '"1"' } });
  expect(stale.status()).toBe(412);
  expect(stale.headers().etag).toBe('"2"');
  expect((await stale.json()) as unknown).toMatchObject({ current: { name: 'First edit', version: 2 } });

  const missing = await request.patch('/api/v1/agents/conflict-agent', { data: { name: 'Third edit' } });
  expect(missing.status()).toBe(428);

  const now = await request.get('/api/v1/agents/conflict-agent');
  expect((await now.json()) as unknown).toMatchObject({ name: 'First edit', version: 2 });
});

test('[API][HOSTILE]: hostile bodies are refused with their status over HTTP and change nothing', async ({ request }) => {
  await request.post('/api/v1/agents', { data: { id: 'hostile-agent', name: 'Hostile agent' } });
  const path = `${baseUrl}/api/v1/agents/hostile-agent/tools/fs_read_file`;
  const cookie = await signInCookie(baseUrl);
  const oneMiB = 1024 * 1024;
  const huge = JSON.stringify({ overrides: { baseDir: 'a'.repeat(oneMiB) } });
  const hugeStream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(huge);
        for (let offset = 0; offset < bytes.length; offset += 65_536) controller.enqueue(bytes.slice(offset, offset + 65_536));
        controller.close();
      },
    });
  const cases: { name: string; status: number; body: BodyInit; contentType?: string }[] = [
    { name: 'over 1 MiB', status: 413, body: huge },
    { name: 'over 1 MiB, chunked', status: 413, body: hugeStream() },
    { name: 'nested 40 deep', status: 400, body: `{"overrides":{"baseDir":"/x","a":${'['.repeat(40)}${']'.repeat(40)}}}` },
    { name: '__proto__', status: 400, body: '{"overrides":{"baseDir":"/x","__proto__":{"polluted":1}}}' },
    { name: 'constructor', status: 400, body: '{"overrides":{"baseDir":"/x","constructor":{"prototype":{"polluted":1}}}}' },
    { name: 'malformed', status: 400, body: '{"overrides":' },
    { name: 'not JSON', status: 415, body: 'baseDir=/x', contentType: 'application/x-www-form-urlencoded' },
  ];
  for (const { name, status, body, contentType } of cases) {
    const response = await fetch(path, {
      method: 'PUT',
      body,
      headers: { 'content-type': contentType ?? 'application/json', cookie, origin: baseUrl },
      duplex: 'half',
    } as RequestInit);
    expect(response.status, name).toBe(status);
    expect(response.headers.get('content-type'), name).toBe('application/problem+json');
  }

  const tools = await request.get('/api/v1/agents/hostile-agent/tools');
  expect((await tools.json()) as unknown).toEqual({ assignments: [], rules: [] });
  const agent = await request.get('/api/v1/agents/hostile-agent');
  expect((await agent.json()) as unknown).toMatchObject({ version: 1 });
});

test('[API][OPENAPI]: the OpenAPI document is served and lists the agent routes', async ({ request }) => {
  const response = await request.get('/api/v1/openapi.json');
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/v1/agents', '/api/v1/agents/{id}', '/api/v1/agents/{id}/tools/{toolName}', '/api/v1/audit']),
  );
});
