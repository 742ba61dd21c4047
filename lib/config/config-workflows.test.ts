import { afterAll, expect, it } from 'vitest';
import { snapshotTables } from '@/test/api/api-harness';
import { appErrorOf } from '@/test/app-error-of';
import { createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments';
import { listAuditEvents } from '@/lib/audit';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { tempFilesRoot } from '@/test/files/files-root';
import { bootRegistry } from '@/lib/registry-host';
import { createRule } from '@/lib/rules/rule-store';
import { SqlTodoListService } from '@/lib/todos/sql-todo-list-service';
import { createWorkflow } from '@/lib/workflows/workflow-store';
import { applyConfig, exportConfig, planConfig } from '.';

const files = tempFilesRoot();
const BASE = 'http://admin.test';

/** The app's registry (built-ins, the workflow provider, ./plugins) on this database. */
const registryOn = (db: Db) => bootRegistry({ workflowDb: async () => db, todoListService: new SqlTodoListService({ db }), env: { FS_ALLOWED_ROOTS: files.root } });

const summarize = {
  name: 'summarize',
  description: 'Counts the words of a text',
  inputs: [{ name: 'text', type: 'string' as const, required: true, description: 'The text' }],
  steps: [{ id: 'count', tool: 'word_count', arguments: { text: '{{input.text}}' } }],
  output: 'Words: {{steps.count.result}}',
};

async function seed(db: Db) {
  const registry = await registryOn(db);
  await createAgent({ db, actor: TEST_ADMIN, input: { id: 'support', name: 'Support bot' } });
  await createWorkflow({ db, actor: TEST_ADMIN, registry, definition: summarize });
  await createWorkflow({ db, actor: TEST_ADMIN, registry, definition: { name: 'bare', description: '', inputs: [], steps: [{ id: 'only', tool: 'todo_read', arguments: {} }], output: '' } });
  await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'support', toolName: 'workflow_summarize', overrides: {} });
  await createRule({ db, actor: TEST_ADMIN, registry, agentId: 'support', group: 'fs', exclude: ['fs_list_dir'] });
  await createRule({ db, actor: TEST_ADMIN, registry, agentId: 'support', group: 'text', exclude: [] });
  return registry;
}

describeEachDatabase('config as code: workflows and group rules', (databases) => {
  // Each registry's workflow cache reloads on every write in this process; the next engine's block must not reach this one's closed databases.
  afterAll(() => (globalThis as { workflowCaches?: Set<unknown> }).workflowCaches?.clear());

  it('exports rules under their agent and workflows after the agents; a fresh database imports them in one apply and exports the same bytes', async () => {
    const { db } = await databases.create();
    await seed(db);
    const first = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    expect(first).toContain(
      ['    tools:', '      workflow_summarize: {}', '    rules:', '      - group: fs', '        exclude:', '          - fs_list_dir', '      - group: text', 'workflows:', '  - name: bare', '    steps:', '      - id: only', '        tool: todo_read', '  - name: summarize'].join('\n'),
    );
    expect(first).toContain(
      [
        '  - name: summarize',
        '    description: Counts the words of a text',
        '    inputs:',
        '      - name: text',
        '        type: string',
        '        required: true',
        '        description: The text',
        '    steps:',
        '      - id: count',
        '        tool: word_count',
        '        arguments:',
        '          text: "{{input.text}}"',
        '    output: "Words: {{steps.count.result}}"',
        '',
      ].join('\n'),
    );

    const { db: fresh } = await databases.create();
    const freshRegistry = await registryOn(fresh);
    // The workflow's tool is assigned in the same file that creates the workflow.
    const plan = await planConfig({ db: fresh, registry: freshRegistry, actor: TEST_ADMIN, text: first });
    expect(plan.warnings).toEqual([]);
    expect(plan.changes.map((change) => `${change.action} ${change.target}`)).toEqual([
      'create agents/support',
      'create agents/support/rules/fs',
      'create agents/support/rules/text',
      'create agents/support/tools/workflow_summarize',
      'create workflows/bare',
      'create workflows/summarize',
    ]);
    await applyConfig({ db: fresh, registry: freshRegistry, actor: TEST_ADMIN, text: first, planHash: plan.hash });

    expect(await exportConfig({ db: fresh, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE })).toBe(first);
    expect(await exportConfig({ db: fresh, actor: TEST_ADMIN, format: 'json', baseUrl: BASE })).toBe(await exportConfig({ db, actor: TEST_ADMIN, format: 'json', baseUrl: BASE }));
    expect((await planConfig({ db: fresh, registry: freshRegistry, actor: TEST_ADMIN, text: first })).changes).toEqual([]);
    // The catalogue of this process knows the new workflows at once.
    expect(freshRegistry.knownToolNames().has('workflow_summarize')).toBe(true);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db: fresh, limit: 20 });
    expect(events.filter((event) => event.actor === 'config import').map((event) => `${event.action} ${event.target}`).sort()).toEqual([
      'agent.create agents/support',
      'assignment.put agents/support/tools/workflow_summarize',
      'rule.create agents/support/rules/fs',
      'rule.create agents/support/rules/text',
      'workflow.create workflows/bare',
      'workflow.create workflows/summarize',
    ]);
    expect(await fresh.selectFrom('agent_rules').select(['group_name', 'exclude', 'version']).orderBy('group_name').execute()).toEqual([
      { group_name: 'fs', exclude: '["fs_list_dir"]', version: 1 },
      { group_name: 'text', exclude: '[]', version: 1 },
    ]);
  });

  it('plans workflow and rule edits field by field, changes nothing while planning, and applies them raising versions', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const exported = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    const text = exported
      .replace('          - fs_list_dir\n', '          - fs_list_dir\n          - fs_read_file\n')
      .replace('output: "Words: {{steps.count.result}}"', 'output: "{{steps.count.result}} words"')
      .replace('          text: "{{input.text}}"', '          text: "{{input.text}}!"');
    const before = await snapshotTables(db);

    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });

    expect(await snapshotTables(db)).toEqual(before);
    expect(plan.changes).toEqual([
      { kind: 'rule', action: 'update', target: 'agents/support/rules/fs', agentId: 'support', group: 'fs', diffs: [{ field: 'exclude', before: ['fs_list_dir'], after: ['fs_list_dir', 'fs_read_file'] }] },
      {
        kind: 'workflow',
        action: 'update',
        target: 'workflows/summarize',
        workflowName: 'summarize',
        diffs: [
          { field: 'steps.count', before: { tool: 'word_count', arguments: { text: '{{input.text}}' } }, after: { tool: 'word_count', arguments: { text: '{{input.text}}!' } } },
          { field: 'output', before: 'Words: {{steps.count.result}}', after: '{{steps.count.result}} words' },
        ],
      },
    ]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: plan.hash });
    expect(await db.selectFrom('workflows').select(['name', 'version']).orderBy('name').execute()).toEqual([
      { name: 'bare', version: 1 },
      { name: 'summarize', version: 2 },
    ]);
    expect(await db.selectFrom('agent_rules').select(['group_name', 'exclude', 'version']).where('group_name', '=', 'fs').execute()).toEqual([
      { group_name: 'fs', exclude: '["fs_list_dir","fs_read_file"]', version: 2 },
    ]);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 2 });
    expect(events.map((event) => [event.actor, event.action])).toEqual(
      expect.arrayContaining([
        ['config import', 'workflow.update'],
        ['config import', 'rule.update'],
      ]),
    );
  });

  it('deletes rules, and workflows when the file has a workflows section, only with prune; an agent goes with its rules', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'ruled', name: 'Ruled' } });
    await createRule({ db, actor: TEST_ADMIN, registry, agentId: 'ruled', group: 'fs', exclude: [] });
    const head = [
      'apiVersion: tools-admin/v1',
      'agents:',
      '  - id: support',
      '    name: Support bot',
      '    tools:',
      '      workflow_summarize: {}',
      '    rules:',
      '      - group: text',
      'workflows:',
    ].join('\n');
    const exported = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    const text = `${head}\n${exported.slice(exported.indexOf('  - name: summarize'))}`;

    const unchanged = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    expect(unchanged.changes).toEqual([]);
    const withoutWorkflows = text.slice(0, text.indexOf('workflows:'));
    expect((await planConfig({ db, registry, actor: TEST_ADMIN, text: withoutWorkflows, prune: true })).changes.map((change) => change.target)).toEqual([
      'agents/ruled',
      'agents/support/rules/fs',
    ]);

    const pruned = await planConfig({ db, registry, actor: TEST_ADMIN, text, prune: true });
    expect(pruned.changes.map((change) => `${change.action} ${change.target}`)).toEqual(['delete agents/ruled', 'delete agents/support/rules/fs', 'delete workflows/bare']);
    expect(pruned.changes[0]?.diffs).toContainEqual({ field: 'rules.fs', before: { exclude: [] } });
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, prune: true, planHash: pruned.hash });

    expect(await db.selectFrom('agent_rules').select(['agent_id', 'group_name']).execute()).toEqual([{ agent_id: 'support', group_name: 'text' }]);
    expect(await db.selectFrom('workflows').select('name').execute()).toEqual([{ name: 'summarize' }]);
    expect(await db.selectFrom('agents').select('id').execute()).toEqual([{ id: 'support' }]);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 3 });
    expect(events.find((event) => event.action === 'agent.delete')?.before).toMatchObject({ agent: { id: 'ruled' }, rules: [{ group: 'fs' }] });
  });

  it('lists the errors of bad rules and workflows with their lines, as the rules and workflows APIs word them', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const text = [
      'apiVersion: tools-admin/v1', // 1
      'agents:',
      '  - id: support',
      '    name: Support bot',
      '    rules:', // 5
      '      - group: nosuchgroup',
      '      - group: fs',
      '        exclude: fs_list_dir',
      'workflows:',
      '  - name: Bad Name', // 10
      '    steps:',
      '      - id: one',
      '        tool: word_count',
      '  - name: loop',
      '    steps:', // 15
      '      - id: again',
      '        tool: workflow_loop',
      '      - id: count',
      '        tool: word_count',
      '        arguments:', // 20
      '          text: "{{input.missing}}"',
      '          more: "{{steps.later.result}}"',
      '      - id: unknown',
      '        tool: no_such_tool',
      '',
    ].join('\n');

    const shape = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text }));
    expect(shape.code).toBe('invalid');
    expect(shape.details.errors).toEqual([
      expect.objectContaining({ pointer: '/agents/0/rules/1/exclude', line: 8, column: 18, message: expect.stringContaining('expected array') }),
      expect.objectContaining({ pointer: '/workflows/0/name', line: 10, column: 11, message: expect.stringContaining('1–48 lower-case letters') }),
    ]);

    const fixed = text.replace('exclude: fs_list_dir', 'exclude: [fs_list_dir]').replace('Bad Name', 'good');
    const semantic = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: fixed }));
    expect(semantic.details.errors).toEqual([
      expect.objectContaining({ pointer: '/agents/0/rules/0/group', line: 6, column: 16, message: 'No plugin serves a group named "nosuchgroup", so it cannot be given as a rule' }),
      expect.objectContaining({ pointer: '/workflows/0/steps/0/arguments/text', line: 12, message: 'word_count: "text" is required' }),
      expect.objectContaining({ pointer: '/workflows/1/steps/0/tool', line: 17, message: 'A workflow cannot call itself ("workflow_loop")' }),
      expect.objectContaining({ pointer: '/workflows/1/steps/1/arguments/text', line: 21, message: '{{input.missing}} names no input of this workflow' }),
      expect.objectContaining({ pointer: '/workflows/1/steps/1/arguments/more', line: 22, message: '{{steps.later.result}} names no step before this point' }),
      expect.objectContaining({ pointer: '/workflows/1/steps/2/tool', line: 24, message: 'No tool named "no_such_tool" is in the catalogue' }),
    ]);
    expect(await db.selectFrom('workflows').select('name').orderBy('name').execute()).toEqual([{ name: 'bare' }, { name: 'summarize' }]);
  });

  it('checks a workflow that calls another workflow of the same file, and refuses a cycle between them', async () => {
    const { db } = await databases.create();
    const registry = await registryOn(db);
    const head = ['apiVersion: tools-admin/v1', 'agents: []', 'workflows:'];
    const pair = (secondTool: string) =>
      [...head, '  - name: first', '    inputs:', '      - name: text', '        type: string', '        required: true', '    steps:', '      - id: a', '        tool: workflow_second', '        arguments:', '          words: "{{input.text}}"', '  - name: second', '    inputs:', '      - name: words', '        type: string', '        required: true', '    steps:', '      - id: b', `        tool: ${secondTool}`, '        arguments:', '          text: "{{input.words}}"', ''].join('\n');

    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text: pair('word_count') });
    expect(plan.changes.map((change) => change.target)).toEqual(['workflows/first', 'workflows/second']);
    const cycle = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: pair('workflow_first') }));
    expect(cycle.details.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: '/workflows/0/steps/0/tool', line: 11, message: expect.stringContaining('calls this workflow back') })]),
    );
    const wrongArgument = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: pair('word_count').replace('words: "{{input.text}}"', 'wrds: "{{input.text}}"') }));
    expect(wrongArgument.details.errors).toEqual([expect.objectContaining({ pointer: expect.stringMatching(/^\/workflows\/0\/steps\/0\/arguments/), message: expect.stringContaining('workflow_second') })]);
  });
});
