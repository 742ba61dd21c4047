import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the agent page's "Add tools" picker; answers its dialog. */
export async function openPicker(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add tools' }).click();
  const dialog = page.getByRole('dialog', { name: /^Add tools to / });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Adds one tool through the picker with the mouse: search, choose, Add. */
export async function addThroughPicker(page: Page, toolName: string): Promise<void> {
  const dialog = await openPicker(page);
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill(toolName);
  await dialog.getByRole('option', { name: new RegExp(`^${toolName}`) }).click();
  await dialog.getByRole('button', { name: 'Add 1 tool' }).click();
  await expect(dialog).toBeHidden();
}
