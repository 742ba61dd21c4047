import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AssignmentViewSchema } from '@/lib/api/assignment-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, snapshotTables, describeApi } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { MAX_OVERRIDES_BYTES } from '@/lib/assignments';
import { DELETE, GET, PUT } from './route';
import { tempFilesRoot } from '@/test/files/files-root';

const files = tempFilesRoot();

describeApi('/api/v1/agents/{id}/tools/{toolName}', (database) => {
  let agentId: string;
  let counter = 0;
  beforeEach(async () => {
    agentId = `agent-${++counter}`;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: agentId, name: 'Reader' } });
  });

  function put(toolName: string, json: unknown, ifMatch?: string, id = agentId): Promise<Response> {
    return callRoute(PUT, apiRequest(`/api/v1/agents/${id}/tools/${toolName}`, { method: 'PUT', json, ifMatch }), { id, toolName });
  }

  function get(toolName: string, id = agentId): Promise<Response> {
    return callRoute(GET, apiRequest(`/api/v1/agents/${id}/tools/${toolName}`), { id, toolName });
  }

  function remove(toolName: string, ifMatch?: string): Promise<Response> {
    return callRoute(DELETE, apiRequest(`/api/v1/agents/${agentId}/tools/${toolName}`, { method: 'DELETE', ifMatch }), { id: agentId, toolName });
  }

  async function storedOverrides(toolName: string): Promise<unknown> {
    const row = await database.db
      .selectFrom('assignments')
      .select('overrides')
      .where('agent_id', '=', agentId)
      .where('tool_name', '=', toolName)
      .executeTakeFirst();
    return row ? JSON.parse(row.overrides) : undefined;
  }

  describe('PUT /api/v1/agents/{id}/tools/{toolName}', () => {
    it('creates an assignment: 201 with Location, ETag and status ok', async () => {
      const response = await put('fs_read_file', { overrides: { baseDir: files.folder('docs') } });

      expect(response.status).toBe(201);
      expect(response.headers.get('location')).toBe(`/api/v1/agents/${agentId}/tools/fs_read_file`);
      expect(response.headers.get('etag')).toBe('"1"');
      const view = AssignmentViewSchema.parse(await response.json());
      expect(view).toMatchObject({ agentId, toolName: 'fs_read_file', overrides: { baseDir: files.folder('docs') }, status: 'ok', group: 'fs', version: 1 });
    });

    it('answers 428 when replacing without If-Match, leaving the stored overrides', async () => {
      await put('fs_read_file', { overrides: { baseDir: files.folder('docs') } });

      const response = await put('fs_read_file', { overrides: { baseDir: files.folder('other') } });

      expect(response.status).toBe(428);
      expect(await storedOverrides('fs_read_file')).toEqual({ baseDir: files.folder('docs') });
    });

    it('answers a stale If-Match with 412 carrying the current overrides, and loses nothing', async () => {
      await put('fs_read_file', { overrides: { baseDir: files.folder('docs') } });
      expect((await put('fs_read_file', { overrides: { baseDir: files.folder('second'), maxBytes: 10 } }, '"1"')).status).toBe(200);
      const before = await snapshotTables(database.db);

      const response = await put('fs_read_file', { overrides: { baseDir: files.folder('other') } }, '"1"');

      expect(response.status).toBe(412);
      expect(response.headers.get('etag')).toBe('"2"');
      const current = AssignmentViewSchema.parse(ProblemSchema.parse(await response.json()).current);
      expect(current).toMatchObject({ overrides: { baseDir: files.folder('second'), maxBytes: 10 }, version: 2 });
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('replaces the overrides with a current If-Match: 200 and the next ETag', async () => {
      await put('word_count', { overrides: {} });

      const response = await put('word_count', { overrides: {} }, '"1"');

      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"2"');
      expect(response.headers.get('location')).toBeNull();
    });

    it('refuses overrides that fail the tool\'s schema with a pointer to the field, storing nothing', async () => {
      const before = await snapshotTables(database.db);

      const response = await put('fs_read_file', { overrides: { maxBytes: 0 } });

      expect(response.status).toBe(400);
      const problem = ProblemSchema.parse(await response.json());
      expect(problem.errors).toContainEqual({ pointer: '/overrides/baseDir', message: expect.stringContaining('Base directory') });
      expect(problem.errors).toContainEqual({ pointer: '/overrides/maxBytes', message: expect.any(String) });
      expect(await snapshotTables(database.db)).toEqual(before);
      expect((await get('fs_read_file')).status).toBe(404);
    });

    it('refuses overrides over 64 KiB as JSON with 400 pointing at /overrides, storing nothing', async () => {
      const before = await snapshotTables(database.db);

      const response = await put('word_count', { overrides: { note: 'a'.repeat(MAX_OVERRIDES_BYTES) } });

      expect(response.status).toBe(400);
      const problem = ProblemSchema.parse(await response.json());
      expect(problem.errors).toEqual([{ pointer: '/overrides', message: expect.stringContaining('at most 64 KiB') }]);
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('refuses a body without an overrides object with 400', async () => {
      for (const body of [{}, { overrides: [] }, { overrides: 'x' }, { overrides: {}, extra: 1 }]) {
        const response = await put('word_count', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
      expect(await storedOverrides('word_count')).toBeUndefined();
    });

    it('answers 404 naming an unknown agent', async () => {
      const response = await put('word_count', { overrides: {} }, undefined, 'ghost-agent');

      expect(response.status).toBe(404);
      expect(ProblemSchema.parse(await response.json()).detail).toContain('"ghost-agent"');
    });

    it('answers 422 naming an unknown tool, storing nothing', async () => {
      const response = await put('no_such_tool', { overrides: {} });

      expect(response.status).toBe(422);
      expect(ProblemSchema.parse(await response.json()).detail).toContain('"no_such_tool"');
      expect(await storedOverrides('no_such_tool')).toBeUndefined();
    });

    it('answers 412 when If-Match (a tag, a list or *) expects an assignment that does not exist', async () => {
      for (const ifMatch of ['"1"', '"1", "2"', '*']) {
        expect((await put('word_count', { overrides: {} }, ifMatch)).status, ifMatch).toBe(412);
      }
      expect(await storedOverrides('word_count')).toBeUndefined();
      expect((await put('word_count', { overrides: {} }, '*', 'ghost-agent')).status).toBe(404);
    });
  });

  describe('GET /api/v1/agents/{id}/tools/{toolName}', () => {
    it('answers the assignment with its ETag, and 404 naming a tool not assigned', async () => {
      await put('word_count', { overrides: {} });

      const response = await get('word_count');
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"1"');
      expect(AssignmentViewSchema.parse(await response.json()).status).toBe('ok');

      const missing = await get('fs_list_dir');
      expect(missing.status).toBe(404);
      expect(ProblemSchema.parse(await missing.json()).detail).toContain('"fs_list_dir"');
    });
  });

  describe('DELETE /api/v1/agents/{id}/tools/{toolName}', () => {
    it('needs a current If-Match: 428 without, 412 when stale, 204 when current', async () => {
      await put('word_count', { overrides: {} });

      expect((await remove('word_count')).status).toBe(428);
      const stale = await remove('word_count', '"5"');
      expect(stale.status).toBe(412);
      const current = AssignmentViewSchema.parse(ProblemSchema.parse(await stale.json()).current);
      expect(current).toMatchObject({ toolName: 'word_count', version: 1, status: 'ok', group: expect.any(String) });
      expect(await storedOverrides('word_count')).toEqual({});

      // The single numeric tag is checked in lib, the list, * and weak tags in the HTTP layer:
      // both answer the same full view as GET.
      const viewed: unknown = await (await get('word_count')).json();
      for (const ifMatch of ['"5"', '"5", "6"', 'W/"1"']) {
        const refused = await remove('word_count', ifMatch);
        expect(refused.status, ifMatch).toBe(412);
        expect(ProblemSchema.parse(await refused.json()).current, ifMatch).toEqual(viewed);
      }

      const removed = await remove('word_count', '"1"');
      expect(removed.status).toBe(204);
      expect(await storedOverrides('word_count')).toBeUndefined();
    });
  });
});
