import { expect, test } from '../support/test';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { breaksMidWord, horizontalOverflow } from '../support/layout-checks';

// Issue 33, finding 5: the tokens page on a phone was 588 px wide and broke words mid-way
// ("confi g cli"); the tool page's schema table at 390 px made the page 458 px wide (its
// visually hidden header row still took width).

test.use({ viewport: { width: 390, height: 844 } });

test('[UI][PHONE]: /settings/tokens fits a 390 px phone, each token a block with labelled values, names unbroken', async ({ page, request }) => {
  const name = `config cli ${uniqueToken()}`;
  expect((await request.post('/api/v1/tokens', { data: { name, scopes: ['agents:read', 'agents:write', 'catalogue:read'] } })).status()).toBe(201);
  await page.goto('/settings/tokens');
  const row = page.getByRole('row').filter({ hasText: name });
  // The list loads after the page: read the cells once the token's row is there.
  await expect(row).toBeVisible();
  // Each value is named by its column (the cell's ::before, from data-label), the header row being hidden.
  const labels = await row.getByRole('cell').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
  expect(labels).toEqual(expect.arrayContaining(['"Prefix:"', '"Scopes:"', '"Created by:"', '"Status:"']));
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await breaksMidWord(row.getByRole('cell').first())).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
});

test('[UI][PHONE]: a tool page with a settings schema fits a 390 px phone', async ({ page }) => {
  await page.goto('/tools/fs_read_file');
  await expect(page.getByRole('heading', { level: 1, name: /fs_read_file/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

for (const path of ['/agents', '/audit', '/config', '/workflows', '/settings/users', '/settings/sessions']) {
  test(`[UI][PHONE]: ${path} has no sideways scrolling at 390 px`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);
  });
}
