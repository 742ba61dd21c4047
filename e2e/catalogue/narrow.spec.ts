import { expect, test } from '../support/test';

const LONG_GROUP = 'Extremely long group name for regional compliance reporting';

test.use({ viewport: { width: 390, height: 2400 } });

test('[CATALOGUE][NARROW]: a long group name stays on one line of its heading, count included, full name on hover', async ({ page }) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${LONG_GROUP} \\(2\\)$`) });
  await expect(heading).toBeVisible();
  expect((await heading.boundingBox())!.height).toBeLessThanOrEqual(44);
  const count = heading.getByText('(2)');
  const headingBox = (await heading.boundingBox())!;
  const countBox = (await count.boundingBox())!;
  expect(countBox.x + countBox.width).toBeLessThanOrEqual(headingBox.x + headingBox.width);
  expect(countBox.height).toBeLessThan(30);
  await expect(heading.getByTitle(LONG_GROUP)).toBeVisible();
});

test('[CATALOGUE][NARROW]: a long unavailable reason stays inside its row, whole in its tooltip', async ({ page, request }) => {
  const { tools } = (await (await request.get('/api/v1/tools?view=summary')).json()) as { tools: { name: string; unavailableReason?: string }[] };
  const reason = tools.find((tool) => tool.name === 'zoo_unreachable')!.unavailableReason!;

  await page.goto('/');
  // Rows are server-rendered as for a 1024 px window in the fallback font; measure the layout
  // the admin keeps: once the list is interactive and the bundled font is in.
  await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'zoo_unreachable', exact: true }) });
  const text = row.getByTitle(reason);
  await expect(text).toBeVisible();
  const rowBox = (await row.boundingBox())!;
  const textBox = (await text.boundingBox())!;
  expect(textBox.y + textBox.height).toBeLessThanOrEqual(rowBox.y + rowBox.height);
  expect(textBox.x + textBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});
