import { expect, it } from 'vitest';
import { TEST_ADMIN, TEST_EDITOR } from '@/test/auth/test-actors';
import { cloneAgent, createAgent, updateAgent } from '@/lib/agents';
import { deleteAssignment, listAssignments, putAssignment } from '@/lib/assignments';
import { applyConfig, planConfig } from '@/lib/config';
import type { Db } from '@/lib/db/schema';
import { bulkAssign } from '@/lib/fleet';
import { restoreAgentVersion } from '@/lib/history';
import { listEffectiveTools } from '@/lib/runtime/list-effective-tools';
import type { JsonSchema, ToolRegistry } from '@/registry';
import { describeEachDatabase } from '@/test/db/databases';
import { oneToolRegistry } from '@/test/registry/test-plugins';
import { acceptUpstreamChange } from '.';

const actor = TEST_EDITOR;

/** A registry whose `lookup` tool has this description and parameters schema. */
function lookupRegistry(description: string, parametersSchema: JsonSchema): Promise<ToolRegistry> {
  return oneToolRegistry('LookupFactory', () => ({ name: () => 'lookup', description: () => description, parametersSchema: () => parametersSchema, execute: async () => 'found' }));
}

const SCHEMA = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const WIDER = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] };
const before = () => lookupRegistry('Finds things', SCHEMA);
const after = () => lookupRegistry('Finds things, now with a limit', WIDER);

/** What the agent's model is served of `lookup`, and whether the assignment shows the change. */
async function servedOf(db: Db, registry: ToolRegistry, agentId: string) {
  const { tools } = await listEffectiveTools({ db, registry, actor, agentId });
  const assignment = (await listAssignments({ db, registry, actor, agentId })).find((candidate) => candidate.toolName === 'lookup');
  return { description: tools.find((tool) => tool.toolName === 'lookup')?.description, changedUpstream: assignment?.upstreamChange !== undefined };
}

const APPROVED = { description: 'Finds things', changedUpstream: true };
const CURRENT = { description: 'Finds things, now with a limit', changedUpstream: false };

describeEachDatabase('approved faces through every path that writes assignments', (databases) => {
  it('a clone keeps its source\'s approved face: it still serves it and shows the change, until accepted on the clone itself', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'source', name: 'Source' } });
    await putAssignment({ db, registry: await before(), actor, agentId: 'source', toolName: 'lookup', overrides: {} });
    const registry = await after();

    await cloneAgent({ db, actor, sourceId: 'source', input: { id: 'copy', name: 'Copy' } });
    expect(await servedOf(db, registry, 'copy')).toEqual(APPROVED);
    expect(await servedOf(db, registry, 'source')).toEqual(APPROVED);

    await acceptUpstreamChange({ db, registry, actor, agentId: 'copy', toolName: 'lookup' });
    expect(await servedOf(db, registry, 'copy')).toEqual(CURRENT);
    // Accepting on the copy accepts nothing for the source.
    expect(await servedOf(db, registry, 'source')).toEqual(APPROVED);
  });

  it('a bulk add approves the tool as it is now for an agent that gets it, and a bulk change keeps the approval of an agent that has it', async () => {
    const { db } = await databases.create();
    for (const id of ['kept', 'added', 'readded']) await createAgent({ db, actor, input: { id, name: id } });
    const first = await before();
    await putAssignment({ db, registry: first, actor, agentId: 'kept', toolName: 'lookup', overrides: {} });
    // An approval outlives its assignment; a new assignment replaces it with the face of now, as through the API.
    await putAssignment({ db, registry: first, actor, agentId: 'readded', toolName: 'lookup', overrides: {} });
    await deleteAssignment({ db, registry: first, actor, agentId: 'readded', toolName: 'lookup', expectedVersion: 1 });
    const registry = await after();

    await bulkAssign({ db, registry, actor, toolName: 'lookup', agentIds: ['added', 'readded'], operation: { kind: 'add', overrides: {} } });
    await bulkAssign({ db, registry, actor, toolName: 'lookup', agentIds: ['kept'], operation: { kind: 'set', set: {} } });

    expect(await servedOf(db, registry, 'kept')).toEqual(APPROVED);
    expect(await servedOf(db, registry, 'added')).toEqual(CURRENT);
    expect(await servedOf(db, registry, 'readded')).toEqual(CURRENT);
    // A later change upstream shows on the agents the bulk add approved.
    const later = await lookupRegistry('Finds things again', WIDER);
    expect(await servedOf(db, later, 'added')).toEqual({ description: 'Finds things, now with a limit', changedUpstream: true });
  });

  it('config apply keeps the approvals of an agent that exists, and approves the tool as it is now for an agent it creates', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'existing', name: 'Existing' } });
    await putAssignment({ db, registry: await before(), actor, agentId: 'existing', toolName: 'lookup', overrides: {} });
    const registry = await after();
    const text = [
      'apiVersion: tools-admin/v1',
      'agents:',
      '  - id: existing',
      '    name: Existing, renamed by the file',
      '    tools:',
      '      lookup: {}',
      '  - id: created',
      '    name: Created',
      '    tools:',
      '      lookup: {}',
      '',
    ].join('\n');

    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    expect(plan.changes.map((change) => `${change.action} ${change.target}`).sort()).toEqual(['create agents/created', 'create agents/created/tools/lookup', 'update agents/existing']);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: plan.hash });

    expect(await servedOf(db, registry, 'existing')).toEqual(APPROVED);
    expect(await servedOf(db, registry, 'created')).toEqual(CURRENT);
    const later = await lookupRegistry('Finds things again', WIDER);
    expect(await servedOf(db, later, 'created')).toEqual({ description: 'Finds things, now with a limit', changedUpstream: true });
  });

  it('a restore keeps the approval of a tool the agent has, and brings back the approval of a tool it returns, never accepting the change', async () => {
    const { db } = await databases.create();
    // Version 1: created; 2: `lookup` assigned (approved as it was then); 3: renamed.
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry: await before(), actor, agentId: 'bot', toolName: 'lookup', overrides: {} });
    await updateAgent({ db, actor, id: 'bot', expectedVersion: 1, changes: { name: 'Bot renamed' } });
    const registry = await after();

    expect((await restoreAgentVersion({ db, registry, actor, id: 'bot', version: 2, expectedVersion: 3 })).agent).toMatchObject({ name: 'Bot', tools: { lookup: {} } });
    expect(await servedOf(db, registry, 'bot')).toEqual(APPROVED);
    // Version 1 had no tool: the restore takes it away; restoring version 2 again brings it back with the approval it had.
    expect((await restoreAgentVersion({ db, registry, actor, id: 'bot', version: 1, expectedVersion: 4 })).agent.tools).toEqual({});
    expect((await restoreAgentVersion({ db, registry, actor, id: 'bot', version: 2, expectedVersion: 5 })).agent.tools).toEqual({ lookup: {} });
    expect(await servedOf(db, registry, 'bot')).toEqual(APPROVED);
  });

  it('a restore that brings back a tool the agent holds no approval of approves it as it is now, as a new assignment', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    const registry = await after();
    await putAssignment({ db, registry, actor, agentId: 'bot', toolName: 'lookup', overrides: {} });
    await deleteAssignment({ db, registry, actor, agentId: 'bot', toolName: 'lookup', expectedVersion: 1 });
    // As an agent assigned the tool before approvals were kept.
    await db.deleteFrom('approved_tools').execute();
    await restoreAgentVersion({ db, registry, actor, id: 'bot', version: 2, expectedVersion: 3 });
    expect(await servedOf(db, registry, 'bot')).toEqual(CURRENT);
    const later = await lookupRegistry('Finds things again', WIDER);
    expect(await servedOf(db, later, 'bot')).toEqual({ description: 'Finds things, now with a limit', changedUpstream: true });
  });
});
