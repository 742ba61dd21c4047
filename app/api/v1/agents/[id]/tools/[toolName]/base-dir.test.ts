import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AssignmentListSchema, AssignmentViewSchema } from '@/lib/api/assignment-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { tempFilesRoot } from '@/test/files/files-root';
import { GET as listTools } from '../route';
import { GET, PUT } from './route';

const files = tempFilesRoot();
// A real folder that exists but lies outside the allowed root.
const elsewhere = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'tools-admin-elsewhere-')));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

describeApi('baseDir against FS_ALLOWED_ROOTS through /api/v1/agents/{id}/tools/{toolName}', (database) => {
  let agentId: string;
  let counter = 0;
  beforeEach(async () => {
    agentId = `reader-${++counter}`;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: agentId, name: 'Reader' } });
  });

  function put(overrides: Record<string, unknown>, ifMatch?: string): Promise<Response> {
    const request = apiRequest(`/api/v1/agents/${agentId}/tools/fs_read_file`, { method: 'PUT', json: { overrides }, ifMatch });
    return callRoute(PUT, request, { id: agentId, toolName: 'fs_read_file' });
  }

  it.each([
    ['the file system root', '/', 'is outside'],
    ['/etc', '/etc', 'is outside'],
    ['a relative path', '../etc', 'is a relative path'],
    ['a folder that does not exist', '/does/not/exist', 'is outside'],
    ['three spaces', '   ', 'is blank'],
    ['a folder outside the allowed roots', elsewhere, 'is outside'],
  ])('refuses %s with 400 on /overrides/baseDir, storing nothing', async (_, baseDir, reason) => {
    const before = await snapshotTables(database.db);

    const response = await put({ baseDir });

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = ProblemSchema.parse(await response.json());
    expect(problem.errors).toEqual([{ pointer: '/overrides/baseDir', message: expect.stringContaining(reason) }]);
    expect(await snapshotTables(database.db)).toEqual(before);
  });

  it('refuses changing a stored baseDir to one outside the allowed roots, keeping the stored one', async () => {
    const docs = files.folder('docs');
    expect((await put({ baseDir: docs })).status).toBe(201);

    const response = await put({ baseDir: '/' }, '"1"');

    expect(response.status).toBe(400);
    const view = AssignmentViewSchema.parse(await (await callRoute(GET, apiRequest(`/api/v1/agents/${agentId}/tools/fs_read_file`), { id: agentId, toolName: 'fs_read_file' })).json());
    expect(view).toMatchObject({ overrides: { baseDir: docs }, version: 1, status: 'ok' });
  });

  it('shows a stored baseDir whose folder was deleted as invalid, with the reason, in the list and the item', async () => {
    const doomed = files.folder('doomed');
    expect((await put({ baseDir: doomed })).status).toBe(201);
    rmSync(doomed, { recursive: true });

    const item = AssignmentViewSchema.parse(
      await (await callRoute(GET, apiRequest(`/api/v1/agents/${agentId}/tools/fs_read_file`), { id: agentId, toolName: 'fs_read_file' })).json(),
    );
    const list = AssignmentListSchema.parse(await (await callRoute(listTools, apiRequest(`/api/v1/agents/${agentId}/tools`), { id: agentId })).json());

    const invalid = { status: 'invalid', overrides: { baseDir: doomed }, errors: [{ pointer: '/overrides/baseDir', message: expect.stringContaining('does not exist') }] };
    expect(item).toMatchObject(invalid);
    expect(list.assignments).toEqual([expect.objectContaining(invalid)]);
  });
});
