import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { filesFolder } from '../support/files-root';

test('[FLEET][SETTINGS]: admin finds the agents that use fs_read_file on its page and changes maxBytes on three at once', async ({ page, request }) => {
  const baseDir = filesFolder('fleet');
  const ids: string[] = [];
  for (const name of ['Fleet', 'Fleet', 'Fleet', 'Fleet']) {
    const id = await createTestAgent(request, name);
    await assignTool(request, id, 'fs_read_file', { baseDir, maxBytes: 1000 });
    ids.push(id);
  }
  const [first, second, third, untouched] = ids as [string, string, string, string];
  await page.goto('/tools/fs_read_file');
  await expect(page.getByRole('heading', { name: /^Used by \d+ agents?$/ })).toBeVisible();

  const table = page.getByRole('table', { name: 'Agents using fs_read_file' });
  // The test's agents sort by name ("Fleet <token>"), so they may sit on a later page.
  for (const id of [first, second, third]) {
    for (;;) {
      const row = table.getByRole('row').filter({ hasText: id });
      if ((await row.count()) > 0) {
        await row.getByRole('checkbox').check();
        break;
      }
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
    }
  }
  await page.getByRole('button', { name: 'Change a setting on chosen…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change a setting on 3 agents' });
  await dialog.getByRole('combobox', { name: 'Setting' }).selectOption('maxBytes');
  await dialog.getByRole('textbox', { name: 'New value' }).fill('2048');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('table', { name: 'Preview of the change' }).getByRole('row')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Apply to 3 agents' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Changed maxBytes on 3 of 3 agents.' })).toBeVisible();
  for (const id of [first, second, third]) {
    expect((await assignmentsOf(request, id)).get('fs_read_file')?.overrides).toEqual({ baseDir, maxBytes: 2048 });
  }
  expect((await assignmentsOf(request, untouched)).get('fs_read_file')?.overrides).toEqual({ baseDir, maxBytes: 1000 });
});
