import { expect, test } from '../support/test';

interface CatalogueEntry {
  name: string;
  description: string;
  parametersSchema: { properties?: Record<string, unknown> };
  overridesSchema: { properties?: Record<string, { title?: string }> };
  available: boolean;
  unavailableReason?: string;
}

async function entry(request: import('@playwright/test').APIRequestContext, name: string): Promise<CatalogueEntry> {
  const { tools } = (await (await request.get('/api/v1/tools')).json()) as { tools: CatalogueEntry[] };
  const found = tools.find((tool) => tool.name === name);
  expect(found, `${name} in the API`).toBeDefined();
  return found!;
}

test('[TOOLS][PAGE]: admin can open a tool from the catalogue and read its parameters as a table or as JSON', async ({ page, request }) => {
  const tool = await entry(request, 'fs_read_file');

  await page.goto('/');
  // Below the summary strip and plugin problems the list starts low: find the tool first.
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('fs_read_file');
  await page.getByRole('link', { name: 'fs_read_file' }).click();
  await expect(page).toHaveURL(/\/tools\/fs_read_file$/);
  await expect(page.getByRole('heading', { level: 1, name: 'fs_read_file' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(tool.description);

  const parameters = page.getByRole('region', { name: 'Parameters' });
  const table = parameters.getByRole('table', { name: 'Parameters' });
  await expect(table.getByRole('columnheader')).toHaveText(['Parameter', 'Type', 'Required', 'Default', 'Constraints', 'Description']);
  await expect(table.getByRole('row', { name: /^path / })).toContainText('string');
  await expect(table.getByRole('row', { name: /^path / })).toContainText('Yes');
  expect(await table.getByRole('rowheader').allTextContents()).toEqual(Object.keys(tool.parametersSchema.properties ?? {}));

  await parameters.getByRole('button', { name: 'Show raw JSON' }).click();
  await expect(parameters.getByRole('button', { name: 'Show table' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table).toBeHidden();
  expect(JSON.parse(await parameters.locator('pre').innerText())).toEqual(tool.parametersSchema);
});

test('[TOOLS][PAGE]: admin sees a read-only preview of the settings form', async ({ page, request }) => {
  const tool = await entry(request, 'fs_read_file');
  const baseDirTitle = tool.overridesSchema.properties?.baseDir?.title;
  expect(baseDirTitle).toBeTruthy();

  await page.goto('/tools/fs_read_file');
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings.getByRole('table', { name: 'Settings' }).getByRole('rowheader')).toHaveText(Object.keys(tool.overridesSchema.properties ?? {}));
  const baseDir = settings.getByRole('textbox', { name: baseDirTitle! });
  await expect(baseDir).toBeVisible();
  await expect(baseDir).not.toBeEditable();
  await expect(settings.getByRole('button', { name: /submit/i })).toHaveCount(0);
});

test('[TOOLS][PAGE]: admin sees that a tool without overrides has no settings, and why a tool is unavailable', async ({ page, request }) => {
  const wordCount = await entry(request, 'word_count');
  expect(Object.keys(wordCount.overridesSchema.properties ?? {})).toEqual([]);
  await page.goto('/tools/word_count');
  await expect(page.getByRole('region', { name: 'Settings' })).toContainText('This tool has no settings');

  const acme = await entry(request, 'acme_lookup');
  await page.goto('/tools/acme_lookup');
  await expect(page.getByRole('definition').filter({ hasText: 'Unavailable' })).toContainText(acme.unavailableReason!);
});

test('[TOOLS][PAGE]: admin gets a not-found page for an unknown tool name', async ({ page }) => {
  const response = await page.goto(`/tools/${encodeURIComponent('no such/tool 100%')}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tool catalogue' })).toBeVisible();
});
