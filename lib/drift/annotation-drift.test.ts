import { expect, it } from 'vitest';
import { TEST_ADMIN, TEST_EDITOR } from '@/test/auth/test-actors';
import { createAgent } from '@/lib/agents';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { listAssignments, putAssignment } from '@/lib/assignments';
import { HeldCallError } from '@/lib/policy/held-call';
import { createRule } from '@/lib/rules/rule-store';
import { policyAnnotations } from '@/lib/policy/layer-tool';
import { readToolPolicy } from '@/lib/policy/read-tool-policy';
import { prepareToolCall } from '@/lib/runtime/prepare-tool-call';
import type { Tool, ToolAnnotations, ToolRegistry } from '@/registry';
import { describeEachDatabase } from '@/test/db/databases';
import { oneToolRegistry } from '@/test/registry/test-plugins';
import { acceptUpstreamChange, listUpstreamChanges } from '.';
import { describeChanges, type ToolFace } from './tool-fingerprint';

const actor = TEST_EDITOR;
const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

/** A registry whose `remove` tool says these annotations of itself, and nothing else changes. */
function removeRegistry(annotations: ToolAnnotations): Promise<ToolRegistry> {
  return oneToolRegistry('RemoveFactory', (): Tool & { annotations(): ToolAnnotations } => ({
    name: () => 'remove',
    description: () => 'Removes a file',
    parametersSchema: () => SCHEMA,
    annotations: () => annotations,
    execute: async () => 'removed',
  }));
}

const face = (annotations: Record<string, unknown> | null, extra: Partial<ToolFace> = {}): ToolFace => ({ name: 'remove', description: 'Removes a file', parametersSchema: SCHEMA, annotations, ...extra });

it('describes an annotations-only change in words, each hint with its old and new value', () => {
  expect(describeChanges(face({ destructiveHint: false }), face({ destructiveHint: true }))).toEqual(['destructiveHint: false → true']);
  expect(describeChanges(face(null), face({ readOnlyHint: false, title: 'Remove' }))).toEqual(['readOnlyHint: not set → false', 'title: not set → "Remove"']);
  expect(describeChanges(face({ destructiveHint: true }), face({ destructiveHint: true }))).toEqual([]);
  const wider = { type: 'object', properties: { path: { type: 'string', description: 'Where' }, force: { type: 'boolean' } }, required: ['path', 'force'] };
  expect(describeChanges(face(null), face(null, { description: 'Removes', parametersSchema: wider }))).toEqual(['description changed', 'parameter "force" added (required)', 'parameter "path" changed']);
});

it('reads the default call policy from the approved annotations unless the current ones ask for a person', () => {
  // Nothing approved: the current ones.
  expect(policyAnnotations(undefined, { destructiveHint: false })).toEqual({ destructiveHint: false });
  // A change cannot loosen the policy before it is accepted.
  expect(policyAnnotations({ destructiveHint: true }, { destructiveHint: false })).toEqual({ destructiveHint: true });
  // A tool that now says it destroys asks at once.
  expect(policyAnnotations({ destructiveHint: false }, { destructiveHint: true })).toEqual({ destructiveHint: true });
  expect(policyAnnotations(null, { readOnlyHint: true })).toBeUndefined();
});

describeEachDatabase('annotations-only upstream changes', (databases) => {
  it('detects a change of the annotations alone, shows it in words, and keeps the approved face\'s call policy until an editor accepts', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry: await removeRegistry({ destructiveHint: true }), actor, agentId: 'bot', toolName: 'remove', overrides: {} });
    const registry = await removeRegistry({ destructiveHint: false });

    const [change] = await listUpstreamChanges({ db, registry, actor, agentId: 'bot' });
    expect(change).toMatchObject({ toolName: 'remove', changed: ['annotations'], summary: ['destructiveHint: true → false'], problems: [] });
    const [assignment] = await listAssignments({ db, registry, actor, agentId: 'bot' });
    expect(assignment?.upstreamChange).toMatchObject({ changed: ['annotations'], summary: ['destructiveHint: true → false'] });

    // The approved face said it destroys: calls still wait for a person.
    expect((await readToolPolicy({ db, registry, actor, agentId: 'bot', toolName: 'remove' })).effective.callPolicy).toEqual({ value: 'ask', source: 'annotations' });
    const call = () => prepareToolCall({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'remove', arguments: { path: 'a.txt' } });
    await expect(call()).rejects.toBeInstanceOf(HeldCallError);

    await acceptUpstreamChange({ db, registry, actor, agentId: 'bot', toolName: 'remove' });
    expect((await readToolPolicy({ db, registry, actor, agentId: 'bot', toolName: 'remove' })).effective.callPolicy).toEqual({ value: 'allow', source: 'tool' });
    const prepared = await call();
    expect((await prepared.run()).result).toBe('removed');
    await flushAuditEvents();
  });

  it('asks at once when a tool changes to say it destroys, and still shows the change for review', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry: await removeRegistry({ destructiveHint: false }), actor, agentId: 'bot', toolName: 'remove', overrides: {} });
    const registry = await removeRegistry({ destructiveHint: true });

    const [change] = await listUpstreamChanges({ db, registry, actor, agentId: 'bot' });
    expect(change?.summary).toEqual(['destructiveHint: false → true']);
    expect((await readToolPolicy({ db, registry, actor, agentId: 'bot', toolName: 'remove' })).effective.callPolicy).toEqual({ value: 'ask', source: 'annotations' });
    await expect(prepareToolCall({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'remove', arguments: { path: 'a.txt' } })).rejects.toBeInstanceOf(HeldCallError);
  });

  it('keeps the approved face\'s call policy for a tool a group rule gives, as for an assigned one, until an editor accepts', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'ruled', name: 'Ruled' } });
    const before = await removeRegistry({ destructiveHint: true });
    await createRule({ db, actor, registry: before, agentId: 'ruled', group: before.entry('remove')!.group, exclude: [] });
    const registry = await removeRegistry({ destructiveHint: false });

    expect((await readToolPolicy({ db, registry, actor, agentId: 'ruled', toolName: 'remove' })).effective.callPolicy).toEqual({ value: 'ask', source: 'annotations' });
    const call = () => prepareToolCall({ db, registry, actor: TEST_ADMIN, agentId: 'ruled', toolName: 'remove', arguments: { path: 'a.txt' } });
    await expect(call()).rejects.toBeInstanceOf(HeldCallError);

    await acceptUpstreamChange({ db, registry, actor, agentId: 'ruled', toolName: 'remove' });
    expect((await readToolPolicy({ db, registry, actor, agentId: 'ruled', toolName: 'remove' })).effective.callPolicy).toEqual({ value: 'allow', source: 'tool' });
    expect((await (await call()).run()).result).toBe('removed');
    await flushAuditEvents();
  });
});
