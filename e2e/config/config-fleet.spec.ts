import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { expect, test } from '../support/test';
import { runConfigCli, type CliRun } from '../support/config-cli';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { freshSqliteDatabase, removeSqliteDatabase } from '../support/temp-database';

const AGENTS = 10_000;
const MIB = 1024 * 1024;
let server: NextServer;
let file: string;
let folder: string;

/** The agent id of fleet member `i`: agent-00000 … agent-09999. */
const idOf = (i: number) => `agent-${String(i).padStart(5, '0')}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(path.join(os.tmpdir(), 'tools-admin-config-fleet-'));
  file = freshSqliteDatabase(`config-fleet-${process.pid}`);
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-migrate.ts'], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` }, stdio: 'ignore' });
  const db = new BetterSqlite3(file);
  const now = new Date().toISOString();
  // Inside the folder the servers let the fs tools read (FS_ALLOWED_ROOTS), so the settings are valid.
  const settings = JSON.stringify({ baseDir: process.env.E2E_FILES_ROOT, maxBytes: 4096 });
  const agent = db.prepare('insert into agents (id, name, description, version, created_at, updated_at) values (?, ?, ?, 1, ?, ?)');
  const tool = db.prepare('insert into assignments (agent_id, tool_name, overrides, version, created_at, updated_at) values (?, ?, ?, 1, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < AGENTS; i++) {
      agent.run(idOf(i), `Agent ${String(i).padStart(5, '0')}`, 'Helps with support tickets', now, now);
      tool.run(idOf(i), 'word_count', '{}', now, now);
      tool.run(idOf(i), 'fs_read_file', settings, now, now);
    }
  })();
  db.close();
  // The export of 10,000 agents is about 2.2 MB: over the default CONFIG_MAX_BYTES (1 MiB), so this server allows 4 MiB.
  server = await startNextServer(ownServerPort(64), { DATABASE_URL: `sqlite:${file}`, SEED_DEMO: '0', CONFIG_MAX_BYTES: String(4 * MIB) });
});

test.afterAll(async () => {
  await server?.stop();
  if (file) removeSqliteDatabase(file);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The fleet's own export, as YAML. */
async function exported(): Promise<string> {
  const response = await server.fetch('/api/v1/config');
  expect(response.status).toBe(200);
  return response.text();
}

/** `npm run config -- …` against this spec's server, with a token. */
function config(token: string, ...args: string[]): Promise<CliRun> {
  return runConfigCli(server.url, token, ...args);
}

async function agentOf(id: string): Promise<{ name: string; description?: string }> {
  const response = await server.fetch(`/api/v1/agents/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { name: string; description?: string };
}

test('[CONFIG][FLEET]: the export of 10,000 agents (over 1 MiB) plans and applies through the API and the CLI', async () => {
  test.setTimeout(360_000);
  const yaml = await exported();
  expect(Buffer.byteLength(yaml)).toBeGreaterThan(MIB);
  const changed = yaml.replace('name: Agent 04242\n', 'name: Agent 04242, renamed by the API\n');
  expect(changed).not.toBe(yaml);

  const planned = await server.fetch('/api/v1/config/plan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ file: changed }) });
  expect(planned.status, await planned.clone().text()).toBe(200);
  const plan = (await planned.json()) as { hash: string; changes: { action: string; target: string }[] };
  expect(plan.changes.map((change) => `${change.action} ${change.target}`)).toEqual(['update agents/agent-04242']);
  const applied = await server.fetch('/api/v1/config/apply', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ file: changed, planHash: plan.hash }) });
  expect(applied.status, await applied.clone().text()).toBe(200);
  expect(await agentOf('agent-04242')).toMatchObject({ name: 'Agent 04242, renamed by the API' });

  const made = await server.fetch('/api/v1/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'fleet config', scopes: ['agents:write'] }) });
  expect(made.status).toBe(201);
  const { secret } = (await made.json()) as { secret: string };
  const fileName = path.join(folder, 'fleet.yaml');
  writeFileSync(fileName, (await exported()).replace('name: Agent 09000\n', 'name: Agent 09000, renamed by the CLI\n'));
  const byCli = await config(secret, 'apply', fileName);
  expect(byCli.code, byCli.stderr).toBe(0);
  expect(byCli.stdout).toContain('Applied 1 change.');
  expect(await agentOf('agent-09000')).toMatchObject({ name: 'Agent 09000, renamed by the CLI' });
});

test('[CONFIG][FLEET]: admin uploads the export of 10,000 agents on /config, pages through a plan of 10,000 changes and applies it', async ({ browser }) => {
  test.setTimeout(360_000);
  const yaml = await exported();
  const changed = yaml.replaceAll('    description: Helps with support tickets\n', '    description: Answers support tickets\n');
  const fileName = path.join(folder, 'upload.yaml');
  writeFileSync(fileName, changed);
  const context = await browser.newContext();
  await server.signIn(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/config`);

  await page.getByLabel('Upload a file').setInputFiles(fileName);
  // The editor draws the lines in view only: the file's first line is among them.
  await expect(page.getByRole('textbox', { name: 'Configuration file' })).toContainText(/^# yaml-language-server/);
  await page.getByRole('button', { name: 'Review plan' }).click();

  // A fleet's plan takes seconds: the page says what it is doing meanwhile.
  await expect(page.getByText('Planning: checking every object of the file…')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '0 to create, 10,000 to update, 0 to delete.' })).toBeVisible({ timeout: 120_000 });
  const changes = page.getByRole('list', { name: 'Planned changes' }).getByRole('listitem');
  await expect(changes).toHaveCount(200);
  await expect(page.getByText('Showing 200 of 10,000 changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Show 200 more' }).click();
  await expect(changes).toHaveCount(400);
  await expect(changes.nth(399)).toContainText('Answers support tickets');
  expect((await agentOf('agent-00000')).description).toBe('Helps with support tickets');

  await page.getByRole('button', { name: 'Apply 10,000 changes' }).click();
  await expect(page.getByText('Applying the plan in one transaction…')).toBeVisible();
  await expect(page.getByText('Applied 10,000 changes.')).toBeVisible({ timeout: 120_000 });
  expect((await agentOf('agent-00000')).description).toBe('Answers support tickets');
  expect((await agentOf('agent-09999')).description).toBe('Answers support tickets');
  await context.close();
});
