import { afterEach, expect, it } from 'vitest';
import { snapshotTables } from '@/test/api/api-harness';
import { appErrorOf } from '@/test/app-error-of';
import { createAgent } from '@/lib/agents';
import { listAuditEvents } from '@/lib/audit';
import { TEST_ADMIN, TEST_EDITOR } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { createServer } from '@/lib/mcp-servers';
import { createToolEnvironment } from '@/registry';
import { builtinRegistrations } from '@/registry/builtins';
import { loadRegistry } from '@/test/registry/test-plugins';
import { applyConfig, exportConfig, planConfig } from '.';

const builtins = () => loadRegistry(builtinRegistrations(), createToolEnvironment({ env: {} }));
const BASE = 'http://admin.test';

afterEach(() => {
  delete process.env.MCP_STDIO;
});

// Disabled, so the app never connects to or starts them.
async function seed(db: Db) {
  await createAgent({ db, actor: TEST_ADMIN, input: { id: 'support', name: 'Support bot' } });
  await createServer({
    db,
    actor: TEST_ADMIN,
    takenGroups: new Set(),
    config: { name: 'web', enabled: false, transport: 'http', url: 'https://mcp.example.test/mcp', headers: { 'X-Trace': 'on', Authorization: 'Bearer ${WEB_TOKEN}' } },
  });
  await createServer({
    db,
    actor: TEST_ADMIN,
    takenGroups: new Set(),
    config: { name: 'everything', enabled: false, transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { API_KEY: '${EVERYTHING_KEY}' } },
  });
  return builtins();
}

// The operator lets servers read the variables these files reference.
process.env.SERVER_ENV_ALLOWLIST = 'WEB_TOKEN,EVERYTHING_KEY';

describeEachDatabase('config as code: MCP servers', (databases) => {
  it('exports servers after the agents with secret references as stored; a fresh database imports them and exports the same bytes', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const first = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    expect(first).toContain(
      [
        'servers:',
        '  - name: everything',
        '    enabled: false',
        '    transport: stdio',
        '    command: npx',
        '    args:',
        '      - -y',
        '      - "@modelcontextprotocol/server-everything"',
        '    env:',
        '      API_KEY: ${EVERYTHING_KEY}',
        '  - name: web',
        '    enabled: false',
        '    transport: http',
        '    url: https://mcp.example.test/mcp',
        '    headers:',
        '      Authorization: Bearer ${WEB_TOKEN}',
        '      X-Trace: on',
        '',
      ].join('\n'),
    );
    expect(first.indexOf('agents:')).toBeLessThan(first.indexOf('servers:'));

    const { db: fresh } = await databases.create();
    const plan = await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text: first });
    expect(plan.changes.filter((change) => change.kind === 'server')).toEqual([
      expect.objectContaining({ action: 'create', target: 'servers/everything', serverName: 'everything' }),
      expect.objectContaining({ action: 'create', target: 'servers/web', diffs: expect.arrayContaining([{ field: 'headers.Authorization', after: 'Bearer ${WEB_TOKEN}' }]) }),
    ]);
    await applyConfig({ db: fresh, registry, actor: TEST_ADMIN, text: first, planHash: plan.hash });

    expect(await exportConfig({ db: fresh, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE })).toBe(first);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db: fresh, limit: 10 });
    expect(events.filter((event) => event.action === 'server.create').map((event) => [event.actor, event.target])).toEqual([
      ['config import', 'servers/web'],
      ['config import', 'servers/everything'],
    ]);
    expect((await planConfig({ db: fresh, registry, actor: TEST_ADMIN, text: first })).changes).toEqual([]);
  });

  it('plans server updates field by field, deletes servers only with prune, and a file without a servers section leaves them alone', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const exported = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    const text = exported.replace('url: https://mcp.example.test/mcp', 'url: https://mcp2.example.test/mcp').replace(/  - name: everything\n(    .*\n|      .*\n)*/, '');
    const before = await snapshotTables(db);

    const plan = await planConfig({ db, registry, actor: TEST_ADMIN, text });
    expect(await snapshotTables(db)).toEqual(before);
    expect(plan.changes).toEqual([
      { kind: 'server', action: 'update', target: 'servers/web', serverName: 'web', diffs: [{ field: 'url', before: 'https://mcp.example.test/mcp', after: 'https://mcp2.example.test/mcp' }] },
    ]);
    const pruned = await planConfig({ db, registry, actor: TEST_ADMIN, text, prune: true });
    expect(pruned.changes.map((change) => `${change.action} ${change.target}`)).toEqual(['delete servers/everything', 'update servers/web']);
    await applyConfig({ db, registry, actor: TEST_ADMIN, text, prune: true, planHash: pruned.hash });
    expect(await db.selectFrom('mcp_servers').select(['name', 'version']).execute()).toEqual([{ name: 'web', version: 2 }]);

    const noSection = 'apiVersion: tools-admin/v1\nagents:\n  - id: support\n    name: Support bot\n';
    expect((await planConfig({ db, registry, actor: TEST_ADMIN, text: noSection, prune: true })).changes).toEqual([]);
  });

  it('refuses what the servers API refuses: a plain credential, a taken group, stdio for editors and while MCP_STDIO=off', async () => {
    const { db } = await databases.create();
    const registry = await seed(db);
    const head = 'apiVersion: tools-admin/v1\nagents:\n  - id: support\n    name: Support bot\nservers:\n';
    const secret = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: `${head}  - name: api\n    transport: http\n    url: https://x.test/mcp\n    headers:\n      Authorization: Bearer abc\n` }));
    expect(secret.code).toBe('invalid');
    expect(secret.details.errors).toEqual([expect.objectContaining({ pointer: '/servers/0/headers/Authorization', line: 10, column: 22 })]);

    const group = registry.groups()[0]!;
    const taken = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: `${head}  - name: ${group}\n    transport: http\n    url: https://x.test/mcp\n` }));
    expect(taken.details.errors).toEqual([expect.objectContaining({ pointer: '/servers/0/name', line: 6, message: expect.stringContaining('already the group of other tools') })]);

    const stdio = `${head}  - name: local\n    enabled: false\n    transport: stdio\n    command: node\n`;
    expect((await appErrorOf(planConfig({ db, registry, actor: TEST_EDITOR, text: stdio }))).code).toBe('forbidden');
    const exported = await exportConfig({ db, actor: TEST_ADMIN, format: 'yaml', baseUrl: BASE });
    const editorPrune = await appErrorOf(planConfig({ db, registry, actor: TEST_EDITOR, text: exported.replace(/  - name: everything\n(    .*\n|      .*\n)*/, ''), prune: true }));
    expect(editorPrune.code).toBe('forbidden');
    const editorHttp = await planConfig({ db, registry, actor: TEST_EDITOR, text: exported.replace('X-Trace: on', 'X-Trace: off') });
    expect(editorHttp.changes.map((change) => change.target)).toEqual(['servers/web']);

    process.env.MCP_STDIO = 'off';
    const off = await appErrorOf(planConfig({ db, registry, actor: TEST_ADMIN, text: stdio }));
    expect(off.details.errors).toEqual([expect.objectContaining({ pointer: '/servers/0/transport', line: 8, message: expect.stringContaining('MCP_STDIO=off') })]);
    // An unchanged stdio server in the file is no reason to refuse it.
    expect((await planConfig({ db, registry, actor: TEST_ADMIN, text: exported })).changes).toEqual([]);
  });
});
