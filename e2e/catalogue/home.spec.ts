import { expect, test } from '../support/test';

interface CatalogueEntry {
  name: string;
  group: string;
  available: boolean;
  unavailableReason?: string;
}

interface ToolsResponse {
  tools: CatalogueEntry[];
  diagnostics: { kind: string; source: string; message: string }[];
}

// As the page shows a group: separators become spaces, the first letter a capital.
const label = (group: string) => {
  const words = group.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

// The list renders only the rows near the viewport; a tall window shows this small catalogue whole.
test.use({ viewport: { width: 1280, height: 2400 } });

test('[CATALOGUE][HOME]: admin sees every tool of the API, grouped by group with counts', async ({ page, request }) => {
  const response = await request.get('/api/v1/tools');
  expect(response.ok()).toBe(true);
  const { tools } = (await response.json()) as ToolsResponse;
  expect(tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining(['word_count', 'todo_read', 'todo_write', 'fs_read_file', 'fs_list_dir', 'tool_search', 'text_slugify', 'units_km_to_miles']),
  );

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tool catalogue' })).toBeVisible();
  const groups = [...new Set(tools.map((tool) => tool.group))];
  for (const group of groups) {
    const count = tools.filter((tool) => tool.group === group).length;
    const section = page.getByRole('region', { name: `${label(group)} (${count})` });
    await expect(section).toBeVisible();
    const names = tools.filter((t) => t.group === group).map((t) => t.name).sort();
    // Inside a section, tools are sorted by name.
    await expect(section.getByRole('listitem').getByRole('link')).toHaveText(names);
  }
});

test('[CATALOGUE][HOME]: admin sees why a tool is unavailable and which plugin failed', async ({ page, request }) => {
  const { tools, diagnostics } = (await (await request.get('/api/v1/tools')).json()) as ToolsResponse;
  const acme = tools.find((tool) => tool.name === 'acme_lookup');
  expect(acme).toMatchObject({ available: false, unavailableReason: expect.stringContaining('ACME_API_KEY') });
  expect(diagnostics).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'failed', source: 'broken-export', message: expect.stringContaining('MissingToolFactory') }),
      // Node's own import() names no line for a syntax error; the diagnostic must.
      expect.objectContaining({ kind: 'failed', source: 'syntax-error-tools', message: expect.stringContaining('broken.js:5') }),
    ]),
  );

  await page.goto('/');
  const acmeRow = page.getByRole('region', { name: 'Acme (1)' }).getByRole('listitem').filter({ hasText: 'acme_lookup' });
  await expect(acmeRow).toContainText('Unavailable');
  await expect(acmeRow).toContainText('ACME_API_KEY');
  const problems = page.getByRole('region', { name: /Plugin problems/ });
  await expect(problems).toContainText('broken-export');
  await expect(problems).toContainText('MissingToolFactory');
  await expect(problems).toContainText('broken.js:5');
  await expect(acmeRow.getByText('Plugin: acme-tools')).toBeVisible();
});
