import { expect, it } from 'vitest';
import { snapshotTables } from '@/test/api/api-harness';
import { appErrorOf } from '@/test/app-error-of';
import { createAgent } from '@/lib/agents';
import { deleteAssignment, putAssignment } from '@/lib/assignments';
import { listAuditEvents } from '@/lib/audit';
import { putAgentPolicy } from '@/lib/policy/put-agent-policy';
import { putDefaultPolicy } from '@/lib/policy/put-default-policy';
import { putTokenBudget } from '@/lib/policy/token-budget';
import { TEST_ADMIN, TEST_EDITOR } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { createToolEnvironment } from '@/registry';
import { builtinRegistrations } from '@/registry/builtins';
import { loadRegistry } from '@/test/registry/test-plugins';
import { formatPlan } from './format-plan';
import { applyConfig, exportConfig, planConfig } from '.';

const BASE = 'http://admin.test';
const builtins = () => loadRegistry(builtinRegistrations(), createToolEnvironment({ env: {} }));
const policyInput = { displayName: null, description: null, parameterDescriptions: {}, callPolicy: null };

/** An agent with two tools, a policy of its own on one, a token budget, and a group default. */
async function seed(db: Db) {
  const registry = await builtins();
  await createAgent({ db, actor: TEST_ADMIN, input: { id: 'support', name: 'Support bot' } });
  for (const toolName of ['word_count', 'todo_read']) await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'support', toolName, overrides: {} });
  await putAgentPolicy({
    db,
    registry,
    actor: TEST_ADMIN,
    agentId: 'support',
    toolName: 'word_count',
    input: { ...policyInput, displayName: 'count_words', description: 'Counts words.', parameterDescriptions: { text: 'The essay.' }, callPolicy: 'ask' },
  });
  await putTokenBudget({ db, actor: TEST_ADMIN, agentId: 'support', tokens: 5000 });
  await putDefaultPolicy({ db, registry, actor: TEST_ADMIN, toolName: 'todo_read', input: { ...policyInput, description: 'Reads the todo list.' } });
  return registry;
}

const policyRows = (db: Db) => db.selectFrom('agent_tool_policies').select(['agent_id', 'tool_name', 'display_name', 'description', 'call_policy', 'version']).orderBy('tool_name').execute();

describeEachDatabase('config as code: tool policies, group defaults and token budgets', (databases) => {
  it('exports them in a stable order, and the file applied to a fresh database is the same state; planning it again is nothing to do', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    expect(text).toContain(
      [
        '    policies:',
        '      word_count:',
        '        displayName: count_words',
        '        description: Counts words.',
        '        parameterDescriptions:',
        '          text: The essay.',
        '        callPolicy: ask',
        '    tokenBudget: 5000',
        'toolDefaults:',
        '  todo_read:',
        '    description: Reads the todo list.',
      ].join('\n'),
    );
    expect((await planConfig({ db, registry, actor: TEST_ADMIN, text })).changes).toEqual([]);

    const { db: fresh } = await databases.create();
    const plan = await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text });
    expect(plan.changes.map((change) => `${change.action} ${change.target}`)).toEqual([
      'create agents/support',
      'create agents/support/policies/word_count',
      'create agents/support/token-budget',
      'create agents/support/tools/todo_read',
      'create agents/support/tools/word_count',
      'create tools/todo_read/policy',
    ]);
    await applyConfig({ db: fresh, registry, actor: TEST_ADMIN, text, planHash: plan.hash });
    expect(await exportConfig({ db: fresh, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE })).toBe(text);
    expect((await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text })).changes).toEqual([]);
  });

  it('keeps the policy of a tool whose assignment was removed: exported, applied to an empty database, and planned again as nothing to do', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    await deleteAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'support', toolName: 'word_count', expectedVersion: 1 });
    const text = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    expect(text).toContain('      word_count:\n        displayName: count_words');
    expect(text).not.toMatch(/tools:\n(.*\n)*?\s+word_count: \{\}/);

    const { db: fresh } = await databases.create();
    const plan = await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text });
    expect(plan.changes.map((change) => `${change.action} ${change.target}`)).toContain('create agents/support/policies/word_count');
    await applyConfig({ db: fresh, registry, actor: TEST_ADMIN, text, planHash: plan.hash });
    expect(await exportConfig({ db: fresh, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE })).toBe(text);
    expect((await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text })).changes).toEqual([]);
    // A bad text in such a policy is still refused.
    const bad = text.replace('displayName: count_words', 'displayName: count words!');
    const refused = await appErrorOf(planConfig({ db: fresh, registry, actor: TEST_ADMIN, text: bad }));
    expect(refused.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/agents/0/policies/word_count/displayName', message: expect.stringContaining('OpenAI refuses') })]));
  });

  it('plans a changed description in words and applies it as the API does: version + 1, audited as policy.put by "config import"', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = (await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE })).replace('description: Counts words.', 'description: Counts the words of a text.');
    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    expect(plan.changes).toEqual([
      {
        kind: 'policy',
        action: 'update',
        target: 'agents/support/policies/word_count',
        agentId: 'support',
        toolName: 'word_count',
        words: 'Changes the policy of "word_count" for agent "support"',
        diffs: [{ field: 'description', before: 'Counts words.', after: 'Counts the words of a text.' }],
      },
    ]);
    expect(formatPlan(plan)).toContain('~ update agents/support/policies/word_count: Changes the policy of "word_count" for agent "support"\n    description: "Counts words." → "Counts the words of a text."');

    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: plan.hash });
    expect(await policyRows(db)).toEqual([{ agent_id: 'support', tool_name: 'word_count', display_name: 'count_words', description: 'Counts the words of a text.', call_policy: 'ask', version: 2 }]);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 1 });
    expect(events[0]).toMatchObject({ actor: 'config import', action: 'policy.put', target: 'agents/support/tools/word_count' });
  });

  it('leaves policies, the budget and the defaults as they are when the file lacks their keys', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = 'apiVersion: tools-admin/v1\nagents:\n  - id: support\n    name: Support bot\n    tools:\n      todo_read: {}\n      word_count: {}\n';
    const before = await snapshotTables(db);
    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text, prune: true });
    expect(plan.changes).toEqual([]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, prune: true, planHash: plan.hash });
    expect(await snapshotTables(db)).toEqual(before);
  });

  it('removes them for an explicit empty map or null, says so in the plan, and audits each removal', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = 'apiVersion: tools-admin/v1\nagents:\n  - id: support\n    name: Support bot\n    tools:\n      todo_read: {}\n      word_count: {}\n    policies: {}\n    tokenBudget: null\ntoolDefaults: {}\n';
    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    expect(plan.changes.map((change) => `${change.action} ${change.target}: ${change.words}`)).toEqual([
      'delete agents/support/policies/word_count: Removes the policy of "word_count" for agent "support": its group default and the tool\'s own texts apply again',
      'delete agents/support/token-budget: Removes the token budget of agent "support": the default applies again',
      'delete tools/todo_read/policy: Removes the group default of "todo_read" (for every agent): the tool\'s own texts apply again',
    ]);
    expect(plan.changes[0]?.diffs).toEqual([
      { field: 'displayName', before: 'count_words' },
      { field: 'description', before: 'Counts words.' },
      { field: 'parameterDescriptions.text', before: 'The essay.' },
      { field: 'callPolicy', before: 'ask' },
    ]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: plan.hash });
    expect(await policyRows(db)).toEqual([]);
    expect(await db.selectFrom('agent_token_budgets').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('tool_policy_defaults').selectAll().execute()).toEqual([]);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 3 });
    expect(events.map((event) => `${event.action} ${event.target}`).sort()).toEqual(['policy-default.delete tools/todo_read/policy', 'policy.delete agents/support/tools/word_count', 'token-budget.put agents/support']);
  });

  it('refuses a name a format refuses, an unknown parameter, a taken name and an unknown tool, each with its line, and changes nothing', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = [
      'apiVersion: tools-admin/v1',
      'agents:',
      '  - id: support',
      '    name: Support bot',
      '    tools:',
      '      todo_read: {}',
      '      word_count: {}',
      '    policies:',
      '      todo_read:',
      '        displayName: count_words',
      '      word_count:',
      '        displayName: count_words',
      '        parameterDescriptions:',
      '          nope: Not a parameter.',
      '      fs_no_such_tool:',
      '        description: Not a tool.',
      'toolDefaults:',
      '  todo_read:',
      '    displayName: read todos!',
      '',
    ].join('\n');
    const before = await snapshotTables(db);
    const refused = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text }));
    expect(refused.code).toBe('invalid');
    expect(refused.details.errors).toEqual([
      expect.objectContaining({ pointer: '/agents/0/policies/todo_read/displayName', line: 10, column: 22, message: 'todo_read: "count_words" is already the name the agent shows for the agent\'s tool "word_count": the model could not tell them apart' }),
      expect.objectContaining({ pointer: '/agents/0/policies/word_count/displayName', line: 12, column: 22, message: 'word_count: "count_words" is already the name the agent shows for the agent\'s tool "todo_read": the model could not tell them apart' }),
      expect.objectContaining({ pointer: '/agents/0/policies/word_count/parameterDescriptions/nope', line: 14, column: 17, message: 'word_count: The tool has no parameter "nope"; it has "text"' }),
      expect.objectContaining({ pointer: '/agents/0/policies/fs_no_such_tool', line: 15, column: 7, message: 'No tool named "fs_no_such_tool" is known, so agent "support" cannot get it: check the name' }),
      expect.objectContaining({ pointer: '/toolDefaults/todo_read/displayName', line: 19, column: 18, message: 'todo_read: OpenAI refuses "read todos!" as a tool name: it takes 1–64 letters, digits, "_" or "-"' }),
      expect.objectContaining({ pointer: '/toolDefaults/todo_read/displayName', line: 19, column: 18, message: expect.stringContaining('Anthropic refuses') }),
      expect.objectContaining({ pointer: '/toolDefaults/todo_read/displayName', line: 19, column: 18, message: expect.stringContaining('MCP refuses') }),
    ]);
    const unknownDefault = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: 'apiVersion: tools-admin/v1\ntoolDefaults:\n  no_such_tool:\n    callPolicy: deny\n' }));
    expect(unknownDefault.details.errors).toEqual([expect.objectContaining({ pointer: '/toolDefaults/no_such_tool', line: 3, column: 3, message: 'No tool named "no_such_tool" is known' })]);
    const badPolicy = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: 'apiVersion: tools-admin/v1\ntoolDefaults:\n  todo_read:\n    callPolicy: sometimes\n' }));
    expect(badPolicy.details.errors).toEqual([expect.objectContaining({ pointer: '/toolDefaults/todo_read/callPolicy', line: 4, column: 17 })]);
    expect(await snapshotTables(db)).toEqual(before);
  });

  it('lets an editor change agents\' policies but not the group defaults (admins only, as the API)', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    const policy = text.replace('description: Counts words.', 'description: Counts all words.');
    expect((await planConfig({ db, registry, actor: TEST_EDITOR, text: policy })).summary).toEqual({ create: 0, update: 1, delete: 0 });
    const before = await snapshotTables(db);
    const defaults = text.replace('description: Reads the todo list.', 'description: Reads the list.');
    expect((await appErrorOf(planConfig({ db, registry, actor: TEST_EDITOR, text: defaults }))).code).toBe('forbidden');
    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text: defaults });
    expect((await appErrorOf(applyConfig({ db, registry, actor: TEST_EDITOR, text: defaults, planHash: plan.hash }))).code).toBe('forbidden');
    expect(await snapshotTables(db)).toEqual(before);
  });

  it('exports the policies as they were at an earlier time (--at)', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const then = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await putAgentPolicy({ db, registry, actor: TEST_ADMIN, agentId: 'support', toolName: 'word_count', input: { ...policyInput, description: 'Later.' }, expectedVersion: 1 });
    await putTokenBudget({ db, actor: TEST_ADMIN, agentId: 'support', tokens: null, expectedVersion: 1 });
    const past = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE, at: then });
    expect(past).toContain('        description: Counts words.\n');
    expect(past).toContain('    tokenBudget: 5000\n');
    expect(past).toContain('toolDefaults:\n  todo_read:\n');
    const now = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    expect(now).toContain('        description: Later.\n');
    expect(now).not.toContain('tokenBudget');
    // Planning the earlier file is how to roll back.
    const rollback = await planConfig({ db, registry, actor: TEST_ADMIN, text: past });
    expect(rollback.changes.map((change) => `${change.action} ${change.target}`)).toEqual(['update agents/support/policies/word_count', 'create agents/support/token-budget']);
  });
});
