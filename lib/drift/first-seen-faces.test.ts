import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { TEST_EDITOR } from '@/test/auth/test-actors';
import { createAgent, listAgents } from '@/lib/agents';
import { listAssignments, putAssignment } from '@/lib/assignments';
import type { Db } from '@/lib/db/schema';
import { DEMO_AGENT_ID, seedDemo } from '@/lib/db/seed-demo';
import { createRule, listRules } from '@/lib/rules/rule-store';
import { listEffectiveTools } from '@/lib/runtime/list-effective-tools';
import type { JsonSchema, ToolRegistry } from '@/registry';
import { describeEachDatabase } from '@/test/db/databases';
import { factory, loadRegistry, offlineFactory, oneToolRegistry } from '@/test/registry/test-plugins';
import { acceptUpstreamChange, listUpstreamChanges } from '.';
import { approveFirstSeenFaces } from './first-seen-faces';

const actor = TEST_EDITOR;

/** A registry whose tool `name` has this description and parameters schema. */
function toolRegistry(name: string, description: string, parametersSchema: JsonSchema): Promise<ToolRegistry> {
  return oneToolRegistry('LookupFactory', () => ({ name: () => name, description: () => description, parametersSchema: () => parametersSchema, execute: async () => 'found' }));
}

const SCHEMA = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const WIDER = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] };
const first = () => toolRegistry('lookup', 'Finds things', SCHEMA);
const changed = () => toolRegistry('lookup', 'Finds things, now with a limit', WIDER);
/** The registry while `lookup`'s provider is away: the tool is known but unavailable. */
const away = () => loadRegistry([factory(offlineFactory('lookup'))]);

/** What the agent's model is served of the tool, and whether its pending upstream change is listed. */
async function servedOf(db: Db, registry: ToolRegistry, agentId: string, toolName = 'lookup') {
  const { tools } = await listEffectiveTools({ db, registry, actor, agentId });
  const pending = await listUpstreamChanges({ db, registry, actor, agentId });
  return { description: tools.find((tool) => tool.toolName === toolName)?.description, changedUpstream: pending.some((change) => change.toolName === toolName) };
}

async function firstSeenEvents(db: Db) {
  return db.selectFrom('audit_events').select(['actor_id', 'target', 'before', 'after']).where('action', '=', 'assignment.approve-first-seen').orderBy('id').execute();
}

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describeEachDatabase('approved faces of tools first seen after they were given to an agent', (databases) => {
  it('a tool assigned while its provider was away is approved as it is when it comes back: a later change waits for acceptance', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry: await away(), actor, agentId: 'bot', toolName: 'lookup', overrides: {} });
    expect(await db.selectFrom('approved_tools').selectAll().execute()).toEqual([]);

    // The provider connects (the server host's hook, scoped to the server's tools).
    const connected = await first();
    expect(await approveFirstSeenFaces(db, connected, { toolNames: ['lookup'] })).toEqual([{ agentId: 'bot', toolName: 'lookup' }]);
    expect(await firstSeenEvents(db)).toEqual([
      { actor_id: 'system:first-sight', target: 'agents/bot/tools/lookup', before: null, after: expect.stringContaining('"Finds things"') },
    ]);

    const later = await changed();
    expect(await servedOf(db, later, 'bot')).toEqual({ description: 'Finds things', changedUpstream: true });
    const assignment = (await listAssignments({ db, registry: later, actor, agentId: 'bot' }))[0];
    expect(assignment?.upstreamChange?.summary).toEqual(['description changed', 'parameter "limit" added']);
    await acceptUpstreamChange({ db, registry: later, actor, agentId: 'bot', toolName: 'lookup' });
    expect(await servedOf(db, later, 'bot')).toEqual({ description: 'Finds things, now with a limit', changedUpstream: false });
  });

  it('a tool assigned while away whose face is first read with the agent\'s tools is approved then, once, and never replaced', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry: await away(), actor, agentId: 'bot', toolName: 'lookup', overrides: {} });

    // No hook ran: reading the agent's effective tools approves what it is served.
    expect(await servedOf(db, await first(), 'bot')).toEqual({ description: 'Finds things', changedUpstream: false });
    const later = await changed();
    expect(await servedOf(db, later, 'bot')).toEqual({ description: 'Finds things', changedUpstream: true });
    // Later sights of another face change nothing.
    expect(await approveFirstSeenFaces(db, later)).toEqual([]);
    expect(await servedOf(db, later, 'bot')).toEqual({ description: 'Finds things', changedUpstream: true });
    expect(await firstSeenEvents(db)).toHaveLength(1);
  });

  it('of two sights of different faces at once (two instances), the first stored wins and the other changes nothing', async () => {
    const { db } = await databases.create();
    for (const id of ['a', 'b', 'c']) {
      await createAgent({ db, actor, input: { id, name: id } });
      await putAssignment({ db, registry: await away(), actor, agentId: id, toolName: 'lookup', overrides: {} });
    }
    const [one, other] = [await first(), await changed()];
    const results = await Promise.all([approveFirstSeenFaces(db, one), approveFirstSeenFaces(db, other), approveFirstSeenFaces(db, one)]);
    expect(results.flat().map((holder) => holder.agentId).sort()).toEqual(['a', 'b', 'c']);
    const events = await firstSeenEvents(db);
    expect(events.map((event) => event.target).sort()).toEqual(['agents/a/tools/lookup', 'agents/b/tools/lookup', 'agents/c/tools/lookup']);
    // Each agent's approval is the face its one event recorded.
    for (const event of events) {
      const agentId = event.target.split('/')[1]!;
      const approval = await db.selectFrom('approved_tools').select('approved').where('agent_id', '=', agentId).executeTakeFirstOrThrow();
      expect(JSON.parse(approval.approved)).toEqual(JSON.parse(event.after!));
    }
  });

  it('the seeded demo agent\'s tools are approved when the registry first shows them: a later change waits for acceptance', async () => {
    const { db } = await databases.create();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-first-seen-'));
    folders.push(dataDir);
    expect(await seedDemo({ db, dataDir })).toBe(true);
    expect(await db.selectFrom('approved_tools').selectAll().execute()).toEqual([]);

    // As the registry's boot does (lib/registry-host.ts).
    const booted = await toolRegistry('word_count', 'Counts words', SCHEMA);
    expect(await approveFirstSeenFaces(db, booted)).toEqual([{ agentId: DEMO_AGENT_ID, toolName: 'word_count' }]);
    const upgraded = await toolRegistry('word_count', 'Counts words and lines', WIDER);
    expect(await servedOf(db, upgraded, DEMO_AGENT_ID, 'word_count')).toEqual({ description: 'Counts words', changedUpstream: true });
    await acceptUpstreamChange({ db, registry: upgraded, actor, toolName: 'word_count' });
    expect(await servedOf(db, upgraded, DEMO_AGENT_ID, 'word_count')).toEqual({ description: 'Counts words and lines', changedUpstream: false });
  });

  it('a tool a group rule gives is approved when the rule is saved: a later change shows on the rule and waits for acceptance', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    const registry = await first();
    const group = registry.entry('lookup')!.group;
    await createRule({ db, actor, registry, agentId: 'bot', group, exclude: [] });
    expect(await firstSeenEvents(db)).toEqual([expect.objectContaining({ target: 'agents/bot/tools/lookup' })]);

    const later = await changed();
    expect(await servedOf(db, later, 'bot')).toEqual({ description: 'Finds things', changedUpstream: true });
    const [rule] = await listRules({ db, actor, registry: later, agentId: 'bot' });
    expect(rule?.tools).toEqual([expect.objectContaining({ toolName: 'lookup', origin: 'rule', upstreamChange: expect.objectContaining({ summary: ['description changed', 'parameter "limit" added'] }) })]);
    // The agents list (and the health strip, which reads it) counts it.
    expect((await listAgents({ db, actor, registry: later })).map((agent) => [agent.id, agent.statusCounts?.changed])).toEqual([['bot', 1]]);
    expect((await listAgents({ db, actor, registry: later, status: 'changed' })).map((agent) => agent.id)).toEqual(['bot']);
    // Accepting for every agent reaches the agents a rule gives the tool to.
    expect(await acceptUpstreamChange({ db, registry: later, actor, toolName: 'lookup' })).toEqual({ agentIds: ['bot'] });
    expect(await servedOf(db, later, 'bot')).toEqual({ description: 'Finds things, now with a limit', changedUpstream: false });
  });

  it('a tool a rule starts to give later (its provider was away when the rule was saved) is approved when it is first seen', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    const offline = await away();
    await createRule({ db, actor, registry: offline, agentId: 'bot', group: offline.entry('lookup')!.group, exclude: [] });
    expect(await firstSeenEvents(db)).toEqual([]);

    expect(await approveFirstSeenFaces(db, await first(), { toolNames: ['lookup'] })).toEqual([{ agentId: 'bot', toolName: 'lookup' }]);
    expect(await servedOf(db, await changed(), 'bot')).toEqual({ description: 'Finds things', changedUpstream: true });
  });
});
