import { afterAll, beforeAll, expect, it } from 'vitest';
import { appErrorOf } from '@/test/app-error-of';
import { listAuditEvents } from '@/lib/audit';
import { TEST_ADMIN, TEST_EDITOR } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { startCountingListener, type CountingListener } from '@/test/mcp-servers/counting-listener';
import { bootRegistry } from '@/lib/registry-host';
import { SqlTodoListService } from '@/lib/todos/sql-todo-list-service';
import { applyConfig, planConfig } from '.';

const registryOn = (db: Db) => bootRegistry({ workflowDb: async () => db, todoListService: new SqlTodoListService({ db }), env: {} });

/** Where the file's server points: a listener that counts connections (127.0.0.1 is allowed in the unit tests). */
let listener: CountingListener;
beforeAll(async () => {
  listener = await startCountingListener();
});
afterAll(async () => {
  await listener.close();
});

/** A file that adds an MCP server and, in the same go, assigns its tool, gives its group as a rule and calls it from a new workflow that it assigns too. */
const file = ({ url = '', enabled = true, echo = 'tests_echo', stepTool = 'tests_echo', args = '          text: "{{input.text}}"' } = {}) =>
  [
    'apiVersion: tools-admin/v1', // 1
    'agents:',
    '  - id: support',
    '    name: Support bot',
    '    tools:', // 5
    `      ${echo}: {}`,
    '      workflow_shout: {}',
    '    rules:',
    '      - group: tests',
    'servers:', // 10
    '  - name: tests',
    `    enabled: ${enabled}`,
    '    transport: http',
    `    url: ${url || `http://127.0.0.1:${listener.port}/mcp`}`,
    'workflows:', // 15
    '  - name: shout',
    '    inputs:',
    '      - name: text',
    '        type: string',
    '        required: true', // 20
    '    steps:',
    '      - id: echo',
    `        tool: ${stepTool}`,
    '        arguments:',
    args, // 25
    '',
  ].join('\n');

describeEachDatabase('config as code: a server and the tools it brings in one apply', (databases) => {
  afterAll(() => (globalThis as { workflowCaches?: Set<unknown> }).workflowCaches?.clear());

  it("never connects while planning or applying: a new server's tools are taken unchecked, with a warning on each line, and one apply writes it all", async () => {
    const { db } = await databases.create();
    const registry = await registryOn(db);
    const text = file();

    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });

    expect(plan.warnings).toEqual([
      expect.objectContaining({ pointer: '/agents/0/tools/tests_echo', line: 6, column: 7, target: 'agents/support/tools/tests_echo', message: expect.stringContaining('a plan never connects') }),
      expect.objectContaining({ pointer: '/workflows/0/steps/0/tool', line: 23, target: 'workflows/shout', message: expect.stringContaining('not checked') }),
    ]);
    expect(plan.changes.map((change) => `${change.action} ${change.target}`)).toEqual([
      'create agents/support',
      'create agents/support/rules/tests',
      'create agents/support/tools/tests_echo',
      'create agents/support/tools/workflow_shout',
      'create servers/tests',
      'create workflows/shout',
    ]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: plan.hash });
    expect(listener.connections()).toBe(0);
    expect(await db.selectFrom('assignments').select('tool_name').orderBy('tool_name').execute()).toEqual([{ tool_name: 'tests_echo' }, { tool_name: 'workflow_shout' }]);
    expect(await db.selectFrom('mcp_servers').select(['name', 'version']).execute()).toEqual([{ name: 'tests', version: 1 }]);
    expect(await db.selectFrom('workflows').select('name').execute()).toEqual([{ name: 'shout' }]);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 10 });
    expect(events.map((event) => event.actor)).toEqual(Array(6).fill('config import'));
    // Planned again, the same file is nothing to do.
    expect((await planConfig({ db, registry, actor: TEST_ADMIN, text })).changes).toEqual([]);
  });

  it('says what it could not check for a disabled server too, and applies it as reviewed', async () => {
    const { db } = await databases.create();
    const registry = await registryOn(db);

    const disabled = await planConfig({ db, registry, actor: TEST_ADMIN, text: file({ enabled: false }) });
    expect(disabled.warnings).toEqual([
      expect.objectContaining({ pointer: '/agents/0/tools/tests_echo', line: 6, column: 7, target: 'agents/support/tools/tests_echo', message: expect.stringContaining('"tests" is disabled') }),
      expect.objectContaining({ pointer: '/workflows/0/steps/0/tool', line: 23, target: 'workflows/shout', message: expect.stringContaining('not checked') }),
    ]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text: file({ enabled: false }), planHash: disabled.hash });
    expect(await db.selectFrom('assignments').select('tool_name').orderBy('tool_name').execute()).toEqual([{ tool_name: 'tests_echo' }, { tool_name: 'workflow_shout' }]);
  });

  it('never starts a stdio server for someone who may not: an editor is refused before anything runs', async () => {
    const { db } = await databases.create();
    const registry = await registryOn(db);
    const stdio = file().replace('    transport: http\n', '    transport: stdio\n    command: /bin/false\n').replace(/ {4}url: .*\n/, '');

    expect((await appErrorOf(planConfig({ db, registry, actor: TEST_EDITOR, text: stdio }))).code).toBe('forbidden');
  });
});
