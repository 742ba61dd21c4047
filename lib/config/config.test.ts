import { expect, it } from 'vitest';
import { snapshotTables } from '@/test/api/api-harness';
import { appErrorOf } from '@/test/app-error-of';
import { createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments';
import { listAuditEvents } from '@/lib/audit';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { tempFilesRoot } from '@/test/files/files-root';
import { createToolEnvironment } from '@/registry';
import { builtinRegistrations } from '@/registry/builtins';
import { loadRegistry } from '@/test/registry/test-plugins';
import { applyConfig, exportConfig, planConfig } from '.';

const files = tempFilesRoot();
const builtins = () => loadRegistry(builtinRegistrations(), createToolEnvironment({ env: { FS_ALLOWED_ROOTS: files.root } }));
const BASE = 'http://admin.test';

async function seed(db: Db) {
  const registry = await builtins();
  await createAgent({ db, actor: TEST_ADMIN, input: { id: 'support', name: 'Support bot', description: 'Answers tickets.\nSecond line: with "quotes" and # hash' } });
  await createAgent({ db, actor: TEST_ADMIN, input: { id: 'alpha', name: 'Älpha' } });
  await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'support', toolName: 'word_count', overrides: {} });
  await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'support', toolName: 'fs_read_file', overrides: { maxBytes: 4096, baseDir: files.root } });
  return registry;
}

describeEachDatabase('config as code', (databases) => {
  it('exports YAML that names its schema, and importing it into a fresh database gives the same state and the same file', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const first = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    expect(first.split('\n')[0]).toBe(`# yaml-language-server: $schema=${BASE}/api/v1/config/schema.json`);
    expect(first).toContain('fs_read_file:\n');

    const { db: fresh } = await databases.create();
    const plan = await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text: first });
    expect(plan.summary).toEqual({ create: 4, update: 0, delete: 0 });
    await applyConfig({ db: fresh, registry, actor: TEST_ADMIN, text: first, planHash: plan.hash });

    const second = await exportConfig({ db: fresh, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    expect(second).toBe(first);
    const json = await exportConfig({ db: fresh, actor: TEST_ADMIN, format: 'json', baseUrl: BASE });
    expect(JSON.parse(json)).toMatchObject({ apiVersion: 'tools-admin/v1', agents: [{ id: 'alpha' }, { id: 'support', tools: { fs_read_file: { maxBytes: 4096 } } }] });
    // The same file again is nothing to do.
    expect((await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text: second })).changes).toEqual([]);
  });

  it('plans field by field and changes nothing while planning', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = (await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE })).replace('maxBytes: 4096', 'maxBytes: 8192').replace('name: Älpha', 'name: Alpha');
    const before = await snapshotTables(db);

    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });

    expect(await snapshotTables(db)).toEqual(before);
    expect(plan.changes).toEqual([
      { kind: 'agent', action: 'update', target: 'agents/alpha', agentId: 'alpha', diffs: [{ field: 'name', before: 'Älpha', after: 'Alpha' }] },
      expect.objectContaining({ action: 'update', target: 'agents/support/tools/fs_read_file', diffs: [{ field: 'overrides.maxBytes', before: 4096, after: 8192 }] }),
    ]);
  });

  it('applies in one go with one audit event per change by "config import", and refuses a plan made on older state', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = (await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE })).replace('maxBytes: 4096', 'maxBytes: 8192');
    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'alpha', toolName: 'word_count', overrides: {} });
    const before = await snapshotTables(db);

    const stale = await appErrorOf(applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: plan.hash }));

    expect(stale.code).toBe('precondition_failed');
    expect(await snapshotTables(db)).toEqual(before);
    const fresh = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: fresh.hash });
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 1 });
    expect(events[0]).toMatchObject({ actor: 'config import', action: 'assignment.put', target: 'agents/support/tools/fs_read_file' });
  });

  it('deletes what the file leaves out only with prune', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = `apiVersion: tools-admin/v1\nagents:\n  - id: support\n    name: Support bot\n    description: "Answers tickets.\\nSecond line: with \\"quotes\\" and # hash"\n    tools:\n      word_count: {}\n`;

    const unchanged = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    expect(unchanged.changes).toEqual([]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: unchanged.hash });
    expect(await db.selectFrom('agents').select('id').orderBy('id').execute()).toEqual([{ id: 'alpha' }, { id: 'support' }]);

    const pruned = await planConfig({ db, registry, actor: TEST_ADMIN, text, prune: true });
    expect(pruned.changes.map((change) => `${change.action} ${change.target}`)).toEqual(['delete agents/alpha', 'delete agents/support/tools/fs_read_file']);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, prune: true, planHash: pruned.hash });
    expect(await db.selectFrom('agents').select('id').execute()).toEqual([{ id: 'support' }]);
    expect(await db.selectFrom('assignments').select('tool_name').execute()).toEqual([{ tool_name: 'word_count' }]);
  });

  it('leaves the agents alone, even with prune, when the file has no agents section; an empty list prunes them all', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const silent = 'apiVersion: tools-admin/v1\nworkflows: []\n';
    const before = await snapshotTables(db);
    const unchanged = await planConfig({ db, registry, actor: TEST_ADMIN, text: silent, prune: true });
    expect(unchanged.changes).toEqual([]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text: silent, prune: true, planHash: unchanged.hash });
    expect(await snapshotTables(db)).toEqual(before);

    const empty = 'apiVersion: tools-admin/v1\nagents: []\n';
    const pruned = await planConfig({ db, registry, actor: TEST_ADMIN, text: empty, prune: true });
    expect(pruned.changes.map((change) => `${change.action} ${change.target}`)).toEqual(['delete agents/alpha', 'delete agents/support']);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text: empty, prune: true, planHash: pruned.hash });
    expect(await db.selectFrom('agents').select('id').execute()).toEqual([]);
  });

  it('lists every error of an invalid file with its line and column', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = [
      'apiVersion: tools-admin/v1',
      'agents:',
      '  - id: Bad Id',
      '    name: One',
      '  - id: two',
      '    name: Two',
      '    colour: red',
      '    tools:',
      '      no_such_tool: {}',
      '      fs_read_file:',
      '        maxBytes: -1',
      '',
    ].join('\n');

    const shape = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text }));
    expect(shape.code).toBe('invalid');
    expect(shape.details.errors).toEqual([
      expect.objectContaining({ pointer: '/agents/0/id', line: 3, column: 9 }),
      expect.objectContaining({ pointer: '/agents/1/colour', line: 7, column: 5 }),
    ]);

    const tools = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: text.replace('Bad Id', 'one').replace('    colour: red\n', '') }));
    expect(tools.details.errors).toEqual([
      expect.objectContaining({ pointer: '/agents/1/tools/no_such_tool', line: 8, column: 7, message: 'No tool named "no_such_tool" is known' }),
      expect.objectContaining({ pointer: '/agents/1/tools/fs_read_file/baseDir', line: 10, column: 9, message: 'fs_read_file: Base directory is required' }),
      expect.objectContaining({ pointer: '/agents/1/tools/fs_read_file/maxBytes', line: 10, column: 19 }),
    ]);

    const syntax = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: 'apiVersion: tools-admin/v1\nagents:\n  - id: [unclosed\n' }));
    expect(syntax.details.errors?.[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
  });
});
