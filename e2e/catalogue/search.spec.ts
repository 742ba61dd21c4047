import { expect, test } from '../support/test';
import { groupFilter, searchBox, shownTools, waitForWholeCatalogue, type ToolsResponse } from '../support/catalogue-page';

test.use({ viewport: { width: 1280, height: 2400 } });

test('[CATALOGUE][SEARCH]: admin can narrow the list by typing, share it through the URL and reload it', async ({ page, request }) => {
  const { tools } = (await (await request.get('/api/v1/tools')).json()) as ToolsResponse;
  const expected = tools
    .filter((tool) => `${tool.name}\n${tool.description}\n${tool.group}`.toLowerCase().includes('miles'))
    .map((tool) => tool.name)
    .sort();
  expect(expected.length).toBeGreaterThan(1);

  await page.goto('/');
  await expect(shownTools(page)).toHaveCount(tools.length);
  await searchBox(page).pressSequentially('miles');

  await expect(shownTools(page)).toHaveText(expected);
  await expect(page.getByRole('status')).toHaveText(`Showing ${expected.length} of ${tools.length} tools.`);
  await expect(page).toHaveURL(/\?q=miles$/);

  await page.reload();
  await expect(searchBox(page)).toHaveValue('miles');
  await expect(shownTools(page)).toHaveText(expected);
});

test('[CATALOGUE][SEARCH]: admin can filter by group, and the filter survives a reload', async ({ page, request }) => {
  const { tools } = (await (await request.get('/api/v1/tools')).json()) as ToolsResponse;
  const fsTools = tools.filter((tool) => tool.group === 'fs').map((tool) => tool.name).sort();

  await page.goto('/');
  await groupFilter(page).selectOption({ label: `Fs (${fsTools.length})` });

  await expect(page.getByRole('region', { name: `Fs (${fsTools.length} of ${fsTools.length})` })).toBeVisible();
  await expect(shownTools(page)).toHaveText(fsTools);
  await expect(page).toHaveURL(/\?group=fs$/);

  await page.reload();
  await expect(groupFilter(page)).toHaveValue('fs');
  await expect(shownTools(page)).toHaveText(fsTools);

  await searchBox(page).fill('list');
  await expect(shownTools(page)).toHaveText(['fs_list_dir']);
  await expect(page).toHaveURL(/\?group=fs&q=list$|\?q=list&group=fs$/);
});

test('[CATALOGUE][SEARCH]: admin is told when nothing matches and can clear the search', async ({ page }) => {
  await page.goto('/?q=no-such-tool-anywhere');

  await expect(page.getByRole('status')).toHaveText('No tools match “no-such-tool-anywhere”.');
  await expect(shownTools(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(shownTools(page)).not.toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('[CATALOGUE][SEARCH]: admin sees a failed refresh and can retry it', async ({ page }) => {
  await page.goto('/');
  await waitForWholeCatalogue(page);
  await expect(shownTools(page).first()).toBeVisible();

  await page.route('**/api/v1/tools**', (route) => route.fulfill({ status: 503, body: 'down for the test' }));
  await page.getByRole('button', { name: 'Refresh' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be refreshed' });
  await expect(alert).toContainText('HTTP 503');
  // The last good list stays on screen.
  await expect(shownTools(page).first()).toBeVisible();

  await page.unroute('**/api/v1/tools**');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeHidden();
});

test('[CATALOGUE][SEARCH]: admin is told in plain words when the server cannot be reached on refresh', async ({ page }) => {
  await page.goto('/');
  await waitForWholeCatalogue(page);
  await expect(shownTools(page).first()).toBeVisible();

  await page.route('**/api/v1/tools**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'could not be refreshed' });
  await expect(alert).toContainText('The server could not be reached');
  await expect(alert).not.toContainText('Failed to fetch');
  await expect(shownTools(page).first()).toBeVisible();
});

test('[CATALOGUE][API]: the API answers an unchanged catalogue with 304 Not Modified', async ({ request }) => {
  const first = await request.get('/api/v1/tools');
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();

  const again = await request.get('/api/v1/tools', { headers: { 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);
});
