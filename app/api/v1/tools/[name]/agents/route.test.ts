import { expect, it } from 'vitest';
import { BulkAssignResultSchema, ClonedAgentSchema, ToolUsersSchema } from '@/lib/api/fleet-schemas';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { POST as clone } from '../../../agents/[id]/clone/route';
import { GET, POST } from './route';

describeApi('/api/v1/tools/{name}/agents and /api/v1/agents/{id}/clone', (database) => {
  const bulk = (json: unknown) => callRoute(POST, apiRequest('/api/v1/tools/word_count/agents', { method: 'POST', json }), { name: 'word_count' });

  it('adds a tool to the chosen agents in one request, lists them as its users, and removes it again', async () => {
    for (const id of ['fleet-a', 'fleet-b']) await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id, name: id } });

    const preview = await bulk({ operation: 'add', agentIds: ['fleet-a', 'fleet-b'], overrides: {}, preview: true });
    expect(BulkAssignResultSchema.parse(await preview.json()).results.map((result) => result.action)).toEqual(['create', 'create']);
    const added = await bulk({ operation: 'add', agentIds: ['fleet-a', 'fleet-b'], overrides: {} });
    expect(added.status).toBe(200);

    const users = ToolUsersSchema.parse(await (await callRoute(GET, apiRequest('/api/v1/tools/word_count/agents?limit=1'), { name: 'word_count' })).json());
    expect(users.total).toBe(2);
    expect(users.agents.map((user) => user.agentId)).toEqual(['fleet-a']);
    expect((await bulk({ operation: 'remove', agentIds: ['fleet-a', 'fleet-b'] })).status).toBe(200);
    expect(ToolUsersSchema.parse(await (await callRoute(GET, apiRequest('/api/v1/tools/word_count/agents'), { name: 'word_count' })).json()).total).toBe(0);
  });

  it('answers 400 naming the agent that cannot take the change, and changes nothing', async () => {
    const before = await snapshotTables(database.db);
    const response = await bulk({ operation: 'set', agentIds: ['nobody'], set: { x: 1 } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ pointer: '/agentIds/0', message: 'Agent "nobody" does not exist' }] });
    expect(await snapshotTables(database.db)).toEqual(before);
  });

  it('clones an agent: 201 with its Location and the number of tools copied', async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'to-clone', name: 'To clone' } });
    await bulk({ operation: 'add', agentIds: ['to-clone'], overrides: {} });

    const response = await callRoute(clone, apiRequest('/api/v1/agents/to-clone/clone', { method: 'POST', json: { name: 'The clone' } }), { id: 'to-clone' });

    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/api/v1/agents/the-clone');
    expect(ClonedAgentSchema.parse(await response.json())).toMatchObject({ agent: { id: 'the-clone', name: 'The clone' }, assignmentCount: 1 });
  });
});
