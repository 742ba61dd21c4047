import { beforeAll, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { AgentVersionListSchema, RuleRestoreOutcomeSchema, RuleVersionSchema } from '@/lib/api/history-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { createToken } from '@/lib/auth/create-token';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { POST as restoreRoute } from './[group]/restore/route';
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from './[group]/route';
import { GET as oneRoute } from './[group]/versions/[version]/route';
import { GET as listRoute } from './[group]/versions/route';
import { POST as createRoute } from './route';
import { GET as agentVersionRoute } from '../versions/[version]/route';

type As = TestRequestInit['as'];

// Version 1 excludes a tool no provider offers: excluding it is harmless, and a restore keeps it.
const EXCLUSIONS = [['fs_list_dir', 'fs_vanished_tool'], ['fs_list_dir'], []];

describeApi('history and restore of an agent\'s group rule', (database) => {
  let otherAgentToken = '';
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    for (const id of ['ruled', 'ruled-again', 'other']) await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id, name: id } });
    otherAgentToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'other only', scopes: ['agents:read', 'agents:write'], agents: ['other'] } })).secret;
  });

  const at = (id: string, tail = '') => `/api/v1/agents/${id}/rules/fs${tail}`;
  const list = (id: string, as?: As) => callRoute(listRoute, apiRequest(at(id, '/versions'), { as }), { id, group: 'fs' });
  const one = async (id: string, version: number) => {
    const response = await callRoute(oneRoute, apiRequest(at(id, `/versions/${version}`)), { id, group: 'fs', version: String(version) });
    expect(response.status, await response.clone().text()).toBe(200);
    return RuleVersionSchema.parse(await response.json());
  };
  const read = async (id: string) => (await (await callRoute(getRoute, apiRequest(at(id)), { id, group: 'fs' })).json()) as { exclude: string[]; version: number };
  const restore = (id: string, version: number, ifMatch?: string, as?: As) => callRoute(restoreRoute, apiRequest(at(id, '/restore'), { method: 'POST', json: { version }, ifMatch, as }), { id, group: 'fs' });
  const ruleEvents = (id: string) => database.db.selectFrom('audit_events').select(['action', 'actor_id', 'after']).where('target', '=', `agents/${id}/rules/fs`).orderBy('id').execute();

  /** A rule made, then its exclusions changed twice through the API: versions 1 to 3. */
  async function changedTwice(id: string): Promise<void> {
    const created = await callRoute(createRoute, apiRequest(`/api/v1/agents/${id}/rules`, { method: 'POST', json: { group: 'fs', exclude: EXCLUSIONS[0] } }), { id });
    expect(created.status, await created.clone().text()).toBe(201);
    for (const n of [1, 2]) {
      const response = await callRoute(putRoute, apiRequest(at(id), { method: 'PUT', json: { exclude: EXCLUSIONS[n] }, ifMatch: `"${n}"` }), { id, group: 'fs' });
      expect(response.status, await response.clone().text()).toBe(200);
    }
  }

  it('lists three versions, compares 1 and 3, restores 1 as a new audited rule.restore, and refuses a stale restore', async () => {
    await changedTwice('ruled');

    const listed = await list('ruled', 'viewer');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('etag')).toBe('"3"');
    expect(AgentVersionListSchema.parse(await listed.json()).versions.map((version) => [version.version, version.action, version.actor])).toEqual([
      [1, 'rule.create', TEST_ADMIN.id],
      [2, 'rule.update', 'user:admin@example.test'],
      [3, 'rule.update', 'user:admin@example.test'],
    ]);
    const first = await one('ruled', 1);
    const third = await one('ruled', 3);
    expect(first.rule).toEqual({ group: 'fs', status: 'active', exclude: ['fs_list_dir', 'fs_vanished_tool'] });
    expect(first.missing).toEqual({ tools: ['fs_vanished_tool'], groups: [] });
    expect(third.rule).toEqual({ group: 'fs', status: 'active', exclude: [] });

    const before = await snapshotTables(database.db);
    const stale = await restore('ruled', 1, '"2"');
    expect(stale.status).toBe(412);
    expect(ProblemSchema.parse(await stale.json()).detail).toContain('version 3');
    expect((await restore('ruled', 1)).status).toBe(428);
    expect(await snapshotTables(database.db)).toEqual(before);

    const restored = await restore('ruled', 1, '"3"');

    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(restored.headers.get('etag')).toBe('"4"');
    expect(RuleRestoreOutcomeSchema.parse(await restored.json())).toMatchObject({ current: 4, restoredFrom: 1, missing: { tools: ['fs_vanished_tool'] } });
    expect((await read('ruled')).exclude).toEqual(first.rule.exclude);
    expect(await one('ruled', 4)).toMatchObject({ action: 'rule.restore', restoredFrom: 1, rule: first.rule });
    const events = await ruleEvents('ruled');
    expect(events.map((event) => event.action)).toEqual(['rule.create', 'rule.update', 'rule.update', 'rule.restore']);
    expect(events.at(-1)).toMatchObject({ actor_id: 'user:admin@example.test' });
    expect(JSON.parse(events.at(-1)!.after!)).toMatchObject({ exclude: first.rule.exclude, restoredFrom: 1 });
    // The restore is a version of the agent's history too (agent.create and the four rule changes).
    const agentVersion = await callRoute(agentVersionRoute, apiRequest('/api/v1/agents/ruled/versions/5'), { id: 'ruled', version: '5' });
    expect(await agentVersion.json()).toMatchObject({ action: 'rule.restore', agent: { rules: { fs: first.rule.exclude } } });
  });

  it('answers a token limited to another agent with the 404 of a missing agent, and a viewer\'s restore with 403, changing no rule', async () => {
    const as = { token: otherAgentToken };
    // Denials are audited and a token's use is noted: what must not change is the rule and its history.
    const rulesNow = async () => ({ rules: await database.db.selectFrom('agent_rules').selectAll().orderBy('agent_id').execute(), events: await ruleEvents('ruled') });
    const before = await rulesNow();
    const listed = await list('ruled', as);
    expect(listed.status).toBe(404);
    expect(ProblemSchema.parse(await listed.json()).detail).toContain('"ruled"');
    expect((await restore('ruled', 1, '"4"', as)).status).toBe(404);
    expect((await restore('ruled', 1, '"4"', 'viewer')).status).toBe(403);
    expect((await list('nobody')).status).toBe(404);
    expect((await list('other')).status).toBe(404);
    expect(await rulesNow()).toEqual(before);
  });

  it('keeps a removed rule\'s history, its last version deleted, and brings it back through its create', async () => {
    await changedTwice('ruled-again');
    const removed = await callRoute(deleteRoute, apiRequest(at('ruled-again'), { method: 'DELETE', ifMatch: '"3"' }), { id: 'ruled-again', group: 'fs' });
    expect(removed.status).toBe(204);
    expect((await one('ruled-again', 4)).rule).toEqual({ group: 'fs', status: 'deleted', exclude: [] });

    const restored = await restore('ruled-again', 2, '"4"');

    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(await restored.json()).toMatchObject({ current: 5, restoredFrom: 2 });
    expect((await read('ruled-again')).exclude).toEqual(EXCLUSIONS[1]);
    expect((await ruleEvents('ruled-again')).map((event) => event.action)).toEqual(['rule.create', 'rule.update', 'rule.update', 'rule.delete', 'rule.restore']);
    // Restoring the removal removes it again, as one more audited restore.
    const again = await restore('ruled-again', 4, '"5"');
    expect(again.status, await again.clone().text()).toBe(200);
    expect((await callRoute(getRoute, apiRequest(at('ruled-again')), { id: 'ruled-again', group: 'fs' })).status).toBe(404);
    expect((await one('ruled-again', 6)).rule.status).toBe('deleted');
  });
});
