import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AgentListSchema, AgentSchema, DeletedAgentSchema } from '@/lib/api/agent-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, snapshotTables, describeApi } from '@/test/api/api-harness';
import { createAgent, getAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments';
import { getToolRegistry } from '@/lib/registry-host';
import { GET as listAgentsRoute } from '../route';
import { DELETE, GET, PATCH } from './route';

describeApi('/api/v1/agents/{id}', (database) => {
  let agentId: string;
  let counter = 0;
  beforeEach(async () => {
    agentId = `agent-${++counter}`;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: agentId, name: 'Original', description: 'First words' } });
  });

  function patch(id: string, json: unknown, ifMatch?: string): Promise<Response> {
    return callRoute(PATCH, apiRequest(`/api/v1/agents/${id}`, { method: 'PATCH', json, ifMatch }), { id });
  }

  function remove(id: string, ifMatch?: string): Promise<Response> {
    return callRoute(DELETE, apiRequest(`/api/v1/agents/${id}`, { method: 'DELETE', ifMatch }), { id });
  }

  describe('GET /api/v1/agents/{id}', () => {
    it('answers the agent with its version as ETag', async () => {
      const response = await callRoute(GET, apiRequest(`/api/v1/agents/${agentId}`), { id: agentId });

      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"1"');
      expect(AgentSchema.parse(await response.json())).toMatchObject({ id: agentId, name: 'Original', version: 1 });
    });

    it('answers the same body and strong ETag after a tool is assigned: the count is in the list only', async () => {
      const first = await callRoute(GET, apiRequest(`/api/v1/agents/${agentId}`), { id: agentId });
      const firstBody: unknown = await first.json();
      const registry = await getToolRegistry();
      await putAssignment({ db: database.db, registry, actor: TEST_ADMIN, agentId, toolName: 'word_count', overrides: {} });

      const second = await callRoute(GET, apiRequest(`/api/v1/agents/${agentId}`), { id: agentId });

      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(await second.json()).toEqual(firstBody);
      expect(firstBody).not.toHaveProperty('assignmentCount');
      const list = AgentListSchema.parse(await (await listAgentsRoute(apiRequest('/api/v1/agents'), { params: Promise.resolve({}) })).json());
      expect(list.agents.find((agent) => agent.id === agentId)?.assignmentCount).toBe(1);
    });

    it('answers 404 naming an unknown agent', async () => {
      const response = await callRoute(GET, apiRequest('/api/v1/agents/nobody'), { id: 'nobody' });

      expect(response.status).toBe(404);
      expect(ProblemSchema.parse(await response.json()).detail).toContain('"nobody"');
    });
  });

  describe('PATCH /api/v1/agents/{id}', () => {
    it('changes the agent with a current If-Match and answers the new version and ETag', async () => {
      const response = await patch(agentId, { name: 'Renamed' }, '"1"');

      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"2"');
      expect(AgentSchema.parse(await response.json())).toMatchObject({ name: 'Renamed', description: 'First words', version: 2 });
      expect(await getAgent({ actor: TEST_ADMIN, db: database.db, id: agentId })).toMatchObject({ name: 'Renamed', version: 2 });
    });

    it('accepts If-Match: * and a list that names the current version', async () => {
      expect((await patch(agentId, { name: 'Star' }, '*')).status).toBe(200);
      expect((await patch(agentId, { name: 'Listed' }, '"1", "2"')).status).toBe(200);
      expect(await getAgent({ actor: TEST_ADMIN, db: database.db, id: agentId })).toMatchObject({ name: 'Listed', version: 3 });
    });

    it('answers 428 without If-Match and changes nothing', async () => {
      const before = await snapshotTables(database.db);

      const response = await patch(agentId, { name: 'Sneaky' });

      expect(response.status).toBe(428);
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('answers a stale If-Match with 412, the current agent and its ETag, and loses nothing', async () => {
      expect((await patch(agentId, { description: 'Second words' }, '"1"')).status).toBe(200);
      const before = await snapshotTables(database.db);

      const response = await patch(agentId, { name: 'Overwrite' }, '"1"');

      expect(response.status).toBe(412);
      expect(response.headers.get('etag')).toBe('"2"');
      const problem = ProblemSchema.parse(await response.json());
      expect(AgentSchema.parse(problem.current)).toMatchObject({ name: 'Original', description: 'Second words', version: 2 });
      expect(problem.current).not.toHaveProperty('assignmentCount');
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('answers a weak If-Match with 412, since If-Match compares strongly', async () => {
      expect((await patch(agentId, { name: 'Weak' }, 'W/"1"')).status).toBe(412);
    });

    it('answers 400 for a malformed If-Match, an empty change and an unknown field', async () => {
      expect((await patch(agentId, { name: 'x' }, '1')).status).toBe(400);
      const empty = await patch(agentId, {}, '"1"');
      expect(empty.status).toBe(400);
      const unknown = await patch(agentId, { version: 9 }, '"1"');
      expect(ProblemSchema.parse(await unknown.json()).errors).toContainEqual({ pointer: '/version', message: expect.any(String) });
      expect(await getAgent({ actor: TEST_ADMIN, db: database.db, id: agentId })).toMatchObject({ name: 'Original', version: 1 });
    });

    it('answers 404 naming an unknown agent', async () => {
      const response = await patch('nobody', { name: 'x' }, '"1"');

      expect(response.status).toBe(404);
      expect(ProblemSchema.parse(await response.json()).detail).toContain('"nobody"');
    });
  });

  describe('DELETE /api/v1/agents/{id}', () => {
    it('answers 428 without If-Match and 412 when stale, keeping the agent', async () => {
      expect((await remove(agentId)).status).toBe(428);
      const stale = await remove(agentId, '"7"');
      expect(stale.status).toBe(412);
      expect(ProblemSchema.parse(await stale.json()).current).toMatchObject({ id: agentId, version: 1 });
      expect(await getAgent({ actor: TEST_ADMIN, db: database.db, id: agentId })).toMatchObject({ version: 1 });
    });

    it('deletes the agent and its assignments with a current If-Match', async () => {
      const registry = await getToolRegistry();
      await putAssignment({ db: database.db, registry, actor: TEST_ADMIN, agentId, toolName: 'word_count', overrides: {} });

      const response = await remove(agentId, '"1"');

      expect(response.status).toBe(200);
      expect(DeletedAgentSchema.parse(await response.json())).toEqual({ deletedAssignments: 1 });
      expect((await callRoute(GET, apiRequest(`/api/v1/agents/${agentId}`), { id: agentId })).status).toBe(404);
      const left = await database.db.selectFrom('assignments').selectAll().where('agent_id', '=', agentId).execute();
      expect(left).toEqual([]);
    });

    it('records the change in the audit log as the local admin', async () => {
      await patch(agentId, { name: 'Audited' }, '"1"');

      const event = await database.db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(event).toMatchObject({ action: 'agent.update', actor: TEST_ADMIN.id, target: `agents/${agentId}` });
    });
  });
});
