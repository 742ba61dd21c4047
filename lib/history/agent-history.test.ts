import { expect, it } from 'vitest';
import type { TokenActor } from '@/lib/auth/actor';
import { TEST_EDITOR, TEST_VIEWER } from '@/test/auth/test-actors';
import { appErrorOf } from '@/test/app-error-of';
import { createAgent, getAgent, updateAgent } from '@/lib/agents';
import { deleteAssignment, listAssignments, putAssignment } from '@/lib/assignments';
import { listAuditEvents } from '@/lib/audit';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { tempFilesRoot } from '@/test/files/files-root';
import { createToolEnvironment } from '@/registry';
import { builtinRegistrations } from '@/registry/builtins';
import { echoFactory, EchoTool, factory, loadRegistry, named } from '@/test/registry/test-plugins';
import type { AgentTool, ToolCallScope } from '@/registry';
import { getAgentVersion, listAgentVersions, readAgentVersions, restoreAgentVersion } from '.';

const files = tempFilesRoot();
const builtins = () => loadRegistry(builtinRegistrations(), createToolEnvironment({ env: { FS_ALLOWED_ROOTS: files.root } }));
/** An older registry: `fs_read_file` took any overrides and `text_slugify` existed. */
const older = () => loadRegistry([factory(echoFactory('fs_read_file', 'LaxFsReadFile')), factory(echoFactory('text_slugify', 'Slugify'))]);
/** A tool whose `apiKey` setting the schema marks as a password. */
const keyed = () =>
  loadRegistry([
    factory(
      named('KeyedFactory', class {
        name(): string {
          return 'keyed_lookup';
        }
        overridesSchema() {
          return { type: 'object', properties: { apiKey: { type: 'string', format: 'password' }, region: { type: 'string' } } };
        }
        create(agentTool: AgentTool, scope: ToolCallScope) {
          return new EchoTool('keyed_lookup', 'KeyedFactory', agentTool, scope);
        }
      }),
    ),
  ]);
const token = (scopes: TokenActor['scopes']): TokenActor => ({ kind: 'token', id: 'token:tat_x', displayName: 'Token "x"', tokenId: 'x', scopes, agents: { all: true } });
const actor = TEST_EDITOR;

/** Version 1: created; 2: renamed; 3: word_count assigned; 4: fs_read_file assigned with settings. */
async function agentEditedThreeTimes(db: Db): Promise<void> {
  const registry = await builtins();
  await createAgent({ db, actor, input: { id: 'bot', name: 'Bot', description: 'First' } });
  await updateAgent({ db, actor, id: 'bot', expectedVersion: 1, changes: { name: 'Bot two', description: 'Second' } });
  await putAssignment({ db, registry, actor, agentId: 'bot', toolName: 'word_count', overrides: {} });
  await putAssignment({ db, registry, actor, agentId: 'bot', toolName: 'fs_read_file', overrides: { baseDir: files.root, maxBytes: 100 } });
}

async function actions(db: Db): Promise<string[]> {
  return (await listAuditEvents({ actor, db, limit: 50 })).events.map((event) => event.action);
}

describeEachDatabase('agent history', (databases) => {
  it('lists one version per audited change with who made it, and reads each as the agent was then', async () => {
    const { db } = await databases.create();
    await agentEditedThreeTimes(db);
    const registry = await builtins();

    const { current, versions } = await listAgentVersions({ db, actor: TEST_VIEWER, id: 'bot' });

    expect(current).toBe(4);
    expect(versions.map(({ version, action, actorName }) => ({ version, action, actorName }))).toEqual([
      { version: 1, action: 'agent.create', actorName: 'Test editor (editor)' },
      { version: 2, action: 'agent.update', actorName: 'Test editor (editor)' },
      { version: 3, action: 'assignment.put', actorName: 'Test editor (editor)' },
      { version: 4, action: 'assignment.put', actorName: 'Test editor (editor)' },
    ]);
    expect((await getAgentVersion({ db, actor: TEST_VIEWER, registry, id: 'bot', version: 1 })).agent).toEqual({ name: 'Bot', description: 'First', tools: {}, rules: {} });
    expect((await getAgentVersion({ db, actor: TEST_VIEWER, registry, id: 'bot', version: 3 })).agent).toEqual({ name: 'Bot two', description: 'Second', tools: { word_count: {} }, rules: {} });
    expect((await getAgentVersion({ db, actor: TEST_VIEWER, registry, id: 'bot', version: 4 })).agent.tools).toEqual({ fs_read_file: { baseDir: files.root, maxBytes: 100 }, word_count: {} });
    expect((await appErrorOf(getAgentVersion({ db, actor: TEST_VIEWER, registry, id: 'bot', version: 5 }))).code).toBe('not_found');
  });

  it('restores version 1 as one new audited change that equals version 1', async () => {
    const { db } = await databases.create();
    await agentEditedThreeTimes(db);
    const registry = await builtins();

    const outcome = await restoreAgentVersion({ db, registry, actor, id: 'bot', version: 1, expectedVersion: 4 });

    expect(outcome).toMatchObject({ current: 5, restoredFrom: 1, missing: { tools: [], groups: [] } });
    const restored = await getAgentVersion({ db, actor, registry, id: 'bot', version: 5 });
    const first = await getAgentVersion({ db, actor, registry, id: 'bot', version: 1 });
    expect(restored.agent).toEqual(first.agent);
    expect(restored).toMatchObject({ action: 'agent.restore', restoredFrom: 1, actorName: 'Test editor (editor)' });
    expect(await getAgent({ db, actor, id: 'bot' })).toMatchObject({ name: 'Bot', description: 'First', version: 3 });
    expect(await listAssignments({ db, actor, registry, agentId: 'bot' })).toEqual([]);
    expect((await actions(db))[0]).toBe('agent.restore');
    // The versions before the restore are still there, unchanged.
    expect((await getAgentVersion({ db, actor, registry, id: 'bot', version: 4 })).agent.tools).toHaveProperty('fs_read_file');
  });

  it('refuses a restore without If-Match or against a version that is no longer current, changing nothing', async () => {
    const { db } = await databases.create();
    await agentEditedThreeTimes(db);
    const registry = await builtins();

    expect((await appErrorOf(restoreAgentVersion({ db, registry, actor, id: 'bot', version: 1 }))).code).toBe('precondition_required');
    const stale = await appErrorOf(restoreAgentVersion({ db, registry, actor, id: 'bot', version: 1, expectedVersion: 3 }));
    expect(stale.code).toBe('precondition_failed');
    expect(stale.details.current).toEqual({ version: 4 });
    const unknown = await appErrorOf(restoreAgentVersion({ db, registry, actor, id: 'bot', version: 9, expectedVersion: 4 }));
    expect(unknown.details.errors).toEqual([expect.objectContaining({ pointer: '/version' })]);
    expect((await listAgentVersions({ db, actor, id: 'bot' })).current).toBe(4);
    expect((await actions(db)).filter((action) => action === 'agent.restore')).toEqual([]);
  });

  it('keeps a tool that no longer exists as missing when a restore names it', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry: await older(), actor, agentId: 'bot', toolName: 'text_slugify', overrides: { separator: '_' } });
    const registry = await builtins();
    await deleteAssignment({ db, registry, actor, agentId: 'bot', toolName: 'text_slugify', expectedVersion: 1 });

    const outcome = await restoreAgentVersion({ db, registry, actor, id: 'bot', version: 2, expectedVersion: 3 });

    expect(outcome.missing).toEqual({ tools: ['text_slugify'], groups: [] });
    expect(await listAssignments({ db, actor, registry, agentId: 'bot' })).toEqual([
      expect.objectContaining({ toolName: 'text_slugify', status: 'missing', overrides: { separator: '_' } }),
    ]);
    expect((await getAgentVersion({ db, actor, registry, id: 'bot', version: 2 })).missing.tools).toEqual(['text_slugify']);
  });

  it('checks restored settings against the tool\'s schema as an edit would, and changes nothing when they fail', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry: await older(), actor, agentId: 'bot', toolName: 'fs_read_file', overrides: { maxBytes: 0 } });
    const registry = await builtins();
    await deleteAssignment({ db, registry, actor, agentId: 'bot', toolName: 'fs_read_file', expectedVersion: 1 });

    const failure = await appErrorOf(restoreAgentVersion({ db, registry, actor, id: 'bot', version: 2, expectedVersion: 3 }));

    expect(failure.code).toBe('invalid');
    expect(failure.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/tools/fs_read_file/overrides/baseDir' })]));
    expect(await listAssignments({ db, actor, registry, agentId: 'bot' })).toEqual([]);
    expect((await listAgentVersions({ db, actor, id: 'bot' })).current).toBe(3);
  });

  it('lets viewers and read tokens read history but only editors and write tokens restore; tokens see no names', async () => {
    const { db } = await databases.create();
    await agentEditedThreeTimes(db);
    const registry = await builtins();

    expect((await appErrorOf(restoreAgentVersion({ db, registry, actor: TEST_VIEWER, id: 'bot', version: 1, expectedVersion: 4 }))).code).toBe('forbidden');
    expect((await appErrorOf(restoreAgentVersion({ db, registry, actor: token(['agents:read', 'runtime']), id: 'bot', version: 1, expectedVersion: 4 }))).code).toBe('forbidden');
    expect((await appErrorOf(listAgentVersions({ db, actor: token(['catalogue:read']), id: 'bot' }))).code).toBe('forbidden');
    const [first] = (await listAgentVersions({ db, actor: token(['agents:read']), id: 'bot' })).versions;
    expect(first).toEqual({ version: 1, at: expect.any(String), action: 'agent.create', target: 'agents/bot' });
    await expect(restoreAgentVersion({ db, registry, actor: token(['agents:write']), id: 'bot', version: 2, expectedVersion: 4 })).resolves.toMatchObject({ current: 5 });
  });

  it('shows settings the tool\'s schema marks as passwords as [redacted] in every version, and restores the stored value', async () => {
    const { db } = await databases.create();
    const registry = await keyed();
    await createAgent({ db, actor, input: { id: 'bot', name: 'Bot' } });
    await putAssignment({ db, registry, actor, agentId: 'bot', toolName: 'keyed_lookup', overrides: { apiKey: 'hunter2-first', region: 'eu' } });
    await putAssignment({ db, registry, actor, agentId: 'bot', toolName: 'keyed_lookup', overrides: { apiKey: 'hunter2-second', region: 'us' }, expectedVersion: 1 });

    const second = await getAgentVersion({ db, actor: TEST_VIEWER, registry, id: 'bot', version: 2 });
    const all = await readAgentVersions({ db, actor: TEST_VIEWER, registry, id: 'bot' });

    expect(second.agent.tools).toEqual({ keyed_lookup: { apiKey: '[redacted]', region: 'eu' } });
    expect(JSON.stringify(all)).not.toContain('hunter2');
    await restoreAgentVersion({ db, registry, actor, id: 'bot', version: 2, expectedVersion: 3 });
    expect((await listAssignments({ db, actor, registry, agentId: 'bot' }))[0]?.overrides).toEqual({ apiKey: 'hunter2-first', region: 'eu' });
  });
});
