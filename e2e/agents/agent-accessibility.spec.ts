import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { assignTool, createTestAgent } from '../support/agent-api';
import { filesFolder } from '../support/files-root';

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];


for (const viewport of viewports) {
  test(`[AGENTS][A11Y]: the agent page, its picker, forms and conflict view have no serious violations (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const agentId = await createTestAgent(request, 'Accessible');
    const start = await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('start') });
    await assignTool(request, agentId, 'tool_search', { groups: ['fs'] });
    await assignTool(request, agentId, 'schema_zoo', { region: 'eu' });
    await assignTool(request, agentId, 'acme_lookup', {});

    await page.goto(`/agents/${agentId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    for (const tool of ['fs_read_file', 'tool_search', 'schema_zoo']) {
      await page.getByRole('button', { name: `Edit settings of ${tool}` }).click();
    }
    await expect(page.getByRole('group', { name: 'Searchable groups' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Authentication option' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Base directory' }).fill('');
    await expect(page.getByText('Base directory is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('theirs') }, start.version);
    await page.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('mine'));
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /fs_read_file/ }) }).getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Someone else changed fs_read_file while you were editing.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add tools' }).click();
    await expect(page.getByRole('dialog', { name: /^Add tools to / })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('[AGENTS][A11Y]: an unknown agent answers a not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/agents/no-such-agent');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Agent not found' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('[AGENTS][A11Y]: an address that is not valid percent-encoding answers not found, on the page and in the API', async ({ page, request }) => {
  const response = await page.goto('/agents/%ZZ');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Agent not found' })).toBeVisible();

  const api = await request.get('/api/v1/tools/%ZZ');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/problem+json');
  expect(await api.json()).toMatchObject({ status: 404, title: 'Not Found' });
});
