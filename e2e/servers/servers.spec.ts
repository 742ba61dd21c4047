import path from 'node:path';
import { expect, test } from '../support/test';
import { assignmentsOf, createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { shownTools, waitForWholeCatalogue } from '../support/catalogue-page';
import { addThroughPicker } from '../support/tool-picker';

const EVERYTHING_BIN = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

test('[SERVERS][ADD]: admin adds server-everything on /servers, tests it, sees its tools in the catalogue under its group, and assigns one to an agent', async ({ page, request }) => {
  const name = `ev${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 32);
  await page.goto('/servers');
  await expect(page.getByRole('heading', { name: 'MCP servers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('stdio');
  await dialog.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await dialog.getByRole('textbox', { name: 'Arguments' }).fill(`${EVERYTHING_BIN}\nstdio`);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Connected to .*everything.*: \d+ tools/, { timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.getByText('connected', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  const stored = await request.get(`/api/v1/servers/${name}`);
  expect(await stored.json()).toMatchObject({ name, transport: 'stdio', status: 'connected', args: [EVERYTHING_BIN, 'stdio'] });

  await row.getByRole('link', { name: 'Its tools in the catalogue' }).click();
  await expect(page).toHaveURL(new RegExp(`group=${name}`));
  await expect(shownTools(page).filter({ hasText: `${name}_echo` })).toBeVisible();

  // The server's MCP annotations of echo (read-only, not destructive, idempotent, closed world):
  // a badge in its catalogue row, and the behaviour hints on its tool page.
  const catalogued = (await (await request.get('/api/v1/tools')).json()) as { tools: { name: string; annotations?: Record<string, unknown> }[] };
  expect(catalogued.tools.find((tool) => tool.name === `${name}_echo`)?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
  const echoLink = page.getByRole('link', { name: `${name}_echo`, exact: true });
  const echoRow = page.locator('[data-catalogue-list]').getByRole('listitem').filter({ has: echoLink });
  await expect(echoRow.getByText('Read-only', { exact: true })).toBeVisible();
  await expect(echoRow.getByText('Destructive', { exact: true })).toHaveCount(0);
  await expect(echoRow.getByText(`MCP server: ${name}`, { exact: true })).toBeVisible();
  await echoLink.click();
  await expect(page.getByRole('heading', { name: `${name}_echo`, level: 1 })).toBeVisible();
  const hints = page.getByRole('term').filter({ hasText: 'Behaviour hints' });
  await expect(hints).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Idempotent' })).toHaveText('Read-only, Not destructive, Idempotent, Closed world');

  const agentId = await createTestAgent(request, 'Mcp');
  await page.goto(`/agents/${agentId}`);
  // A tool without settings is assigned as soon as it is added.
  await addThroughPicker(page, `${name}_echo`);
  await expect(page.getByRole('status').filter({ hasText: `Assigned ${name}_echo.` })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get(`${name}_echo`)?.status).toBe('ok');

  const invoked = await request.post(`/api/v1/agents/${agentId}/tools/${name}_echo/invoke`, { data: { arguments: { message: 'from e2e' } } });
  expect(await invoked.json()).toMatchObject({ result: 'Echo: from e2e' });


  await page.goto('/servers');
  await page.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(row.getByText('disabled', { exact: true })).toBeVisible();
  expect(await (await request.get(`/api/v1/servers/${name}`)).json()).toMatchObject({ enabled: false, status: 'disabled' });
  expect((await assignmentsOf(request, agentId)).get(`${name}_echo`)).toMatchObject({ status: 'unavailable', unavailableReason: 'The server is disabled' });
  // The catalogue says so at once, with a new ETag (it is answered from bytes kept per catalogue version).
  const summaryOf = async () => {
    const response = await request.get('/api/v1/tools?view=summary');
    const { tools } = (await response.json()) as { tools: { name: string; group: string; unavailableReason?: string }[] };
    return { etag: response.headers().etag, tools: tools.filter((tool) => tool.group === name) };
  };
  const disabled = await summaryOf();
  expect(disabled.tools).toEqual([expect.objectContaining({ name: `${name}_*`, unavailableReason: 'The server is disabled' })]);

  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove server' }).click();
  await expect(row).toHaveCount(0);
  expect((await request.get(`/api/v1/servers/${name}`)).status()).toBe(404);
  const removed = await summaryOf();
  expect(removed.tools).toEqual([]);
  expect(removed.etag).not.toBe(disabled.etag);
  // And the catalogue page, whole, has no row of it left.
  await page.goto(`/?q=${name}`);
  await waitForWholeCatalogue(page);
  await expect(page.locator('[data-catalogue-list]')).toHaveAttribute('data-shown', '0');
});
