import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { filesFolder } from '../support/files-root';
import { openPicker } from '../support/tool-picker';

// Issue 33, finding 7: revoking a token, discarding unsaved changes and closing the picker used
// the browser's own `window.confirm`. Every question is now the app's styled alert dialog.

/** Records every native dialog (alert, confirm, prompt) the page opens; dismisses it. */
function nativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

interface ApiTokenRow {
  name: string;
  revokedAt: string | null;
}

test('[UI][CONFIRM]: revoking a token asks in the styled dialog; Cancel keeps it, Revoke revokes it', async ({ page, request }) => {
  const native = nativeDialogs(page);
  const name = `confirm ${uniqueToken()}`;
  const created = await request.post('/api/v1/tokens', { data: { name, scopes: ['agents:read'] } });
  expect(created.status()).toBe(201);
  const tokenNamed = async () => ((await (await request.get('/api/v1/tokens')).json()) as { tokens: ApiTokenRow[] }).tokens.find((token) => token.name === name);

  await page.goto('/settings/tokens');
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const question = page.getByRole('alertdialog', { name: `Revoke the token "${name}"?` });
  await expect(question).toContainText('Whatever uses it is refused from its next request.');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect((await tokenNamed())?.revokedAt).toBeNull();

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await question.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('revoked');
  expect((await tokenNamed())?.revokedAt).toEqual(expect.any(String));
  expect(native).toEqual([]);
});

test('[UI][CONFIRM]: discarding unsaved settings asks in the styled dialog and keeps them until the admin says Discard', async ({ page, request }) => {
  const native = nativeDialogs(page);
  const agentId = await createTestAgent(request, 'Discarder');
  await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('kept') });
  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Edit settings of fs_read_file' }).click();
  await page.getByRole('textbox', { name: 'Base directory' }).fill(filesFolder('changed'));

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Discard your unsaved changes to fs_read_file?' });
  await expect(question).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toHaveValue(filesFolder('changed'));

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('textbox', { name: 'Base directory' })).toBeHidden();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toMatchObject({ baseDir: filesFolder('kept') });
  expect(native).toEqual([]);
});

test('[UI][CONFIRM]: closing the picker with tools chosen and leaving with unsaved changes ask in the styled dialog', async ({ page, request }) => {
  const native = nativeDialogs(page);
  const agentId = await createTestAgent(request, 'Asker');
  await page.goto(`/agents/${agentId}`);

  const picker = await openPicker(page);
  await page.keyboard.type('fs_read_file');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const closing = page.getByRole('alertdialog', { name: 'Close without adding the 1 chosen tool?' });
  await expect(closing).toBeVisible();
  // The question sits on top of the picker: Escape answers it, not the picker.
  await page.keyboard.press('Escape');
  await expect(closing).toBeHidden();
  await expect(picker.getByText('1 tool chosen')).toBeVisible();
  await picker.getByRole('button', { name: 'Add 1 tool' }).click();
  await expect(picker).toBeHidden();

  // fs_read_file waits for its base directory, unsaved: leaving asks.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Agents' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await expect(leave.getByRole('button', { name: 'Stay' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  expect((await assignmentsOf(request, agentId)).size).toBe(0);
  expect(native).toEqual([]);
});
