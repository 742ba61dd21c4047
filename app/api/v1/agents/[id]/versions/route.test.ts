import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createToken } from '@/lib/auth/create-token';
import { AgentVersionListSchema, AgentVersionSchema, RestoreOutcomeSchema } from '@/lib/api/history-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { createAgent } from '@/lib/agents';
import { deleteAssignment, putAssignment } from '@/lib/assignments';
import { listAuditEvents } from '@/lib/audit';
import { getToolRegistry } from '@/lib/registry-host';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { echoFactory, factory, loadRegistry } from '@/test/registry/test-plugins';
import { PATCH } from '../route';
import { POST as restore } from '../restore/route';
import { GET as readVersion } from './[version]/route';
import { GET as listVersions } from './route';

describeApi('/api/v1/agents/{id}/versions and /restore', (database) => {
  let agentId: string;
  let counter = 0;
  let readToken: string;
  let writeToken: string;
  beforeAll(async () => {
    readToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'history reader', scopes: ['agents:read'] } })).secret;
    writeToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'history writer', scopes: ['agents:write'] } })).secret;
  });
  beforeEach(async () => {
    agentId = `history-${++counter}`;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: agentId, name: 'Original', description: 'First words' } });
  });

  const list = (as?: TestRequestInit['as']) => callRoute(listVersions, apiRequest(`/api/v1/agents/${agentId}/versions`, { as }), { id: agentId });
  const read = (version: string, as?: TestRequestInit['as']) => callRoute(readVersion, apiRequest(`/api/v1/agents/${agentId}/versions/${version}`, { as }), { id: agentId, version });
  const restoreTo = (json: unknown, ifMatch?: string, as?: TestRequestInit['as']) =>
    callRoute(restore, apiRequest(`/api/v1/agents/${agentId}/restore`, { method: 'POST', json, ifMatch, as }), { id: agentId });
  /** Three edits through the API: versions 2, 3 and 4. */
  async function editThreeTimes(): Promise<void> {
    for (const [index, name] of ['Second', 'Third', 'Fourth'].entries()) {
      const response = await callRoute(PATCH, apiRequest(`/api/v1/agents/${agentId}`, { method: 'PATCH', json: { name, description: `${name} words` }, ifMatch: `"${index + 1}"` }), { id: agentId });
      expect(response.status).toBe(200);
    }
  }

  describe('GET …/versions and …/versions/{version}', () => {
    it('lists each edit as a version with who made it, the newest as ETag, and reads any one as the agent was', async () => {
      await editThreeTimes();

      const response = await list('viewer');

      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"4"');
      const body = AgentVersionListSchema.parse(await response.json());
      expect(body.versions.map((version) => [version.version, version.action, version.actor])).toEqual([
        [1, 'agent.create', TEST_ADMIN.id],
        [2, 'agent.update', 'user:admin@example.test'],
        [3, 'agent.update', 'user:admin@example.test'],
        [4, 'agent.update', 'user:admin@example.test'],
      ]);
      const first = AgentVersionSchema.parse(await (await read('1', 'viewer')).json());
      const third = AgentVersionSchema.parse(await (await read('3', 'viewer')).json());
      expect(first.agent).toEqual({ name: 'Original', description: 'First words', tools: {}, rules: {} });
      expect(third.agent).toMatchObject({ name: 'Third', description: 'Third words' });
    });

    it('answers 404 for a version the agent does not have, or one that is not a number, and for an unknown agent', async () => {
      for (const version of ['2', '0', 'x', '1.5']) {
        const response = await read(version);
        expect(response.status, version).toBe(404);
        expect(ProblemSchema.parse(await response.json()).detail).toContain(agentId);
      }
      const unknown = await callRoute(listVersions, apiRequest('/api/v1/agents/nobody/versions'), { id: 'nobody' });
      expect(unknown.status).toBe(404);
    });

    it('gives an agents:read token the versions but not who made them, and refuses a catalogue-only token', async () => {
      const body = AgentVersionListSchema.parse(await (await list({ token: readToken })).json());
      expect(body.versions).toEqual([{ version: 1, at: expect.any(String), action: 'agent.create', target: `agents/${agentId}` }]);
      const catalogueOnly = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: `catalogue ${agentId}`, scopes: ['catalogue:read'] } })).secret;
      expect((await list({ token: catalogueOnly })).status).toBe(403);
    });
  });

  describe('POST …/restore', () => {
    it('restores version 1 after three edits as a new audited change equal to version 1', async () => {
      await editThreeTimes();

      const response = await restoreTo({ version: 1 }, '"4"');

      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"5"');
      expect(RestoreOutcomeSchema.parse(await response.json())).toMatchObject({ current: 5, restoredFrom: 1 });
      const first = AgentVersionSchema.parse(await (await read('1')).json());
      const fifth = AgentVersionSchema.parse(await (await read('5')).json());
      expect(fifth.agent).toEqual(first.agent);
      expect(fifth).toMatchObject({ action: 'agent.restore', restoredFrom: 1 });
      const { events } = await listAuditEvents({ db: database.db, actor: TEST_ADMIN, limit: 1, filters: { agent: agentId } });
      expect(events[0]).toMatchObject({ action: 'agent.restore', after: expect.objectContaining({ name: 'Original', restoredFrom: 1 }) });
    });

    it('answers 412 with the current version to a stale If-Match, 428 without one, and changes nothing', async () => {
      await editThreeTimes();
      const before = await snapshotTables(database.db);

      const stale = await restoreTo({ version: 1 }, '"3"');
      expect(stale.status).toBe(412);
      expect(await stale.json()).toMatchObject({ current: { version: 4 } });
      expect((await restoreTo({ version: 1 })).status).toBe(428);
      const bad = await restoreTo({ version: 'one' }, '"4"');
      expect(bad.status).toBe(400);
      expect(ProblemSchema.parse(await bad.json()).errors).toEqual([expect.objectContaining({ pointer: '/version' })]);
      expect(await snapshotTables(database.db)).toEqual(before);
    });

    it('keeps a vanished tool as missing when the restored version names it', async () => {
      const older = await loadRegistry([factory(echoFactory('retired_lookup', 'RetiredLookup'))]);
      await putAssignment({ db: database.db, registry: older, actor: TEST_ADMIN, agentId, toolName: 'retired_lookup', overrides: { separator: '_' } });
      await deleteAssignment({ db: database.db, registry: await getToolRegistry(), actor: TEST_ADMIN, agentId, toolName: 'retired_lookup', expectedVersion: 1 });

      const response = await restoreTo({ version: 2 }, '"3"');

      expect(response.status).toBe(200);
      expect(RestoreOutcomeSchema.parse(await response.json()).missing).toEqual({ tools: ['retired_lookup'], groups: [] });
      expect(AgentVersionSchema.parse(await (await read('4')).json())).toMatchObject({ agent: { tools: { retired_lookup: { separator: '_' } } }, missing: { tools: ['retired_lookup'] } });
    });

    it('refuses a viewer and an agents:read token (403, nothing changed) and lets an agents:write token restore', async () => {
      await editThreeTimes();
      const agentTables = async () => {
        const { agents, assignments, rules, audit } = (await snapshotTables(database.db)) as { agents: unknown; assignments: unknown; rules: unknown; audit: { action: string }[] };
        return { agents, assignments, rules, audit: audit.filter((event) => event.action !== 'access.denied') };
      };
      const before = await agentTables();
      expect((await restoreTo({ version: 1 }, '"4"', 'viewer')).status).toBe(403);
      expect((await restoreTo({ version: 1 }, '"4"', { token: readToken })).status).toBe(403);
      expect(await agentTables()).toEqual(before);

      const response = await restoreTo({ version: 1 }, '"4"', { token: writeToken });
      expect(response.status).toBe(200);
      expect((await restoreTo({ version: 2 }, '"5"', 'editor')).status).toBe(200);
    });
  });
});
