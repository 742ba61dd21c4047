import { expect, test } from '../support/test';
import { assignmentsOf, createTestAgent } from '../support/agent-api';
import { filesFolder } from '../support/files-root';

test('[FLEET][BULK-ADD]: admin adds fs_read_file to two chosen agents with one settings form, previews, applies', async ({ page, request }) => {
  const baseDir = filesFolder('bulk-add');
  const chosen = [await createTestAgent(request, 'Bulkadd'), await createTestAgent(request, 'Bulkadd')];
  const left = await createTestAgent(request, 'Bulkadd');
  await page.goto('/tools/fs_read_file');
  await page.getByRole('button', { name: 'Add to agents…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add fs_read_file to agents' });

  const choices = dialog.getByRole('list', { name: 'Agents to choose from' });
  for (const id of chosen) {
    await dialog.getByRole('searchbox', { name: 'Find agents' }).fill(id);
    await choices.getByRole('checkbox', { name: new RegExp(id) }).check();
  }
  await expect(dialog.getByRole('status').filter({ hasText: '2 agents chosen.' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Base directory' }).fill(baseDir);
  await dialog.getByRole('spinbutton', { name: 'Maximum bytes' }).fill('3000');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('table', { name: 'Preview of the change' }).getByRole('row')).toHaveCount(3);
  // A preview writes nothing.
  expect((await assignmentsOf(request, chosen[0]!)).has('fs_read_file')).toBe(false);
  await dialog.getByRole('button', { name: 'Apply to 2 agents' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Added fs_read_file to 2 agents.' })).toBeVisible();
  for (const id of chosen) expect((await assignmentsOf(request, id)).get('fs_read_file')?.overrides).toEqual({ baseDir, maxBytes: 3000 });
  expect((await assignmentsOf(request, left)).has('fs_read_file')).toBe(false);
});
