import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { filesFolder } from '../support/files-root';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { addThroughPicker } from '../support/tool-picker';
import { freshSqliteDatabase, removeSqliteDatabase } from '../support/temp-database';

async function openEditor(browser: Browser, agentId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Edit settings of fs_read_file' }).click();
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('start'));
  return page;
}

test('[AGENTS][CONFLICT]: the second of two admins editing one assignment sees both values and overwrites deliberately', async ({ browser, request }) => {
  const agentId = await createTestAgent(request, 'Contested');
  await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('start') });
  const first = await openEditor(browser, agentId);
  const second = await openEditor(browser, agentId);

  await first.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('theirs'));
  await first.getByRole('button', { name: 'Save settings' }).click();
  await expect(first.getByRole('status').filter({ hasText: 'Saved the settings of fs_read_file.' })).toBeVisible();

  await second.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('mine'));
  await second.getByRole('button', { name: 'Save settings' }).click();
  const conflict = second.getByRole('alert').filter({ hasText: 'Someone else changed fs_read_file while you were editing.' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toBeFocused();
  const row = conflict.getByRole('row', { name: /Base directory/ });
  await expect(row.getByRole('cell').nth(0)).toHaveText(filesFolder('theirs'));
  await expect(row.getByRole('cell').nth(1)).toHaveText(filesFolder('mine'));
  // Nothing was overwritten, and the admin's own value is still in the form.
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toMatchObject({ baseDir: filesFolder('theirs') });
  await expect(second.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('mine'));

  await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(second.getByRole('status').filter({ hasText: 'Saved the settings of fs_read_file.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')).toMatchObject({ version: 3, overrides: { baseDir: filesFolder('mine') } });
});

test('[AGENTS][CONFLICT]: an admin who takes their colleague\'s values keeps editing from them', async ({ browser, request }) => {
  const agentId = await createTestAgent(request, 'Yielding');
  const start = await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('start') });
  const page = await openEditor(browser, agentId);
  await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('theirs'), maxBytes: 100 }, start.version);

  await page.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('mine'));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('button', { name: 'Take theirs' }).click();

  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('theirs'));
  await expect(page.getByRole('spinbutton', { name: 'Maximum bytes' })).toHaveValue('100');
  await page.getByRole('spinbutton', { name: 'Maximum bytes' }).fill('200');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the settings of fs_read_file.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toEqual({ baseDir: filesFolder('theirs'), maxBytes: 200 });
});

test('[AGENTS][CONFLICT]: an admin whose tool someone else removed keeps their values and can assign it again', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Orphaned');
  const start = await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('start') });
  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Edit settings of fs_read_file' }).click();
  await page.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('mine'));
  expect((await request.delete(`/api/v1/agents/${agentId}/tools/fs_read_file`, { headers: { 'if-match': `"${start.version}"` } })).status()).toBe(204);

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Someone else removed fs_read_file from this agent while you were editing.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('mine'));
  expect((await assignmentsOf(request, agentId)).size).toBe(0);

  await page.getByRole('button', { name: 'Assign again with my values' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assigned fs_read_file.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toMatchObject({ baseDir: filesFolder('mine') });
});

test('[AGENTS][CONFLICT]: an open form outlives a refresh that finds its tool removed by someone else', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Refreshed');
  const start = await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('start') });
  await assignTool(request, agentId, 'word_count', {});
  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Edit settings of fs_read_file' }).click();
  await page.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('kept'));
  expect((await request.delete(`/api/v1/agents/${agentId}/tools/fs_read_file`, { headers: { 'if-match': `"${start.version}"` } })).status()).toBe(204);

  // Removing another tool refreshes the list, which no longer has fs_read_file.
  // The tool's own card: the Suggestions panel may offer to remove it too.
  await page.getByRole('listitem', { name: /^word_count/ }).getByRole('button', { name: 'Remove word_count' }).click();
  await page.getByRole('alertdialog', { name: 'Remove word_count?' }).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('heading', { name: /word_count/ })).toHaveCount(0);
  await expect(page.getByText('Someone else removed this tool from the agent. Your form is kept')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('kept'));

  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('button', { name: 'Assign again with my values' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assigned fs_read_file.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toMatchObject({ baseDir: filesFolder('kept') });
});

test('[AGENTS][CONFLICT]: the second of two admins assigning the same new tool sees the first one\'s values beside theirs', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Doubled');
  await page.goto(`/agents/${agentId}`);
  await addThroughPicker(page, 'fs_read_file');
  await page.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('second'));
  await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('first') });

  await page.getByRole('button', { name: 'Assign fs_read_file' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed fs_read_file while you were editing.' });
  await expect(conflict.getByRole('row', { name: /Base directory/ }).getByRole('cell')).toHaveText([filesFolder('first'), filesFolder('second')]);
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('second'));
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toMatchObject({ baseDir: filesFolder('first') });

  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('first'));
  await expect(page.getByRole('status').filter({ hasText: 'Their saved values are in the form now.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toBeFocused();
});

test('[AGENTS][UNSAVED]: leaving with unsaved changes asks first, and staying keeps them', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Careful');
  await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('start') });
  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Edit settings of fs_read_file' }).click();
  await page.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('unsaved'));

  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Agents' }).click();
  await expect(leave).toContainText('You have unsaved changes on this page. Leaving loses them.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(`/agents/${agentId}`);
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('unsaved'));

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Agents' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toMatchObject({ baseDir: filesFolder('start') });
});

test('[AGENTS][UNSAVED]: the browser\'s Back button asks first too', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Backward');
  // In-app navigation, as an admin gets there: Back is then a traversal inside the app.
  await page.goto(`/agents?q=${agentId}`);
  await page.getByRole('link', { name: /^Backward / }).click();
  await expect(page).toHaveURL(new RegExp(`/agents/${agentId}$`));
  await addThroughPicker(page, 'fs_read_file');
  await page.getByRole('textbox', { name: 'Base directory' }).fill('/srv/not-yet');

  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await page.goBack({ timeout: 3_000 }).catch(() => undefined);
  await leave.getByRole('button', { name: 'Stay' }).click();
  expect(new URL(page.url()).pathname).toBe(`/agents/${agentId}`);
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue('/srv/not-yet');

  // Leave makes the Back the admin asked for.
  await page.goBack({ timeout: 3_000 }).catch(() => undefined);
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/agents(\?q=[^/]*)?$/);
});

test('[AGENTS][DELETE]: deleting an agent from its own page goes back to the list', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Doomed');
  await assignTool(request, agentId, 'word_count', {});
  await page.goto(`/agents/${agentId}`);

  await page.getByRole('button', { name: 'Delete agent' }).click();
  const dialog = page.getByRole('dialog', { name: /^Delete agent/ });
  await expect(dialog).toContainText('Its 1 assigned tool goes with it.');
  await dialog.getByRole('button', { name: 'Delete agent' }).click();

  await expect(page).toHaveURL(/\/agents$/, { timeout: 3_000 });
  expect((await request.get(`/api/v1/agents/${agentId}`)).status()).toBe(404);
});

test('[AGENTS][MISSING]: a tool whose plugin is gone shows as missing and keeps its overrides until removed', async ({ browser }) => {
  const pluginFolder = await mkdtemp(path.join(os.tmpdir(), 'tools-admin-missing-'));
  const database = freshSqliteDatabase(`missing-${process.pid}`);
  const env = { TOOLS_PLUGIN_PATH: pluginFolder, DATABASE_URL: `sqlite:${database}`, SEED_DEMO: '0' };
  let server: NextServer | undefined;
  try {
    await cp(path.resolve('plugins/example-tools'), path.join(pluginFolder, 'example-tools'), { recursive: true });
    server = await startNextServer(ownServerPort(10), env);
    const api = (route: string, init?: RequestInit) => server!.fetch(`/api/v1${route}`, { ...init, headers: { 'content-type': 'application/json' } });
    expect((await api('/agents', { method: 'POST', body: JSON.stringify({ id: 'writer', name: 'Writer' }) })).status).toBe(201);
    expect((await api('/agents/writer/tools/text_slugify', { method: 'PUT', body: JSON.stringify({ overrides: { separator: '_' } }) })).status).toBe(201);
    await server.stop();

    // The plugin is uninstalled; the app restarts on the same database.
    await rm(path.join(pluginFolder, 'example-tools'), { recursive: true });
    server = await startNextServer(ownServerPort(10), env);
    const context = await browser.newContext({ baseURL: server.url });
    await server.signIn(context);
    const page = await context.newPage();
    await page.goto('/agents/writer');

    const missing = page.getByRole('region', { name: /^Missing tools/ });
    await expect(missing.getByRole('heading', { name: /text_slugify/ })).toContainText('Missing');
    await expect(missing.getByText('No installed plugin provides this tool any more.')).toBeVisible();
    await expect(missing.getByText('separator:')).toBeVisible();
    await expect(missing.getByText('_', { exact: true })).toBeVisible();
    await expect(missing.getByRole('button', { name: /Edit settings/ })).toHaveCount(0);
    const stored = (await (await api('/agents/writer/tools/text_slugify')).json()) as { status: string; overrides: unknown };
    expect(stored).toMatchObject({ status: 'missing', overrides: { separator: '_' } });

    await missing.getByRole('button', { name: 'Remove text_slugify' }).click();
    await page.getByRole('alertdialog', { name: 'Remove text_slugify?' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('No tools assigned yet.')).toBeVisible();
    expect((await api('/agents/writer/tools/text_slugify')).status).toBe(404);
  } finally {
    await server?.stop();
    await rm(pluginFolder, { recursive: true, force: true });
    removeSqliteDatabase(database);
  }
});
