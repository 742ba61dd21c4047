import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

const paddingLeft = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Parameters table' })
    .getByRole('rowheader', { name, exact: true })
    .first()
    .evaluate((cell) => Number.parseFloat(getComputedStyle(cell).paddingLeft));

test('[TOOLS][SCHEMA]: admin sees referenced, alternative and free-key parameters nested under their parent', async ({ page }) => {
  await page.goto('/tools/schema_zoo');
  const table = page.getByRole('region', { name: 'Parameters table' });

  // shipTo is a $ref to #/$defs/address: its properties are rows indented below it.
  const shipTo = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'shipTo', exact: true }) });
  await expect(shipTo).toContainText('object');
  expect(await paddingLeft(page, 'city')).toBeGreaterThan(await paddingLeft(page, 'shipTo'));
  await expect(table.getByRole('rowheader', { name: 'option 2', exact: true })).toBeVisible();
  expect(await paddingLeft(page, 'since')).toBeGreaterThan(await paddingLeft(page, 'option 2'));
  await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '<any key>' }) })).toContainText('string');
});

test('[TOOLS][SCHEMA]: admin can switch to the raw JSON and back, the button saying what it will show', async ({ page }) => {
  await page.goto('/tools/schema_zoo');
  const parameters = page.getByRole('region', { name: 'Parameters', exact: true });
  const showRaw = parameters.getByRole('button', { name: 'Show raw JSON' });
  await expect(showRaw).toHaveAttribute('aria-pressed', 'false');

  await showRaw.click();
  const showTable = parameters.getByRole('button', { name: 'Show table' });
  await expect(showTable).toHaveAttribute('aria-pressed', 'true');
  await expect(parameters.locator('pre')).toContainText('"$defs"');

  await showTable.click();
  await expect(page.getByRole('region', { name: 'Parameters table' })).toBeVisible();
});

test('[TOOLS][PAGE]: a long unbroken unavailable reason wraps instead of widening the page', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/tools/zoo_unreachable');
    await expect(page.getByText(/Unavailable: Endpoint unreachable/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `at ${width} px`).toBe(0);
  }
});

for (const path of ['/tools/no-such-tool', '/tools/%', '/tools/%E0%A4%A']) {
  test(`[TOOLS][PAGE]: ${path} answers the tool not-found page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible();
    await expect(page).toHaveTitle('Tool not found · Tools Admin');
  });
}
