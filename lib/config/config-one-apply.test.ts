import { afterAll, beforeAll, expect, it } from 'vitest';
import { appErrorOf } from '@/test/app-error-of';
import { listAuditEvents } from '@/lib/audit';
import { TEST_ADMIN, TEST_EDITOR } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-servers/test-mcp-server';
import { bootRegistry } from '@/lib/registry-host';
import { SqlTodoListService } from '@/lib/todos/sql-todo-list-service';
import { applyConfig, planConfig } from '.';

const registryOn = (db: Db) => bootRegistry({ workflowDb: async () => db, todoListService: new SqlTodoListService({ db }), env: {} });

let mcp: TestMcpServer;
beforeAll(async () => {
  mcp = await startTestMcpServer();
});
afterAll(async () => {
  await mcp.close();
});

/** A file that adds an MCP server and, in the same go, assigns its tool, gives its group as a rule and calls it from a new workflow that it assigns too. */
const file = ({ url = mcp.url, enabled = true, echo = 'tests_echo', stepTool = 'tests_echo', args = '          text: "{{input.text}}"' } = {}) =>
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
    `    url: ${url}`,
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

  it("lists a new server's tools while planning, so assigning them, a rule for its group and a workflow calling it need one apply", async () => {
    const { db } = await databases.create();
    const registry = await registryOn(db);
    const text = file();

    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });

    expect(plan.warnings).toEqual([]);
    expect(plan.changes.map((change) => `${change.action} ${change.target}`)).toEqual([
      'create agents/support',
      'create agents/support/rules/tests',
      'create agents/support/tools/tests_echo',
      'create agents/support/tools/workflow_shout',
      'create servers/tests',
      'create workflows/shout',
    ]);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, planHash: plan.hash });
    expect(await db.selectFrom('assignments').select('tool_name').orderBy('tool_name').execute()).toEqual([{ tool_name: 'tests_echo' }, { tool_name: 'workflow_shout' }]);
    expect(await db.selectFrom('mcp_servers').select(['name', 'version']).execute()).toEqual([{ name: 'tests', version: 1 }]);
    expect(await db.selectFrom('workflows').select('name').execute()).toEqual([{ name: 'shout' }]);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 10 });
    expect(events.map((event) => event.actor)).toEqual(Array(6).fill('config import'));
    // Planned again, the same file is nothing to do (the server is listed again: this registry has no connection to it).
    expect((await planConfig({ db, registry, actor: TEST_ADMIN, text })).changes).toEqual([]);
  });

  it("refuses, with their lines, a tool the new server does not list and a workflow step whose arguments do not fit the server's schema", async () => {
    const { db } = await databases.create();
    const registry = await registryOn(db);

    const typo = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: file({ echo: 'tests_ehco', stepTool: 'tests_nope' }) }));
    expect(typo.details.errors).toEqual([
      expect.objectContaining({ pointer: '/agents/0/tools/tests_ehco', line: 6, column: 7, message: 'No tool named "tests_ehco" is known' }),
      expect.objectContaining({ pointer: '/workflows/0/steps/0/tool', line: 23, message: 'No tool named "tests_nope" is in the catalogue' }),
    ]);
    const args = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: file({ args: '          words: "{{input.text}}"' }) }));
    expect(args.details.errors).toEqual([expect.objectContaining({ pointer: expect.stringMatching(/^\/workflows\/0\/steps\/0\/arguments/), message: expect.stringContaining('tests_echo') })]);
    expect(await db.selectFrom('mcp_servers').selectAll().execute()).toEqual([]);
  });

  it('says what it could not check when the server is disabled or cannot be reached, and applies it as reviewed', async () => {
    const { db } = await databases.create();
    const registry = await registryOn(db);

    const disabled = await planConfig({ db, registry, actor: TEST_ADMIN, text: file({ enabled: false }) });
    expect(disabled.warnings).toEqual([
      expect.objectContaining({ pointer: '/agents/0/tools/tests_echo', line: 6, column: 7, target: 'agents/support/tools/tests_echo', message: expect.stringContaining('"tests" is disabled') }),
      expect.objectContaining({ pointer: '/workflows/0/steps/0/tool', line: 23, target: 'workflows/shout', message: expect.stringContaining('not checked') }),
    ]);
    const unreachable = await planConfig({ db, registry, actor: TEST_ADMIN, text: file({ url: 'http://127.0.0.1:9/mcp' }) });
    expect(unreachable.warnings.map((warning) => warning.message)).toEqual([expect.stringContaining('could not be reached'), expect.stringContaining('could not be reached')]);
    // Warnings are part of what was reviewed: the same file with its server reachable is another plan.
    expect(unreachable.hash).not.toBe((await planConfig({ db, registry, actor: TEST_ADMIN, text: file() })).hash);

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
