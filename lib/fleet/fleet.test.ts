import { expect, it } from 'vitest';
import { snapshotTables } from '@/test/api/api-harness';
import { appErrorOf } from '@/test/app-error-of';
import { cloneAgent, createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { tempFilesRoot } from '@/test/files/files-root';
import { createToolEnvironment } from '@/registry';
import { builtinRegistrations } from '@/registry/builtins';
import { loadRegistry } from '@/test/registry/test-plugins';
import { createRule, listRules } from '@/lib/rules/rule-store';
import { putAgentPolicy } from '@/lib/policy/put-agent-policy';
import { readToolPolicy } from '@/lib/policy/read-tool-policy';
import { putTokenBudget, readTokenBudget } from '@/lib/policy/token-budget';
import { bulkAssign, listToolUsers } from '.';

const files = tempFilesRoot();
const builtins = () => loadRegistry(builtinRegistrations(), createToolEnvironment({ env: { FS_ALLOWED_ROOTS: files.root } }));

async function agents(db: Db, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, (_, i) => `agent-${String(i).padStart(4, '0')}`);
  for (let start = 0; start < ids.length; start += 500) {
    await db.insertInto('agents').values(ids.slice(start, start + 500).map((id) => ({ id, name: id, description: '', version: 1, created_at: now, updated_at: now }))).execute();
  }
  return ids;
}

async function auditCount(db: Db, action: string): Promise<number> {
  const row = await db.selectFrom('audit_events').select((eb) => eb.fn.countAll().as('count')).where('action', '=', action).executeTakeFirstOrThrow();
  return Number(row.count);
}

describeEachDatabase('fleet operations', (databases) => {
  it('adds a tool to 1,000 agents in one call, one audit event each, and lists them as its users, paged', async () => {
    const { db } = await databases.create();
    const registry = await builtins();
    const ids = await agents(db, 1000);

    const results = await bulkAssign({ db, registry, actor: TEST_ADMIN, toolName: 'fs_read_file', agentIds: ids, operation: { kind: 'add', overrides: { baseDir: files.root, maxBytes: 1000 } } });

    expect(results.every((result) => result.action === 'create')).toBe(true);
    expect(await auditCount(db, 'assignment.put')).toBe(1000);
    const page = await listToolUsers({ db, actor: TEST_ADMIN, registry, toolName: 'fs_read_file', limit: 50, offset: 50 });
    expect(page.total).toBe(1000);
    expect(page.agents).toHaveLength(50);
    expect(page.agents[0]).toMatchObject({ agentId: 'agent-0050', assignment: { overrides: { maxBytes: 1000 }, status: 'ok' } });
  });

  it('changes one setting on the chosen agents and keeps their other settings; a preview writes nothing', async () => {
    const { db } = await databases.create();
    const registry = await builtins();
    const ids = await agents(db, 3);
    for (const [index, agentId] of ids.entries()) {
      await putAssignment({ db, registry, actor: TEST_ADMIN, agentId, toolName: 'fs_read_file', overrides: { baseDir: files.root, maxBytes: 100 + index } });
    }
    const operation = { kind: 'set' as const, set: { maxBytes: 4096 } };
    const before = await snapshotTables(db);

    const preview = await bulkAssign({ db, registry, actor: TEST_ADMIN, toolName: 'fs_read_file', agentIds: ids.slice(0, 2), operation, isPreview: true });
    expect(await snapshotTables(db)).toEqual(before);
    expect(preview[0]).toEqual({ agentId: 'agent-0000', action: 'update', before: { baseDir: files.root, maxBytes: 100 }, after: { baseDir: files.root, maxBytes: 4096 } });

    await bulkAssign({ db, registry, actor: TEST_ADMIN, toolName: 'fs_read_file', agentIds: ids.slice(0, 2), operation });
    const stored = await db.selectFrom('assignments').select(['agent_id', 'overrides']).orderBy('agent_id').execute();
    expect(stored.map((row) => JSON.parse(row.overrides) as unknown)).toEqual([
      { baseDir: files.root, maxBytes: 4096 },
      { baseDir: files.root, maxBytes: 4096 },
      { baseDir: files.root, maxBytes: 102 },
    ]);
  });

  it('changes nothing when one agent cannot take the change, naming each one', async () => {
    const { db } = await databases.create();
    const registry = await builtins();
    const ids = await agents(db, 2);
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: ids[0]!, toolName: 'fs_read_file', overrides: { baseDir: files.root } });
    const before = await snapshotTables(db);

    const missing = await appErrorOf(bulkAssign({ db, registry, actor: TEST_ADMIN, toolName: 'fs_read_file', agentIds: [...ids, 'ghost'], operation: { kind: 'remove' } }));
    const invalid = await appErrorOf(bulkAssign({ db, registry, actor: TEST_ADMIN, toolName: 'fs_read_file', agentIds: ids, operation: { kind: 'add', overrides: { baseDir: files.root, maxBytes: -5 } } }));

    expect(missing.details.errors).toEqual([
      { pointer: '/agentIds/1', message: 'Agent "agent-0001" does not have fs_read_file' },
      { pointer: '/agentIds/2', message: 'Agent "ghost" does not exist' },
    ]);
    expect(invalid.details.errors?.map((error) => error.pointer)).toEqual(['/agentIds/0', '/agentIds/1']);
    expect(await snapshotTables(db)).toEqual(before);
    await bulkAssign({ db, registry, actor: TEST_ADMIN, toolName: 'fs_read_file', agentIds: ids.slice(0, 1), operation: { kind: 'remove' } });
    expect(await db.selectFrom('assignments').selectAll().execute()).toEqual([]);
    expect(await auditCount(db, 'assignment.delete')).toBe(1);
  });

  it('clones an agent with its tools and their settings', async () => {
    const { db } = await databases.create();
    const registry = await builtins();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'original', name: 'Original', description: 'Reads files' } });
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'original', toolName: 'fs_read_file', overrides: { baseDir: files.root, maxBytes: 77 } });
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'original', toolName: 'word_count', overrides: {} });

    const { agent, assignmentCount } = await cloneAgent({ db, actor: TEST_ADMIN, sourceId: 'original', input: { name: 'Copy of original' } });

    expect(agent).toMatchObject({ id: 'copy-of-original', name: 'Copy of original', description: 'Reads files', version: 1 });
    expect(assignmentCount).toBe(2);
    const copied = await db.selectFrom('assignments').select(['tool_name', 'overrides']).where('agent_id', '=', 'copy-of-original').orderBy('tool_name').execute();
    expect(copied).toEqual([
      { tool_name: 'fs_read_file', overrides: JSON.stringify({ baseDir: files.root, maxBytes: 77 }) },
      { tool_name: 'word_count', overrides: '{}' },
    ]);
    expect((await appErrorOf(cloneAgent({ db, actor: TEST_ADMIN, sourceId: 'original', input: { id: 'original', name: 'X' } }))).code).toBe('conflict');
    // As when creating: a name with nothing to make an id from is the name's fault.
    const unnamed = await appErrorOf(cloneAgent({ db, actor: TEST_ADMIN, sourceId: 'original', input: { name: '***' } }));
    expect(unnamed).toMatchObject({ code: 'invalid', details: { errors: [{ pointer: '/name' }] } });
    const audit = await db.selectFrom('audit_events').select('after').where('action', '=', 'agent.create').where('target', '=', 'agents/copy-of-original').executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after))).toMatchObject({ id: 'copy-of-original', clonedFrom: 'original' });
  });

  it('clones an agent with its group rules and their exclusions, one audit event per rule', async () => {
    const { db } = await databases.create();
    const registry = await builtins();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'ruled', name: 'Ruled' } });
    await createRule({ db, actor: TEST_ADMIN, registry, agentId: 'ruled', group: 'general', exclude: ['word_count'] });
    const rulesBefore = await auditCount(db, 'rule.create');

    await cloneAgent({ db, actor: TEST_ADMIN, sourceId: 'ruled', input: { id: 'ruled-copy', name: 'Ruled copy' } });

    const copied = await listRules({ db, actor: TEST_ADMIN, registry, agentId: 'ruled-copy' });
    expect(copied.map((rule) => ({ group: rule.group, exclude: rule.exclude, version: rule.version }))).toEqual([{ group: 'general', exclude: ['word_count'], version: 1 }]);
    expect(copied[0]?.tools.map((tool) => tool.toolName)).not.toContain('word_count');
    expect(copied[0]?.toolCount).toBeGreaterThan(0);
    expect(await auditCount(db, 'rule.create')).toBe(rulesBefore + 1);
    expect(await listRules({ db, actor: TEST_ADMIN, registry, agentId: 'ruled' })).toHaveLength(1);
  });

  it('clones an agent with its tool policies and token budget, each a new audited change, the source untouched', async () => {
    const { db } = await databases.create();
    const registry = await builtins();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'shaped', name: 'Shaped' } });
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'shaped', toolName: 'word_count', overrides: {} });
    const input = { displayName: 'count_words', description: 'Counts the words of a text.', parameterDescriptions: { text: 'The text to count.' }, callPolicy: 'ask' as const };
    await putAgentPolicy({ db, registry, actor: TEST_ADMIN, agentId: 'shaped', toolName: 'word_count', input });
    await putAgentPolicy({ db, registry, actor: TEST_ADMIN, agentId: 'shaped', toolName: 'word_count', input: { ...input, callPolicy: 'deny' }, expectedVersion: 1 });
    await putTokenBudget({ db, actor: TEST_ADMIN, agentId: 'shaped', tokens: 1234 });
    const policiesBefore = await auditCount(db, 'policy.put');

    await cloneAgent({ db, actor: TEST_ADMIN, sourceId: 'shaped', input: { id: 'shaped-copy', name: 'Shaped copy' } });

    const copied = await readToolPolicy({ db, registry, actor: TEST_ADMIN, agentId: 'shaped-copy', toolName: 'word_count' });
    expect(copied.agent).toMatchObject({ displayName: 'count_words', description: 'Counts the words of a text.', parameterDescriptions: { text: 'The text to count.' }, callPolicy: 'deny', version: 1 });
    expect(copied.version).toBe(1);
    expect(await readTokenBudget({ db, actor: TEST_ADMIN, agentId: 'shaped-copy' })).toEqual({ agentId: 'shaped-copy', tokens: 1234, source: 'agent', version: 1 });
    expect(await auditCount(db, 'policy.put')).toBe(policiesBefore + 1);
    const budgetEvent = await db.selectFrom('audit_events').select(['before', 'after']).where('action', '=', 'token-budget.put').where('target', '=', 'agents/shaped-copy').executeTakeFirstOrThrow();
    expect({ before: budgetEvent.before, after: JSON.parse(String(budgetEvent.after)) as unknown }).toEqual({ before: null, after: { tokens: 1234 } });
    expect((await readToolPolicy({ db, registry, actor: TEST_ADMIN, agentId: 'shaped', toolName: 'word_count' })).version).toBe(2);
  });

  it('clones an agent without a policy or budget of its own onto the defaults', async () => {
    const { db } = await databases.create();
    const registry = await builtins();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'plain', name: 'Plain' } });
    await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'plain', toolName: 'word_count', overrides: {} });

    await cloneAgent({ db, actor: TEST_ADMIN, sourceId: 'plain', input: { id: 'plain-copy', name: 'Plain copy' } });

    expect((await readToolPolicy({ db, registry, actor: TEST_ADMIN, agentId: 'plain-copy', toolName: 'word_count' })).agent).toBeNull();
    expect(await readTokenBudget({ db, actor: TEST_ADMIN, agentId: 'plain-copy' })).toMatchObject({ source: 'default', version: 0 });
  });
});
