import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AssignmentListSchema } from '@/lib/api/assignment-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { PUT } from './[toolName]/route';
import { GET } from './route';

// The fixture plugin acme_lookup needs a key this process does not have: it is unavailable.
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins';

describeApi('GET /api/v1/agents/{id}/tools', (database) => {
  beforeAll(async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'mixed', name: 'Mixed' } });
  });

  async function putTool(toolName: string, overrides: Record<string, unknown>): Promise<void> {
    const request = apiRequest(`/api/v1/agents/mixed/tools/${toolName}`, { method: 'PUT', json: { overrides } });
    expect((await callRoute(PUT, request, { id: 'mixed', toolName })).status).toBe(201);
  }

  /** Stores an assignment as an older release of the app or a since-removed plugin left it. */
  async function storeDirectly(toolName: string, overrides: Record<string, unknown>): Promise<void> {
    const now = new Date().toISOString();
    await database.db
      .insertInto('assignments')
      .values({ agent_id: 'mixed', tool_name: toolName, overrides: JSON.stringify(overrides), version: 1, created_at: now, updated_at: now })
      .execute();
  }

  async function listTools(id = 'mixed'): Promise<Response> {
    return callRoute(GET, apiRequest(`/api/v1/agents/${id}/tools`), { id });
  }

  describe('GET /api/v1/agents/{id}/tools', () => {
    it('reports each assignment as ok, unavailable, missing or invalid, and keeps the missing one', async () => {
      await putTool('word_count', {});
      await putTool('acme_lookup', {});
      await storeDirectly('retired_tool', { keep: 'me' });
      await storeDirectly('fs_read_file', { maxBytes: 5 });

      const response = await listTools();

      expect(response.status).toBe(200);
      const { assignments } = AssignmentListSchema.parse(await response.json());
      const byName = new Map(assignments.map((assignment) => [assignment.toolName, assignment]));
      expect(byName.get('word_count')).toMatchObject({ status: 'ok' });
      expect(byName.get('acme_lookup')).toMatchObject({ status: 'unavailable', unavailableReason: expect.any(String) });
      expect(byName.get('retired_tool')).toMatchObject({ status: 'missing', overrides: { keep: 'me' } });
      expect(byName.get('fs_read_file')).toMatchObject({
        status: 'invalid',
        overrides: { maxBytes: 5 },
        errors: [{ pointer: '/overrides/baseDir', message: expect.any(String) }],
      });

      // Reading the list deletes nothing: the missing tool's assignment and overrides stay stored.
      const stored = await database.db.selectFrom('assignments').select('tool_name').where('agent_id', '=', 'mixed').execute();
      expect(stored.map((row) => row.tool_name).sort()).toEqual(['acme_lookup', 'fs_read_file', 'retired_tool', 'word_count']);
    });

    it('answers 404 naming an unknown agent', async () => {
      const response = await listTools('nobody');

      expect(response.status).toBe(404);
      expect(ProblemSchema.parse(await response.json()).detail).toContain('"nobody"');
    });
  });
});
