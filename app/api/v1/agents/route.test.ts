import { describe, expect, it } from 'vitest';
import { AgentListSchema, AgentSchema } from '@/lib/api/agent-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, snapshotTables, describeApi } from '@/test/api/api-harness';
import { GET, POST } from './route';

describeApi('POST and GET /api/v1/agents', (database) => {
  const noParams = { params: Promise.resolve({}) };

  function create(json: unknown): Promise<Response> {
    return POST(apiRequest('/api/v1/agents', { method: 'POST', json }), noParams);
  }

  describe('POST /api/v1/agents', () => {
    it('creates an agent: 201 with its Location, its ETag and the agent at version 1', async () => {
      const response = await create({ id: 'support-bot', name: '  Support bot ', description: 'Answers tickets' });

      expect(response.status).toBe(201);
      expect(response.headers.get('location')).toBe('/api/v1/agents/support-bot');
      expect(response.headers.get('etag')).toBe('"1"');
      const agent = AgentSchema.parse(await response.json());
      expect(agent).toMatchObject({ id: 'support-bot', name: 'Support bot', description: 'Answers tickets', version: 1 });
      expect(agent).not.toHaveProperty('assignmentCount');
    });

    it('makes the id from the name when none is given', async () => {
      const response = await create({ name: 'Release Notes Writer' });

      expect(response.status).toBe(201);
      expect(AgentSchema.parse(await response.json()).id).toBe('release-notes-writer');
    });

    it('answers 400 pointing at the name when no id is given and the name has nothing to make one from', async () => {
      const before = await snapshotTables(database.db);

      const response = await create({ name: '✓✓✓' });

      expect(response.status).toBe(400);
      expect(ProblemSchema.parse(await response.json()).errors).toEqual([
        { pointer: '/name', message: 'The name has no letters or digits to make an id from; give an id' },
      ]);
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('answers 409 naming the id when it is taken, and keeps the first agent', async () => {
      const response = await create({ id: 'support-bot', name: 'Impostor' });

      expect(response.status).toBe(409);
      expect(ProblemSchema.parse(await response.json()).detail).toContain('support-bot');
      const list = AgentListSchema.parse(await (await GET(apiRequest('/api/v1/agents'), noParams)).json());
      expect(list.agents.find((agent) => agent.id === 'support-bot')?.name).toBe('Support bot');
    });

    it('answers 400 with a field error per bad field and stores nothing', async () => {
      const before = await snapshotTables(database.db);

      const response = await create({ id: 'Not An Id', name: '   ', colour: 'red' });

      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const pointers = ProblemSchema.parse(await response.json()).errors?.map((error) => error.pointer);
      expect(pointers?.sort()).toEqual(['/colour', '/id', '/name']);
      expect(await snapshotTables(database.db)).toEqual(before);
    });
  });

  describe('GET /api/v1/agents', () => {
    it('lists the agents, and only the matching ones with ?search=', async () => {
      const all = AgentListSchema.parse(await (await GET(apiRequest('/api/v1/agents'), noParams)).json());
      expect(all.agents.map((agent) => agent.id).sort()).toEqual(['release-notes-writer', 'support-bot']);

      const found = AgentListSchema.parse(await (await GET(apiRequest('/api/v1/agents?search=ticket'), noParams)).json());
      expect(found.agents.map((agent) => agent.id)).toEqual(['support-bot']);
    });
  });
});
