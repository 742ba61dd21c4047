import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

// Its own server with the 10,000-tool fixture, so the shared server keeps its small catalogue.
let server: NextServer;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startNextServer(ownServerPort(2), { TOOLS_PLUGIN_PATH: 'e2e/fixtures/scale-plugins', SCALE_TOOL_COUNT: '10000' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('[CATALOGUE][SEARCH]: admin can load the 10,000-tool catalogue and find a tool deep in it', async ({ page }) => {
  const response = await fetch(`${server.url}/api/v1/tools?view=summary`);
  const { tools, diagnostics } = (await response.json()) as { tools: { name: string; group: string }[]; diagnostics: unknown[] };
  expect(diagnostics).toEqual([]);
  expect(tools.filter((tool) => tool.name.includes('_op_'))).toHaveLength(10_000);
  const zoning = tools.filter((tool) => tool.group === 'zoning').length;

  await page.goto(server.url);
  await expect(page.getByText(`${tools.length.toLocaleString('en')} tools in`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Accounts (200)' })).toBeVisible();
  // No plugin failed here, so the diagnostics panel stays out of the way.
  await expect(page.getByRole('region', { name: /Plugin problems/ })).toHaveCount(0);
  // Virtualized: only the rows near the viewport are in the DOM.
  expect(await page.getByRole('listitem').count()).toBeLessThanOrEqual(150);

  // Scrolled to the end, the last group's heading sticks above its rows.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const lastSection = page.getByRole('region', { name: `Zoning (${zoning})` });
  await expect(lastSection.getByRole('link', { name: 'zoning_op_09999' })).toBeInViewport();
  await expect(lastSection.getByRole('heading', { name: `Zoning (${zoning})` })).toBeInViewport();
  expect(await page.getByRole('listitem').count()).toBeLessThanOrEqual(150);

  await page.evaluate(() => window.scrollTo(0, 0));
  const search = page.getByRole('searchbox', { name: 'Search tools' });
  await search.pressSequentially('zoning_op_0999');
  await expect(page.getByRole('status')).toHaveText(`Showing 1 of ${tools.length.toLocaleString('en')} tools.`);
  await expect(page.getByRole('region', { name: `Zoning (1 of ${zoning})` }).getByRole('link')).toHaveText(['zoning_op_09999']);
  await expect(page).toHaveURL(/\?q=zoning_op_0999$/);
  // Every keystroke reached the box: typing was never dropped while the list filtered.
  await expect(search).toHaveValue('zoning_op_0999');

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
