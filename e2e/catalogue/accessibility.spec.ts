import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';

const pages = ['/', '/?q=units', '/tools/fs_read_file', '/tools/text_slugify', '/tools/acme_lookup', '/tools/schema_zoo', '/tools/zoo_unreachable', '/tools/no-such-tool'];
const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of viewports) {
  for (const path of pages) {
    test(`[CATALOGUE][A11Y]: ${path} has no serious or critical accessibility violations (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('[TOOLS][A11Y]: keyboard users can reach the parameters table, which shows a focus ring', async ({ page }) => {
  await page.goto('/tools/schema_zoo');
  const table = page.getByRole('region', { name: 'Parameters table' });
  await page.keyboard.press('Tab');
  await table.focus();
  await expect(table).toBeFocused();
  const ring = await table.evaluate((element) => getComputedStyle(element).boxShadow);
  expect(ring).not.toBe('none');
});

test('[TOOLS][PHONE]: on a phone the parameters table stacks each parameter, its description in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The usage above the parameters answers after the reader has scrolled (as on a slow network).
  await page.route('**/api/v1/usage?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/tools/fs_read_file');
  const table = page.getByRole('region', { name: 'Parameters table' });
  const description = table.getByText('The file, relative to the base directory', { exact: false }).first();
  await description.scrollIntoViewIfNeeded();
  // The usage takes its place at once, so the description stays where the reader scrolled it.
  await expect(page.getByLabel('Usage totals of fs_read_file')).toBeAttached();
  await expect(description).toBeInViewport({ ratio: 1 });
  const box = await description.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
});

test('[TOOLS][A11Y]: the settings preview labels its oneOf option chooser', async ({ page }) => {
  await page.goto('/tools/schema_zoo');
  await expect(page.getByRole('combobox', { name: 'Authentication option' })).toBeVisible();
});
