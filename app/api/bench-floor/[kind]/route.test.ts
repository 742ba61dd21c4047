import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { apiRequest, describeApi } from '@/test/api/api-harness';
import { DELETE, GET, PATCH, POST, PUT } from './route';

const handlers = { GET, POST, PUT, PATCH, DELETE };
const kinds = ['catalogue', 'invoke', 'assignment', 'anything'];
const call = (method: keyof typeof handlers, kind: string, json?: unknown) =>
  handlers[method](apiRequest(`/api/bench-floor/${kind}`, { method, as: 'anonymous', json, headers: { 'x-request-id': 'r-floor' } }), { params: Promise.resolve({ kind }) });

afterEach(() => {
  vi.unstubAllEnvs();
});

describeApi('the bench\'s floor route', (database) => {
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'bench-floor-'));
    await writeFile(path.join(folder, 'catalogue.json'), '{"tools":[],"diagnostics":[]}');
    await writeFile(path.join(folder, 'assignment.json'), '{"toolName":"word_count","version":3}');
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is off by default: 404 problem details to every method and kind, to anyone', async () => {
    vi.stubEnv('BENCH_FLOOR_DIR', '');
    for (const kind of kinds) {
      for (const method of Object.keys(handlers) as (keyof typeof handlers)[]) {
        const response = await call(method, kind, method === 'GET' ? undefined : { arguments: { text: 'a b' } });
        expect(response.status, `${method} ${kind}`).toBe(404);
        expect(response.headers.get('content-type')).toBe('application/problem+json');
        expect(await response.json()).toMatchObject({ status: 404, requestId: 'r-floor' });
      }
    }
  });

  it('with BENCH_FLOOR_DIR, answers the saved bytes and runs word_count through the registry', async () => {
    vi.stubEnv('BENCH_FLOOR_DIR', folder);
    const catalogue = await call('GET', 'catalogue');
    expect(catalogue.status).toBe(200);
    expect(await catalogue.text()).toBe('{"tools":[],"diagnostics":[]}');

    await database.db.insertInto('agents').values({ id: 'bench', name: 'Bench', description: '', version: 1, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).execute();
    await database.db.insertInto('assignments').values({ agent_id: 'bench', tool_name: 'word_count', overrides: '{}', version: 3, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).execute();
    const saved = handlers.PUT(apiRequest('/api/bench-floor/assignment?agent=bench&tool=word_count', { method: 'PUT', as: 'anonymous', json: { overrides: {} } }), { params: Promise.resolve({ kind: 'assignment' }) });
    expect(await (await saved).text()).toBe('{"toolName":"word_count","version":3}');
    // It commits one write, as a save does, and changes nothing else.
    const row = await database.db.selectFrom('assignments').selectAll().where('agent_id', '=', 'bench').executeTakeFirstOrThrow();
    expect(row.updated_at).not.toBe('2026-01-01T00:00:00.000Z');
    expect({ overrides: row.overrides, version: row.version }).toEqual({ overrides: '{}', version: 3 });

    const invoked = await call('POST', 'invoke', { arguments: { text: 'one two three' } });
    expect(await invoked.json()).toMatchObject({ result: 'Word count: 3', sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    expect((await call('DELETE', 'catalogue')).status).toBe(404);
    expect((await call('GET', 'anything')).status).toBe(404);
  });
});
