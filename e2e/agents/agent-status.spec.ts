import { expect, test } from '../support/test';
import { freshSqliteDatabase, removeSqliteDatabase } from '../support/temp-database';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

interface ListedAgent {
  id: string;
  statusCounts: { missing: number; invalid: number; unavailable: number };
}

// An assignment goes missing when its plugin does: assigned on a server that has the example
// plugin, then read on one that does not, over the same database.
let server: NextServer | undefined;
const database = freshSqliteDatabase(`agent-status-${process.pid}`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = { DATABASE_URL: `sqlite:${database}`, SEED_DEMO: '0' };
  const before = await startNextServer(ownServerPort(21), { ...env, TOOLS_PLUGIN_PATH: 'plugins:e2e/fixtures/plugins' });
  try {
    for (const [id, name] of [['writer', 'Writer'], ['counter', 'Counter']]) {
      expect((await before.fetch('/api/v1/agents', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, name }) })).status).toBe(201);
    }
    for (const [agent, tool] of [['writer', 'text_slugify'], ['writer', 'acme_lookup'], ['counter', 'word_count']]) {
      const response = await before.fetch(`/api/v1/agents/${agent}/tools/${tool}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"overrides":{}}' });
      expect(response.ok, await response.text()).toBe(true);
    }
  } finally {
    await before.stop();
  }
  server = await startNextServer(ownServerPort(21), { ...env, TOOLS_PLUGIN_PATH: 'e2e/fixtures/plugins' });
});

test.afterAll(async () => {
  await server?.stop();
  removeSqliteDatabase(database);
});

const api = async <T>(path: string): Promise<T> => (await (await server!.fetch(path)).json()) as T;

test('[AGENTS][STATUS]: the agents API counts each agent\'s missing and unavailable tools and filters by them', async () => {
  const { agents } = await api<{ agents: ListedAgent[] }>('/api/v1/agents');
  expect(agents.map(({ id, statusCounts }) => ({ id, statusCounts }))).toEqual([
    { id: 'counter', statusCounts: { missing: 0, invalid: 0, unavailable: 0, changed: 0 } },
    { id: 'writer', statusCounts: { missing: 1, invalid: 0, unavailable: 1, changed: 0 } },
  ]);
  expect((await api<{ agents: ListedAgent[] }>('/api/v1/agents?status=missing')).agents.map((agent) => agent.id)).toEqual(['writer']);
  expect((await api<{ agents: ListedAgent[] }>('/api/v1/agents?status=attention')).agents.map((agent) => agent.id)).toEqual(['writer']);
  expect((await api<{ agents: ListedAgent[] }>('/api/v1/agents?status=invalid')).agents).toEqual([]);
  const refused = await server!.fetch('/api/v1/agents?status=broken');
  expect(refused.status).toBe(400);
  expect(refused.headers.get('content-type')).toContain('application/problem+json');
});

test('[AGENTS][STATUS]: admin sees the missing tool\'s badge on the agents list and filters the list by it', async ({ page }) => {
  await server!.signIn(page.context());
  await page.goto(`${server!.url}/agents`);
  const list = page.getByRole('list', { name: 'Agents' });
  const writer = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Writer' }) });
  const badges = writer.getByRole('list', { name: 'Tools needing attention' });
  await expect(badges.getByRole('listitem')).toHaveText(['1 missing', '1 unavailable']);
  const counter = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Counter' }) });
  await expect(counter.getByRole('list', { name: 'Tools needing attention' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'With missing tools' });
  await expect(page.getByRole('status').filter({ hasText: 'agent' })).toHaveText('1 agent with missing tools.');
  await expect(list.getByRole('link')).toHaveText(['Writer']);
  await expect(page).toHaveURL(/[?&]status=missing/);
});

test('[CATALOGUE][HEALTH]: the summary strip\'s counts match the API, and each links to its list', async ({ page }) => {
  await server!.signIn(page.context());
  const catalogue = await api<{ tools: { available: boolean }[]; diagnostics: unknown[] }>('/api/v1/tools');
  const attention = await api<{ agents: ListedAgent[] }>('/api/v1/agents?status=attention');
  const groups = new Set((await api<{ tools: { group: string }[] }>('/api/v1/tools')).tools.map((tool) => tool.group));
  await page.goto(`${server!.url}/`);
  const strip = page.getByRole('region', { name: 'Fleet health' });
  const stat = (label: RegExp) => strip.getByRole('listitem').filter({ hasText: label }).locator('[data-stat-value]');

  await expect(stat(/tools?$/)).toHaveText(catalogue.tools.length.toLocaleString('en'));
  await expect(stat(/groups?$/)).toHaveText(String(groups.size));
  await expect(stat(/unavailable$/)).toHaveText(String(catalogue.tools.filter((tool) => !tool.available).length));
  await expect(stat(/plugin problems?$/)).toHaveText(String(catalogue.diagnostics.length));
  await expect(stat(/needs? attention$/)).toHaveText(String(attention.agents.length));

  await strip.getByRole('link', { name: /unavailable$/ }).click();
  await expect(page).toHaveURL(/[?&]availability=unavailable/);
  await expect(page.getByRole('combobox', { name: 'Availability' })).toHaveValue('unavailable');
  await expect(page.getByRole('link', { name: 'acme_lookup' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'word_count' })).toHaveCount(0);

  await page.goto(`${server!.url}/`);
  await strip.getByRole('link', { name: /needs? attention$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Agents' }).getByRole('link')).toHaveText(['Writer']);
});

test('[CATALOGUE][SEARCH]: the catalogue search also finds tools by why they are unavailable, and a described factory is not "No description."', async ({ page }) => {
  await server!.signIn(page.context());
  await page.goto(`${server!.url}/?q=ACME_API_KEY`);
  await expect(page.getByRole('link', { name: 'acme_lookup' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'acme_lookup' }) });
  await expect(row).toContainText('Look a customer up in the ACME CRM.');
  await expect(row).not.toContainText('No description.');
});
