import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';

test('[WORKFLOWS][A11Y]: /workflows and its editor, with a step form and a dry run, have no serious or critical violations', async ({ page }) => {
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New workflow' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('a11y_check');
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByRole('textbox', { name: 'Input 1 name' }).fill('text');
  await page.getByRole('button', { name: 'Choose the tool of Step 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose the tool of Step 1' });
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill('word_count');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('option', { name: /^word_count/ }).click();
  await page.getByRole('group', { name: /^Step 1/ }).getByRole('textbox', { name: /^text/ }).fill('one two');
  await page.getByRole('group', { name: 'Dry-run arguments' }).getByRole('textbox', { name: /^text/ }).fill('unused');
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Output' })).toContainText('Word count: 2');
  expect(await seriousViolations(page)).toEqual([]);
});
