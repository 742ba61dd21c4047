import { execFileSync } from 'node:child_process';
import BetterSqlite3 from 'better-sqlite3';
import { expect, test } from '../support/test';
import { agentSearchBox } from '../support/agents-page';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { freshSqliteDatabase, removeSqliteDatabase } from '../support/temp-database';

const AGENTS = 10_000;
let server: NextServer;
let file: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  file = freshSqliteDatabase(`agents-scale-${process.pid}`);
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-migrate.ts'], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` }, stdio: 'ignore' });
  const db = new BetterSqlite3(file);
  const now = new Date().toISOString();
  const insert = db.prepare('insert into agents (id, name, description, version, created_at, updated_at) values (?, ?, ?, 1, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < AGENTS; i++) insert.run(`agent-${String(i).padStart(5, '0')}`, `Agent ${String(i).padStart(5, '0')}`, i === 7777 ? 'The needle in the haystack' : 'Helps with support tickets', now, now);
  })();
  db.close();
  server = await startNextServer(ownServerPort(50), { DATABASE_URL: `sqlite:${file}`, SEED_DEMO: '0' });
});

test.afterAll(async () => {
  await server?.stop();
  if (file) removeSqliteDatabase(file);
});

test('[AGENTS][SCALE]: admin searches the agents list at 10,000 agents and at most a page is in the page', async ({ browser }) => {
  const html = await (await server.fetch('/agents')).text();
  expect(Buffer.byteLength(html)).toBeLessThanOrEqual(200 * 1024);
  const context = await browser.newContext();
  await server.signIn(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/agents`);

  await expect(page.getByRole('status').filter({ hasText: '10,000 agents.' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Agents' }).getByRole('listitem');
  expect(await rows.count()).toBeLessThanOrEqual(150);
  await agentSearchBox(page).pressSequentially('haystack');

  await expect(page.getByRole('status').filter({ hasText: '1 agent matches “haystack”.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Agents' }).getByRole('link')).toHaveText(['Agent 07777']);
  await page.getByRole('navigation', { name: 'Agent pages' }).waitFor({ state: 'detached' });
  await context.close();
});
