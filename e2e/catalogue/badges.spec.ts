import { expect, test } from '../support/test';

interface Summary {
  name: string;
  source: string;
  unavailableReason?: string;
  isBundle?: true;
  streamsResultToUser?: true;
  hasSettings?: true;
}

test.use({ viewport: { width: 1280, height: 2400 } });

test('[CATALOGUE][BADGES]: admin sees each tool marked as the API describes it', async ({ page, request }) => {
  const { tools } = (await (await request.get('/api/v1/tools?view=summary')).json()) as { tools: Summary[] };
  // The fixtures give every badge at least one tool with it and one without.
  for (const flag of ['streamsResultToUser', 'hasSettings', 'isBundle', 'unavailableReason'] as const) {
    expect(tools.some((tool) => tool[flag] !== undefined), flag).toBe(true);
    expect(tools.some((tool) => tool[flag] === undefined), flag).toBe(true);
  }

  await page.goto('/');
  for (const tool of tools) {
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: tool.name, exact: true }) });
    const badge = (label: string) => row.getByText(label, { exact: true });
    await expect(badge('Streams to user'), tool.name).toHaveCount(tool.streamsResultToUser ? 1 : 0);
    await expect(badge('Has settings'), tool.name).toHaveCount(tool.hasSettings ? 1 : 0);
    await expect(badge('Bundle'), tool.name).toHaveCount(tool.isBundle ? 1 : 0);
    await expect(badge('Unavailable'), tool.name).toHaveCount(tool.unavailableReason ? 1 : 0);
    await expect(badge(tool.source === 'builtin' ? 'Built-in' : `Plugin: ${tool.source}`), tool.name).toBeVisible();
  }
});
