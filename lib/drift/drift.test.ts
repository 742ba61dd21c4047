import { expect, it } from 'vitest';
import type { TokenActor } from '@/lib/auth/actor';
import { TEST_EDITOR, TEST_VIEWER } from '@/test/auth/test-actors';
import { appErrorOf } from '@/test/app-error-of';
import { createAgent, listAgents } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments';
import { listAuditEvents } from '@/lib/audit';
import { describeEachDatabase } from '@/test/db/databases';
import { listEffectiveTools } from '@/lib/runtime/list-effective-tools';
import type { JsonSchema } from '@/registry';
import { oneToolRegistry } from '@/test/registry/test-plugins';
import { acceptUpstreamChange, listUpstreamChanges } from '.';

const actor = TEST_EDITOR;
const token = (scopes: TokenActor['scopes']): TokenActor => ({ kind: 'token', id: 'token:tat_x', displayName: 'Token "x"', tokenId: 'x', scopes, agents: { all: true } });

/** A registry whose `lookup` tool has this description and parameters schema. */
function lookupRegistry(description: string, parametersSchema: JsonSchema) {
  return oneToolRegistry('LookupFactory', () => ({ name: () => 'lookup', description: () => description, parametersSchema: () => parametersSchema, execute: async () => 'found' }));
}

const V1 = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const V2 = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] };
const BREAKING = { type: 'object', properties: { query: { type: 'string' }, region: { type: 'string' } }, required: ['query', 'region'] };

describeEachDatabase('upstream tool changes', (databases) => {
  it('keeps serving the approved description and schema after the provider changes them, until an editor accepts', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await createAgent({ db, actor, input: { id: 'other', name: 'Other' } });
    const before = await lookupRegistry('Finds things', V1);
    await putAssignment({ db, registry: before, actor, agentId: 'bot', toolName: 'lookup', overrides: {} });
    await putAssignment({ db, registry: before, actor, agentId: 'other', toolName: 'lookup', overrides: {} });
    const after = await lookupRegistry('Finds things, now with a limit', V2);

    const [change] = await listUpstreamChanges({ db, registry: after, actor: TEST_VIEWER, agentId: 'bot' });
    expect(change).toMatchObject({ toolName: 'lookup', changed: ['description', 'parametersSchema'], problems: [], approved: { description: 'Finds things' }, current: { description: 'Finds things, now with a limit' } });
    const served = await listEffectiveTools({ db, registry: after, actor, agentId: 'bot' });
    expect(served.tools).toEqual([expect.objectContaining({ name: 'lookup', description: 'Finds things', parametersSchema: V1 })]);

    // The agents list (and the catalogue's health strip, which reads it) counts each agent's pending changes.
    const counted = async () => (await listAgents({ db, actor, registry: after })).map((agent) => [agent.id, agent.statusCounts?.changed]);
    expect(await counted()).toEqual([['bot', 1], ['other', 1]]);
    expect(await listAgents({ db, actor, registry: before, status: 'changed' })).toEqual([]);

    expect(await acceptUpstreamChange({ db, registry: after, actor, agentId: 'bot', toolName: 'lookup' })).toEqual({ agentIds: ['bot'] });
    expect(await counted()).toEqual([['bot', 0], ['other', 1]]);
    expect((await listAgents({ db, actor, registry: after, status: 'changed' })).map((agent) => agent.id)).toEqual(['other']);

    expect((await listEffectiveTools({ db, registry: after, actor, agentId: 'bot' })).tools).toEqual([expect.objectContaining({ description: 'Finds things, now with a limit', parametersSchema: V2 })]);
    expect(await listUpstreamChanges({ db, registry: after, actor, agentId: 'bot' })).toEqual([]);
    // The other agent still waits for its own acceptance.
    expect((await listEffectiveTools({ db, registry: after, actor, agentId: 'other' })).tools[0]?.description).toBe('Finds things');
    const { events } = await listAuditEvents({ db, actor, limit: 1 });
    expect(events[0]).toMatchObject({ action: 'assignment.accept-upstream', target: 'agents/bot/tools/lookup', before: { description: 'Finds things' }, after: { description: 'Finds things, now with a limit' } });
  });

  it('leaves a tool that now requires a new parameter out as invalid with the reason, until accepted for all agents', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await createAgent({ db, actor, input: { id: 'other', name: 'Other' } });
    const before = await lookupRegistry('Finds things', V1);
    await putAssignment({ db, registry: before, actor, agentId: 'bot', toolName: 'lookup', overrides: {} });
    await putAssignment({ db, registry: before, actor, agentId: 'other', toolName: 'lookup', overrides: {} });
    const after = await lookupRegistry('Finds things in a region', BREAKING);

    const served = await listEffectiveTools({ db, registry: after, actor, agentId: 'bot' });
    expect(served.tools).toEqual([]);
    expect(served.leftOut).toEqual([expect.objectContaining({ toolName: 'lookup', status: 'invalid', reason: expect.stringContaining('"region"') })]);

    expect(await acceptUpstreamChange({ db, registry: after, actor, toolName: 'lookup' })).toEqual({ agentIds: ['bot', 'other'] });
    for (const agentId of ['bot', 'other']) {
      expect((await listEffectiveTools({ db, registry: after, actor, agentId })).tools).toEqual([expect.objectContaining({ parametersSchema: BREAKING })]);
    }
  });

  it('lets only editors and agents:write tokens accept, and answers 404 when nothing is pending', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    const before = await lookupRegistry('Finds things', V1);
    await putAssignment({ db, registry: before, actor, agentId: 'bot', toolName: 'lookup', overrides: {} });
    expect((await appErrorOf(acceptUpstreamChange({ db, registry: before, actor, agentId: 'bot', toolName: 'lookup' }))).code).toBe('not_found');
    const after = await lookupRegistry('Changed', V1);

    expect((await appErrorOf(acceptUpstreamChange({ db, registry: after, actor: TEST_VIEWER, agentId: 'bot', toolName: 'lookup' }))).code).toBe('forbidden');
    expect((await appErrorOf(acceptUpstreamChange({ db, registry: after, actor: token(['agents:read', 'runtime']), agentId: 'bot', toolName: 'lookup' }))).code).toBe('forbidden');
    expect((await listEffectiveTools({ db, registry: after, actor, agentId: 'bot' })).tools[0]?.description).toBe('Finds things');
    await expect(acceptUpstreamChange({ db, registry: after, actor: token(['agents:write']), agentId: 'bot', toolName: 'lookup' })).resolves.toEqual({ agentIds: ['bot'] });
  });
});
