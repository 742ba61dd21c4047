import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, snapshotTables, describeApi, type TestRequestInit } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments';
import { MAX_BODY_BYTES } from '@/lib/http/read-json-body';
import { getToolRegistry } from '@/lib/registry-host';
import { PATCH } from './agents/[id]/route';
import { PUT } from './agents/[id]/tools/[toolName]/route';
import { POST } from './agents/route';
import { tempFilesRoot } from '@/test/files/files-root';

const files = tempFilesRoot();

describeApi('hostile input', (database) => {
  beforeAll(async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'target', name: 'Target' } });
    const registry = await getToolRegistry();
    await putAssignment({ db: database.db, registry, actor: TEST_ADMIN, agentId: 'target', toolName: 'fs_read_file', overrides: { baseDir: files.folder('srv') } });
  });

  /** A body streamed in chunks with no Content-Length, as a chunked upload arrives. */
  function streamOf(text: string): ReadableStream<Uint8Array> {
    const bytes = new TextEncoder().encode(text);
    let offset = 0;
    return new ReadableStream({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 65_536));
        offset += 65_536;
      },
    });
  }

  // Each body would be accepted by PUT but for the hostile part, so only the guard can refuse it.
  const deep = (depth: number) => `{"overrides":{"baseDir":"/y","x":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
  const huge = `{"overrides":{"baseDir":"${'a'.repeat(MAX_BODY_BYTES)}"}}`;

  const hostileBodies: { name: string; status: number; detail: RegExp; body: () => BodyInit; headers?: Record<string, string> }[] = [
    { name: 'a body over 1 MiB with its Content-Length', status: 413, detail: /larger than/, body: () => huge, headers: { 'content-length': String(huge.length) } },
    { name: 'a body over 1 MiB streamed without a length', status: 413, detail: /larger than/, body: () => streamOf(huge) },
    { name: 'nesting deeper than 32', status: 400, detail: /nested deeper than 32/, body: () => deep(40) },
    { name: 'a __proto__ key', status: 400, detail: /forbidden key at \/overrides\/__proto__/, body: () => '{"overrides":{"baseDir":"/x","__proto__":{"polluted":true}}}' },
    { name: 'a constructor key', status: 400, detail: /forbidden key at \/overrides\/constructor/, body: () => '{"overrides":{"baseDir":"/x","constructor":{"prototype":{"polluted":true}}}}' },
    { name: 'a nested prototype key', status: 400, detail: /forbidden key at \/overrides\/a\/0\/prototype/, body: () => '{"overrides":{"baseDir":"/x","a":[{"prototype":{"polluted":true}}]}}' },
    { name: 'malformed JSON', status: 400, detail: /not valid JSON/, body: () => '{"overrides": {"baseDir": "/x",}' },
    { name: 'a non-JSON content type', status: 415, detail: /must be application\/json/, body: () => '{"overrides":{"baseDir":"/x"}}', headers: { 'content-type': 'text/plain' } },
  ];

  const routes = [
    {
      name: 'POST /api/v1/agents',
      call: (init: TestRequestInit) =>
        POST(apiRequest('/api/v1/agents', { method: 'POST', ...init }), { params: Promise.resolve({}) }),
    },
    {
      name: 'PATCH /api/v1/agents/{id}',
      call: (init: TestRequestInit) =>
        callRoute(PATCH, apiRequest('/api/v1/agents/target', { method: 'PATCH', ifMatch: '*', ...init }), { id: 'target' }),
    },
    {
      name: 'PUT /api/v1/agents/{id}/tools/{toolName}',
      call: (init: TestRequestInit) =>
        callRoute(
          PUT,
          apiRequest('/api/v1/agents/target/tools/fs_read_file', { method: 'PUT', ifMatch: '*', ...init }),
          { id: 'target', toolName: 'fs_read_file' },
        ),
    },
  ];

  describe('the hostile bodies', () => {
    it('would be stored by PUT but for their hostile part', async () => {
      const request = apiRequest('/api/v1/agents/target/tools/fs_read_file', {
        method: 'PUT',
        json: { overrides: { baseDir: files.folder('y'), x: [[[]]], a: [{ b: 1 }] } },
        headers: { 'if-match': '"1"' },
      });
      const response = await callRoute(PUT, request, { id: 'target', toolName: 'fs_read_file' });
      expect(response.status).toBe(200);
    });
  });

  describe.each(routes)('$name answers 90,000 unknown keys', ({ call }) => {
    it('with a small reply: 100 field errors and "and N more", changing nothing', async () => {
      const keys = Array.from({ length: 90_000 }, (_, i) => `"k${i}":0`).join(',');
      const body = `{"name":"N","overrides":{"baseDir":"/srv"},${keys}}`;
      expect(body.length).toBeLessThan(MAX_BODY_BYTES);
      const before = await snapshotTables(database.db);

      const response = await call({ body, headers: { 'content-type': 'application/json' } });
      const text = await response.text();

      expect(response.status).toBe(400);
      expect(text.length).toBeLessThan(20_000);
      const problem = ProblemSchema.parse(JSON.parse(text));
      expect(problem.errors).toHaveLength(101);
      expect(problem.errors?.at(-1)?.message).toMatch(/^and \d+ more$/);
      expect(await snapshotTables(database.db)).toEqual(before);
    });
  });

  describe.each(routes)('$name refuses hostile input', ({ call }) => {
    it.each(hostileBodies)('$name: answers $status and changes nothing', async ({ status, detail, body, headers }) => {
      const before = await snapshotTables(database.db);

      const response = await call({ body: body(), headers: { 'content-type': 'application/json', ...headers } });

      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(ProblemSchema.parse(await response.json()).detail).toMatch(detail);
      expect(await snapshotTables(database.db)).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
  });
});
