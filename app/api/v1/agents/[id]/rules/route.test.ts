import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { AgentRuleSchema, AgentToolsSchema } from '@/lib/api/rule-schemas';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { createToken } from '@/lib/auth/create-token';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { GET as effectiveTools } from '../effective-tools/route';
import { GET as agentTools } from '../tools/route';
import { PUT as putAssignment } from '../tools/[toolName]/route';
import { POST as invoke } from '../tools/[toolName]/invoke/route';
import { DELETE as deleteAgent } from '../route';
import { DELETE, GET as getRule, PUT } from './[group]/route';
import { GET, POST } from './route';

// A provider fixture whose names come from a file the test rewrites while the app runs.
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/dynamic-plugins';
const namesDir = mkdtempSync(path.join(os.tmpdir(), 'grow-names-'));
const namesFile = path.join(namesDir, 'names.txt');
process.env.GROW_NAMES_FILE = namesFile;
afterAll(() => rmSync(namesDir, { recursive: true, force: true }));

function addRule(agentId: string, json: unknown, as?: 'viewer'): Promise<Response> {
  return callRoute(POST, apiRequest(`/api/v1/agents/${agentId}/rules`, { method: 'POST', json, as }), { id: agentId });
}

async function effectiveNames(agentId: string): Promise<string[]> {
  const response = await callRoute(effectiveTools, apiRequest(`/api/v1/agents/${agentId}/effective-tools`), { id: agentId });
  const body = (await response.json()) as { tools: { function: { name: string } }[] };
  return body.tools.map((tool) => tool.function.name);
}

describeApi('/api/v1/agents/{id}/rules', (database) => {
  let runtimeToken = '';
  beforeAll(async () => {
    writeFileSync(namesFile, 'alpha\n');
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    runtimeToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'grower', name: 'Grower' } });
  });

  describe('a group rule', () => {
    it('gives the agent every tool of the group, including one that appears later, with no edit of the agent', async () => {
      const response = await addRule('grower', { group: 'grow', exclude: [] });
      expect(response.status).toBe(201);
      expect(response.headers.get('etag')).toBe('"1"');
      expect(response.headers.get('location')).toBe('/api/v1/agents/grower/rules/grow');
      expect(AgentRuleSchema.parse(await response.json())).toMatchObject({ group: 'grow', exclude: [], toolCount: 1, tools: [{ toolName: 'grow_alpha', origin: 'rule', status: 'ok' }] });
      expect(await effectiveNames('grower')).toEqual(['grow_alpha']);

      const versionBefore = (await database.db.selectFrom('agents').select('version').where('id', '=', 'grower').executeTakeFirstOrThrow()).version;
      writeFileSync(namesFile, 'alpha\nbeta\n');

      expect(await effectiveNames('grower')).toEqual(['grow_alpha', 'grow_beta']);
      const called = await callRoute(invoke, apiRequest('/api/v1/agents/grower/tools/grow_beta/invoke', { method: 'POST', json: { arguments: { text: 'hi' } }, as: { token: runtimeToken } }), { id: 'grower', toolName: 'grow_beta' });
      expect(called.status).toBe(200);
      expect(await called.json()).toMatchObject({ result: 'grow_beta: hi' });
      const versionAfter = (await database.db.selectFrom('agents').select('version').where('id', '=', 'grower').executeTakeFirstOrThrow()).version;
      expect(versionAfter).toBe(versionBefore);
      expect(await database.db.selectFrom('assignments').select('tool_name').where('agent_id', '=', 'grower').execute()).toEqual([]);
    });

    it('lists the rules and the tools they give in GET /tools, each marked with where it came from; an explicit assignment wins', async () => {
      expect((await callRoute(putAssignment, apiRequest('/api/v1/agents/grower/tools/grow_alpha', { method: 'PUT', json: { overrides: {} } }), { id: 'grower', toolName: 'grow_alpha' })).status).toBe(201);
      const response = await callRoute(agentTools, apiRequest('/api/v1/agents/grower/tools'), { id: 'grower' });
      const body = AgentToolsSchema.parse(await response.json());
      expect(body.assignments).toEqual([expect.objectContaining({ toolName: 'grow_alpha', origin: 'assignment', status: 'ok' })]);
      expect(body.rules).toEqual([
        expect.objectContaining({
          group: 'grow',
          toolCount: 1,
          tools: [
            { toolName: 'grow_alpha', origin: 'assignment', status: 'ok' },
            { toolName: 'grow_beta', origin: 'rule', status: 'ok' },
          ],
        }),
      ]);
      expect(await effectiveNames('grower')).toEqual(['grow_alpha', 'grow_beta']);
    });

    it('leaves out excluded tools; the exclusions change with If-Match (428 without, 412 stale)', async () => {
      expect((await callRoute(PUT, apiRequest('/api/v1/agents/grower/rules/grow', { method: 'PUT', json: { exclude: ['grow_beta'] } }), { id: 'grower', group: 'grow' })).status).toBe(428);
      const response = await callRoute(PUT, apiRequest('/api/v1/agents/grower/rules/grow', { method: 'PUT', json: { exclude: ['grow_beta'] }, ifMatch: '"1"' }), { id: 'grower', group: 'grow' });
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"2"');
      expect((await callRoute(PUT, apiRequest('/api/v1/agents/grower/rules/grow', { method: 'PUT', json: { exclude: [] }, ifMatch: '"1"' }), { id: 'grower', group: 'grow' })).status).toBe(412);
      expect(await effectiveNames('grower')).toEqual(['grow_alpha']);
      const called = await callRoute(invoke, apiRequest('/api/v1/agents/grower/tools/grow_beta/invoke', { method: 'POST', json: { arguments: { text: 'hi' } }, as: { token: runtimeToken } }), { id: 'grower', toolName: 'grow_beta' });
      expect(called.status).toBe(404);
      const audit = await database.db.selectFrom('audit_events').select(['action', 'agent_id']).where('action', 'like', 'rule.%').orderBy('id').execute();
      expect(audit).toEqual([
        { action: 'rule.create', agent_id: 'grower' },
        { action: 'rule.update', agent_id: 'grower' },
      ]);
    });

    it('shows a tool whose settings have no default as left out, invalid, until it is assigned with its settings', async () => {
      await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'filer', name: 'Filer' } });
      expect((await addRule('filer', { group: 'fs' })).status).toBe(201);
      const response = await callRoute(effectiveTools, apiRequest('/api/v1/agents/filer/effective-tools'), { id: 'filer' });
      const body = (await response.json()) as { tools: unknown[]; leftOut: { toolName: string; status: string }[] };
      expect(body.tools).toEqual([]);
      expect(body.leftOut).toEqual(expect.arrayContaining([expect.objectContaining({ toolName: 'fs_read_file', status: 'invalid' })]));
    });

    it('refuses an unknown group (422), a second rule for one group (409) and a viewer (403), changing nothing', async () => {
      const before = await snapshotTables(database.db);
      expect((await addRule('grower', { group: 'no-such-group' })).status).toBe(422);
      expect((await addRule('grower', { group: 'grow' })).status).toBe(409);
      expect((await addRule('nobody', { group: 'grow' })).status).toBe(404);
      expect(await snapshotTables(database.db)).toEqual(before);
      expect((await addRule('grower', { group: 'workflow' }, 'viewer')).status).toBe(403);
      expect((await snapshotTables(database.db) as { rules: unknown[] }).rules).toEqual((before as { rules: unknown[] }).rules);
    });

    it('is removed with If-Match; deleting an agent deletes its rules', async () => {
      expect((await callRoute(DELETE, apiRequest('/api/v1/agents/grower/rules/grow', { method: 'DELETE' }), { id: 'grower', group: 'grow' })).status).toBe(428);
      expect((await callRoute(DELETE, apiRequest('/api/v1/agents/grower/rules/grow', { method: 'DELETE', ifMatch: '"2"' }), { id: 'grower', group: 'grow' })).status).toBe(204);
      expect((await callRoute(getRule, apiRequest('/api/v1/agents/grower/rules/grow'), { id: 'grower', group: 'grow' })).status).toBe(404);
      expect(await effectiveNames('grower')).toEqual(['grow_alpha']);

      const list = await callRoute(GET, apiRequest('/api/v1/agents/filer/rules'), { id: 'filer' });
      expect(((await list.json()) as { rules: { group: string }[] }).rules.map((rule) => rule.group)).toEqual(['fs']);
      expect((await callRoute(deleteAgent, apiRequest('/api/v1/agents/filer', { method: 'DELETE', ifMatch: '"1"' }), { id: 'filer' })).status).toBe(200);
      expect(await database.db.selectFrom('agent_rules').selectAll().where('agent_id', '=', 'filer').execute()).toEqual([]);
    });
  });
});
