import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { seriousViolations } from '../support/axe';
import { filesFolder } from '../support/files-root';

// Issue 33, finding 4: the tool page's "Used by" table, the fleet before-and-after columns and
// the workflow dry run showed raw JSON where admins read values.

/** The row of `agentId` in the "Used by" table, paging through it as needed. */
async function usedByRow(page: Page, table: Locator, agentId: string): Promise<Locator> {
  for (;;) {
    const row = table.getByRole('row').filter({ hasText: agentId });
    if ((await row.count()) > 0) return row;
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
  }
}

test('[UI][VALUES]: "Used by" and the fleet preview show settings as "label: value", the changed one marked', async ({ page, request }) => {
  const baseDir = filesFolder('values/a-rather-long-folder-name/with/several/levels');
  const agentId = await createTestAgent(request, 'Valued');
  await assignTool(request, agentId, 'fs_read_file', { baseDir, maxBytes: 1000 });

  await page.goto('/tools/fs_read_file');
  const table = page.getByRole('table', { name: 'Agents using fs_read_file' });
  const row = await usedByRow(page, table, agentId);
  const settings = row.getByRole('group', { name: /^Settings of Valued/ });
  await expect(settings).toContainText(`Base directory: ${baseDir}`);
  await expect(settings).toContainText('Maximum bytes: 1,000');
  await expect(row).not.toContainText('{"');

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Change a setting on chosen…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change a setting on 1 agent' });
  await dialog.getByRole('combobox', { name: 'Setting' }).selectOption('maxBytes');
  await dialog.getByRole('textbox', { name: 'New value' }).fill('2048');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('table', { name: 'Preview of the change' });
  const after = preview.getByRole('group', { name: `Settings of ${agentId} after` });
  await expect(after).toContainText('Maximum bytes (changed): 2,048');
  await expect(after).toContainText(`Base directory: ${baseDir}`);
  await expect(after).not.toContainText('Base directory (changed)');
  await expect(preview.getByRole('group', { name: `Settings of ${agentId} before` })).toContainText('Maximum bytes: 1,000');
  await expect(preview).not.toContainText('{"');
  expect(await seriousViolations(page)).toEqual([]);
  // A preview writes nothing.
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toEqual({ baseDir, maxBytes: 1000 });
});

test('[UI][VALUES]: the dry run takes its arguments in a form made from the inputs, with a JSON toggle, and shows each step\'s arguments as values', async ({ page }) => {
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'New workflow' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('values_check');
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByRole('textbox', { name: 'Input 1 name' }).fill('text');
  await page.getByRole('button', { name: 'Choose the tool of Step 1' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the tool of Step 1' });
  await picker.getByRole('combobox', { name: 'Search tools' }).fill('word_count');
  await picker.getByRole('option', { name: /^word_count/ }).click();
  await page.getByRole('group', { name: /^Step 1/ }).getByRole('textbox', { name: /^text/ }).fill('{{input.text}}');

  const args = page.getByRole('group', { name: 'Dry-run arguments' });
  await args.getByRole('textbox', { name: /^text/ }).fill('one two three');
  const asJson = args.getByRole('button', { name: 'Edit as JSON' });
  await asJson.click();
  await expect(asJson).toHaveAttribute('aria-pressed', 'true');
  const json = args.getByRole('textbox', { name: 'Dry-run arguments (JSON)' });
  expect(JSON.parse(await json.inputValue())).toEqual({ text: 'one two three' });
  await json.fill('{"text": "one two three four five"}');
  await asJson.click();
  await expect(args.getByRole('textbox', { name: /^text/ })).toHaveValue('one two three four five');

  await page.getByRole('button', { name: 'Dry run' }).click();
  const step = page.getByRole('list', { name: 'Dry-run steps' }).getByRole('listitem').first();
  await expect(step.getByRole('group', { name: 'Arguments of step1' })).toHaveText('text: one two three four five');
  await expect(step).toContainText('Word count: 5');
  await expect(step).not.toContainText('{"');
  expect(await seriousViolations(page)).toEqual([]);

  // JSON that is not an object is refused before anything runs.
  await asJson.click();
  await json.fill('[1, 2]');
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The arguments must be a JSON object' })).toBeVisible();
});
