import { expect, test } from '../support/test';
import { groupFilter, searchBox, shownTools, type ToolsResponse } from '../support/catalogue-page';

test.use({ viewport: { width: 1280, height: 2400 } });

function matching(tools: ToolsResponse['tools'], word: string): string[] {
  return tools
    .filter((tool) => `${tool.name}\n${tool.description}\n${tool.group}`.toLowerCase().includes(word))
    .map((tool) => tool.name)
    .sort();
}

test('[CATALOGUE][URL]: admin can follow the header link, Back and Forward, and the search follows the address', async ({ page, request }) => {
  const { tools } = (await (await request.get('/api/v1/tools')).json()) as ToolsResponse;
  const units = matching(tools, 'units');
  expect(units.length).toBeGreaterThan(0);
  expect(units.length).toBeLessThan(tools.length);

  await page.goto('/?q=units');
  await expect(shownTools(page)).toHaveText(units);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools Admin' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(shownTools(page)).toHaveCount(tools.length);

  await page.goBack();
  await expect(page).toHaveURL(/\?q=units$/);
  await expect(searchBox(page)).toHaveValue('units');
  await expect(shownTools(page)).toHaveText(units);

  await page.goForward();
  await expect(page).toHaveURL(/\/$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(shownTools(page)).toHaveCount(tools.length);
});

test('[CATALOGUE][URL]: admin who opens a tool right after typing gets the search back with Back', async ({ page, request }) => {
  const { tools } = (await (await request.get('/api/v1/tools')).json()) as ToolsResponse;
  const miles = matching(tools, 'miles');

  await page.goto('/');
  await expect(shownTools(page)).toHaveCount(tools.length);
  // Typed and clicked well within the 250 ms the URL write waits for a pause in typing.
  await searchBox(page).pressSequentially('miles');
  await page.getByRole('link', { name: 'units_km_to_miles', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'units_km_to_miles' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?q=miles$/);
  await expect(searchBox(page)).toHaveValue('miles');
  await expect(shownTools(page)).toHaveText(miles);
});

test('[CATALOGUE][URL]: admin who follows a link with an unknown group sees it chosen and can clear it', async ({ page, request }) => {
  const { tools } = (await (await request.get('/api/v1/tools')).json()) as ToolsResponse;

  await page.goto('/?group=nope');
  await expect(groupFilter(page)).toHaveValue('nope');
  await expect(groupFilter(page).locator('option:checked')).toHaveText('nope (no such group)');
  await expect(page.getByRole('status')).toHaveText('No tools match in the group “nope” (no such group).');
  await expect(shownTools(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(groupFilter(page)).toHaveValue('');
  await expect(groupFilter(page).locator('option:checked')).toHaveText('All groups');
  await expect(shownTools(page)).toHaveCount(tools.length);
  await expect(page).toHaveURL(/\/$/);
});
