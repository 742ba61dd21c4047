import { expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { appErrorOf } from '@/test/app-error-of';
import { createAgent, listAgents } from '@/lib/agents';
import { listAuditEvents, MAX_AUDIT_PAGE } from '@/lib/audit';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { tempFilesRoot } from '@/test/files/files-root';
import { createToolEnvironment } from '@/registry';
import { builtinRegistrations } from '@/registry/builtins';
import { echoFactory, factory, loadRegistry, offlineBundle, provider, setProvider } from '@/test/registry/test-plugins';
import { deleteAssignment, getAssignment, listAssignments, MAX_OVERRIDES_BYTES, putAssignment } from '.';

const files = tempFilesRoot();
/** The real built-ins, without a todo service: `todo_*` are known but unavailable. */
const builtins = () => loadRegistry(builtinRegistrations(), createToolEnvironment({ env: { FS_ALLOWED_ROOTS: files.root } }));
/** An older registry: `fs_read_file` took any overrides and `text_slugify` existed. */
const older = () =>
  loadRegistry([factory(echoFactory('fs_read_file', 'LaxFsReadFile')), factory(echoFactory('text_slugify', 'Slugify'))]);

async function agentWithNothing(db: Db, id = 'bot'): Promise<void> {
  await createAgent({ db, actor: TEST_ADMIN, input: { id, name: id } });
}

async function auditCount(db: Db): Promise<number> {
  return (await listAuditEvents({ actor: TEST_ADMIN, db, limit: MAX_AUDIT_PAGE })).events.length;
}

describeEachDatabase('assignments', (databases) => {
  it('reports each assignment as ok, unavailable, missing or invalid against the current registry', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    const put = async (registry: Awaited<ReturnType<typeof builtins>>, toolName: string, overrides: Record<string, unknown>) =>
      putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName, overrides });
    await put(await builtins(), 'word_count', {});
    await put(await builtins(), 'todo_read', {});
    await put(await older(), 'fs_read_file', { maxBytes: 0 });
    await put(await older(), 'text_slugify', { separator: '_' });

    const views = await listAssignments({ actor: TEST_ADMIN, db, registry: await builtins(), agentId: 'bot' });

    expect(views.map(({ toolName, status, group }) => ({ toolName, status, group }))).toEqual([
      { toolName: 'fs_read_file', status: 'invalid', group: 'fs' },
      { toolName: 'word_count', status: 'ok', group: 'general' },
      { toolName: 'todo_read', status: 'unavailable', group: 'todo' },
      { toolName: 'text_slugify', status: 'missing', group: undefined },
    ]);
    const [fs, , todo, slugify] = views;
    expect(fs?.errors).toEqual([
      { pointer: '/overrides/baseDir', message: 'Base directory is required' },
      { pointer: '/overrides/maxBytes', message: 'Maximum bytes must be >= 1' },
    ]);
    expect(todo?.unavailableReason).toEqual(expect.any(String));
    // Stored as it was: nothing is dropped or rewritten because the registry changed.
    expect(slugify).toMatchObject({ overrides: { separator: '_' }, version: 1 });
    expect(fs?.overrides).toEqual({ maxBytes: 0 });
    await expect(getAssignment({ actor: TEST_ADMIN, db, registry: await builtins(), agentId: 'bot', toolName: 'text_slugify' })).resolves.toMatchObject({
      status: 'missing',
    });
  });

  it('counts each agent\'s missing, invalid and unavailable assignments in the agents list, and filters by them', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db, 'bot');
    await agentWithNothing(db, 'calm');
    await agentWithNothing(db, 'empty');
    const put = async (registry: Awaited<ReturnType<typeof builtins>>, agentId: string, toolName: string, overrides: Record<string, unknown>) =>
      putAssignment({ db, registry, actor: TEST_ADMIN, agentId, toolName, overrides });
    await put(await builtins(), 'bot', 'todo_read', {});
    await put(await older(), 'bot', 'fs_read_file', { maxBytes: 0 });
    await put(await older(), 'bot', 'text_slugify', {});
    await put(await builtins(), 'calm', 'word_count', {});
    const registry = await builtins();

    const all = await listAgents({ db, actor: TEST_ADMIN, registry });

    // fs_read_file's face in the older registry differs from today's: a pending upstream change too.
    expect(all.map(({ id, assignmentCount, statusCounts }) => ({ id, assignmentCount, statusCounts }))).toEqual([
      { id: 'bot', assignmentCount: 3, statusCounts: { missing: 1, invalid: 1, unavailable: 1, changed: 1 } },
      { id: 'calm', assignmentCount: 1, statusCounts: { missing: 0, invalid: 0, unavailable: 0, changed: 0 } },
      { id: 'empty', assignmentCount: 0, statusCounts: { missing: 0, invalid: 0, unavailable: 0, changed: 0 } },
    ]);
    expect((await listAgents({ db, actor: TEST_ADMIN, registry, status: 'attention' })).map((agent) => agent.id)).toEqual(['bot']);
    expect((await listAgents({ db, actor: TEST_ADMIN, registry, status: 'unavailable', search: 'CALM' })).map((agent) => agent.id)).toEqual([]);
    expect((await listAgents({ db, actor: TEST_ADMIN, registry, search: 'bo' }))[0]?.statusCounts).toEqual({ missing: 1, invalid: 1, unavailable: 1, changed: 1 });
    expect((await listAgents({ db, actor: TEST_ADMIN }))[0]).not.toHaveProperty('statusCounts');
  });

  it('reports a tool of a bundle that went offline as unavailable with the reason, not missing', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    const online = await loadRegistry([provider(setProvider('gmail', new Set(['gmail_send']), 'Gmail'))]);
    await putAssignment({ db, registry: online, actor: TEST_ADMIN, agentId: 'bot', toolName: 'gmail_send', overrides: {} });

    const offline = await loadRegistry([provider(offlineBundle('gmail', ['gmail_send'], 'Gmail'))]);
    const [view] = await listAssignments({ actor: TEST_ADMIN, db, registry: offline, agentId: 'bot' });

    expect(view).toMatchObject({ toolName: 'gmail_send', status: 'unavailable', group: 'gmail', overrides: {} });
    expect(view?.unavailableReason).toEqual(expect.any(String));
    const gone = await loadRegistry([]);
    await expect(getAssignment({ actor: TEST_ADMIN, db, registry: gone, agentId: 'bot', toolName: 'gmail_send' })).resolves.toMatchObject({ status: 'missing' });
  });

  it('refuses an unknown agent, an unknown tool and invalid overrides, writing nothing', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    const registry = await builtins();
    const before = await auditCount(db);

    const ghost = await appErrorOf(putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'ghost', toolName: 'word_count', overrides: {} }));
    const unknown = await appErrorOf(putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'no_such_tool', overrides: {} }));
    const invalid = await appErrorOf(
      putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'fs_read_file', overrides: { baseDir: '', extra: 1 } }),
    );

    expect([ghost.code, unknown.code, invalid.code]).toEqual(['not_found', 'unprocessable', 'invalid']);
    expect(ghost.message).toContain('"ghost"');
    expect(unknown.message).toContain('"no_such_tool"');
    expect(invalid.details.errors).toEqual([expect.objectContaining({ pointer: '/overrides/baseDir' })]);
    expect(await listAssignments({ actor: TEST_ADMIN, db, registry, agentId: 'bot' })).toEqual([]);
    expect(await auditCount(db)).toBe(before);
  });

  it('creates at version 1, then changes only with the current version', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    const registry = await builtins();
    const base = { db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'fs_read_file' };

    const created = await putAssignment({ ...base, overrides: { baseDir: files.folder('a') } });
    expect(created).toMatchObject({ created: true, assignment: { version: 1, status: 'ok', overrides: { baseDir: files.folder('a') } } });

    const required = await appErrorOf(putAssignment({ ...base, overrides: { baseDir: files.folder('b') } }));
    expect(required.code).toBe('precondition_required');
    const updated = await putAssignment({ ...base, overrides: { baseDir: files.folder('b') }, expectedVersion: 1 });
    expect(updated).toMatchObject({ created: false, assignment: { version: 2, overrides: { baseDir: files.folder('b') } } });

    const stale = await appErrorOf(putAssignment({ ...base, overrides: { baseDir: files.folder('lost') }, expectedVersion: 1 }));
    expect(stale.code).toBe('precondition_failed');
    expect(stale.details.current).toEqual(updated.assignment);
    expect(await getAssignment(base)).toEqual(updated.assignment);

    const phantom = await appErrorOf(putAssignment({ ...base, toolName: 'word_count', overrides: {}, expectedVersion: 3 }));
    expect(phantom.code).toBe('precondition_failed');
    expect(phantom.details.current).toBeUndefined();
    const actions = (await listAuditEvents({ actor: TEST_ADMIN, db, limit: 10 })).events.map((event) => event.action);
    expect(actions).toEqual(['assignment.put', 'assignment.put', 'agent.create']);
  });

  it('shows an assignment as invalid once the operator narrows FS_ALLOWED_ROOTS past its baseDir, keeping its overrides', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    const wide = files.folder('wide');
    await putAssignment({ db, registry: await builtins(), actor: TEST_ADMIN, agentId: 'bot', toolName: 'fs_read_file', overrides: { baseDir: wide } });

    const narrowed = await loadRegistry(builtinRegistrations(), createToolEnvironment({ env: { FS_ALLOWED_ROOTS: files.folder('narrow') } }));
    const [view] = await listAssignments({ actor: TEST_ADMIN, db, registry: narrowed, agentId: 'bot' });

    expect(view).toMatchObject({
      status: 'invalid',
      overrides: { baseDir: wide },
      errors: [{ pointer: '/overrides/baseDir', message: expect.stringContaining(`is outside the folders this server lets agents read (${files.folder('narrow')};`) }],
    });
  });

  it('keeps a missing tool assignable and deletable, since it was assigned before', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    await putAssignment({ db, registry: await older(), actor: TEST_ADMIN, agentId: 'bot', toolName: 'text_slugify', overrides: {} });
    const registry = await builtins();

    const changed = await putAssignment({
      db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'text_slugify', overrides: { separator: '.' }, expectedVersion: 1,
    });
    expect(changed.assignment).toMatchObject({ status: 'missing', version: 2, overrides: { separator: '.' } });

    await deleteAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'text_slugify', expectedVersion: 2 });
    expect(await listAssignments({ actor: TEST_ADMIN, db, registry, agentId: 'bot' })).toEqual([]);
  });

  it('refuses overrides whose JSON is over 64 KiB, pointing at /overrides, and stores up to the limit', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    const registry = await builtins();
    // {"note":"…"} is 11 bytes around the text.
    const atLimit = { note: 'a'.repeat(MAX_OVERRIDES_BYTES - 11) };
    const overLimit = { note: 'a'.repeat(MAX_OVERRIDES_BYTES - 10) };

    const refused = await appErrorOf(putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'word_count', overrides: overLimit }));

    expect(refused.code).toBe('invalid');
    expect(refused.details.errors).toEqual([{ pointer: '/overrides', message: expect.stringMatching(/at most 64 KiB as JSON; these are 65537 bytes/) }]);
    expect(await listAssignments({ actor: TEST_ADMIN, db, registry, agentId: 'bot' })).toEqual([]);
    const stored = await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'word_count', overrides: atLimit });
    expect(stored.assignment.overrides).toEqual(atLimit);
  });

  it('deletes only with the current version, and names what it cannot find', async () => {
    const { db } = await databases.create();
    await agentWithNothing(db);
    const registry = await builtins();
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'word_count', overrides: {} });
    const base = { db, registry, actor: TEST_ADMIN, agentId: 'bot', toolName: 'word_count' };

    expect((await appErrorOf(deleteAssignment(base))).code).toBe('precondition_required');
    const stale = await appErrorOf(deleteAssignment({ ...base, expectedVersion: 7 }));
    expect(stale.code).toBe('precondition_failed');
    expect(stale.details.current).toEqual(await getAssignment({ actor: TEST_ADMIN, db, registry, agentId: 'bot', toolName: 'word_count' }));
    expect(stale.details.current).toMatchObject({ toolName: 'word_count', version: 1, status: 'ok', group: expect.any(String) });
    const absent = await appErrorOf(deleteAssignment({ ...base, toolName: 'fs_list_dir', expectedVersion: 1 }));
    expect(absent.code).toBe('not_found');
    expect(absent.message).toMatch(/"bot".*"fs_list_dir"/);
    expect(await listAssignments({ actor: TEST_ADMIN, db, registry, agentId: 'bot' })).toHaveLength(1);

    await deleteAssignment({ ...base, expectedVersion: 1 });

    expect(await listAssignments({ actor: TEST_ADMIN, db, registry, agentId: 'bot' })).toEqual([]);
    const [event] = (await listAuditEvents({ actor: TEST_ADMIN, db, limit: 1 })).events;
    expect(event).toMatchObject({ action: 'assignment.delete', target: 'agents/bot/tools/word_count', before: { version: 1 }, after: null });
  });

  it('answers not_found for the assignments of an agent that does not exist', async () => {
    const { db } = await databases.create();

    const error = await appErrorOf(listAssignments({ actor: TEST_ADMIN, db, registry: await builtins(), agentId: 'ghost' }));

    expect(error.code).toBe('not_found');
    expect(error.message).toContain('"ghost"');
  });
});
