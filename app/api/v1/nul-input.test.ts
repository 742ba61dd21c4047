import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AssignmentViewSchema } from '@/lib/api/assignment-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { DELETE as deleteAgent, GET as getAgent, PATCH } from './agents/[id]/route';
import { GET as listTools } from './agents/[id]/tools/route';
import { DELETE as deleteTool, GET as getTool, PUT } from './agents/[id]/tools/[toolName]/route';
import { GET as listAgents, POST } from './agents/route';

const NUL = '\u0000';
const noParams = { params: Promise.resolve({}) };

async function problemOf(response: Response) {
  return ProblemSchema.parse(await response.json());
}

// PostgreSQL's text cannot hold U+0000 and answered 500; SQLite stored it. Both must answer alike.
describeApi('NUL and control characters in paths, queries and bodies', (database) => {
  beforeAll(async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'holder', name: 'Holder' } });
  });

  describe('a path parameter with a NUL names nothing', () => {
    const id = `hold${NUL}er`;
    const toolName = `word${NUL}_count`;

    it.each([
      ['GET agent', () => callRoute(getAgent, apiRequest('/api/v1/agents/x'), { id })],
      ['PATCH agent', () => callRoute(PATCH, apiRequest('/api/v1/agents/x', { method: 'PATCH', json: { name: 'N' }, ifMatch: '"1"' }), { id })],
      ['PATCH agent with If-Match *', () => callRoute(PATCH, apiRequest('/api/v1/agents/x', { method: 'PATCH', json: { name: 'N' }, ifMatch: '*' }), { id })],
      ['DELETE agent', () => callRoute(deleteAgent, apiRequest('/api/v1/agents/x', { method: 'DELETE', ifMatch: '"1"' }), { id })],
      ['GET agent tools', () => callRoute(listTools, apiRequest('/api/v1/agents/x/tools'), { id })],
      ['GET tool of an unknown agent', () => callRoute(getTool, apiRequest('/api/v1/agents/x/tools/word_count'), { id, toolName: 'word_count' })],
      ['GET tool', () => callRoute(getTool, apiRequest('/api/v1/agents/holder/tools/x'), { id: 'holder', toolName })],
      ['DELETE tool', () => callRoute(deleteTool, apiRequest('/api/v1/agents/holder/tools/x', { method: 'DELETE', ifMatch: '"1"' }), { id: 'holder', toolName })],
      ['PUT tool of an unknown agent', () => callRoute(PUT, apiRequest('/api/v1/agents/x/tools/word_count', { method: 'PUT', json: { overrides: {} } }), { id, toolName: 'word_count' })],
    ])('%s: 404 and nothing changes', async (_name, call) => {
      const before = await snapshotTables(database.db);

      const response = await call();

      expect(response.status).toBe(404);
      expect((await problemOf(response)).detail).toMatch(/was not found|has no tool/);
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('PUT of a tool name with a NUL: 422 like any unknown tool, nothing changes', async () => {
      const before = await snapshotTables(database.db);

      const response = await callRoute(PUT, apiRequest('/api/v1/agents/holder/tools/x', { method: 'PUT', json: { overrides: {} } }), { id: 'holder', toolName });

      expect(response.status).toBe(422);
      expect((await problemOf(response)).detail).toContain('No tool named');
      expect(await snapshotTables(database.db)).toEqual(before);
    });
  });

  it('answers 400 with a field error for a search with a NUL', async () => {
    const response = await listAgents(apiRequest(`/api/v1/agents?search=${encodeURIComponent(`Ho${NUL}`)}`), noParams);

    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([expect.objectContaining({ pointer: '/search' })]);
  });

  describe('a body text field with a control character', () => {
    it.each([
      ['a NUL in the name', { name: `Bad${NUL}name` }, '/name'],
      ['a line break in the name', { name: 'Bad\nname' }, '/name'],
      ['a NUL in the description', { name: 'Fine', description: `a${NUL}b` }, '/description'],
      ['a bell in the description', { name: 'Fine', description: 'a\u0007b' }, '/description'],
      ['a NUL in the id', { id: `bad${NUL}`, name: 'Fine' }, '/id'],
    ])('POST with %s: 400 pointing at the field, nothing stored', async (_name, json, pointer) => {
      const before = await snapshotTables(database.db);

      const response = await POST(apiRequest('/api/v1/agents', { method: 'POST', json }), noParams);

      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors).toEqual([expect.objectContaining({ pointer })]);
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it.each([
      ['a NUL in the name', { name: `Bad${NUL}` }, '/name'],
      ['a NUL in the description', { description: `Bad${NUL}` }, '/description'],
    ])('PATCH with %s: 400 pointing at the field, nothing stored', async (_name, json, pointer) => {
      const before = await snapshotTables(database.db);

      const response = await callRoute(PATCH, apiRequest('/api/v1/agents/holder', { method: 'PATCH', json, ifMatch: '*' }), { id: 'holder' });

      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors).toEqual([expect.objectContaining({ pointer })]);
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('keeps tabs and line breaks in a description', async () => {
      const response = await POST(apiRequest('/api/v1/agents', { method: 'POST', json: { name: 'Multi line', description: 'one\ttwo\nthree\r\nfour' } }), noParams);

      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ description: 'one\ttwo\nthree\r\nfour' });
    });
  });

  it('stores overrides with a NUL inside a string, as a JSON escape, and reads them back', async () => {
    const overrides = { text: `a${NUL}b`, [`key${NUL}`]: 'v' };
    const response = await callRoute(PUT, apiRequest('/api/v1/agents/holder/tools/word_count', { method: 'PUT', json: { overrides } }), { id: 'holder', toolName: 'word_count' });

    expect(response.status).toBe(201);
    const read = await callRoute(getTool, apiRequest('/api/v1/agents/holder/tools/word_count'), { id: 'holder', toolName: 'word_count' });
    expect(AssignmentViewSchema.parse(await read.json()).overrides).toEqual(overrides);
  });
});
