import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const shots = [
  ['small-desktop', 'http://127.0.0.1:3302/', 1280, 900],
  ['small-narrow', 'http://127.0.0.1:3302/', 375, 800],
  ['big-desktop', 'http://127.0.0.1:3303/', 1280, 900],
  ['big-search', 'http://127.0.0.1:3303/?q=zoning_op_0999', 1280, 900],
  ['tool-fs', 'http://127.0.0.1:3302/tools/fs_read_file', 1280, 1400],
  ['tool-slug-narrow', 'http://127.0.0.1:3302/tools/text_slugify', 375, 1400],
  ['tool-missing', 'http://127.0.0.1:3302/tools/nope%20x', 1280, 500],
];
for (const [name, url, width, height] of shots) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(name, m.type(), m.text().slice(0, 300)); });
  page.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  await page.goto(url);
  await page.waitForTimeout(800);
  if (name === 'big-desktop') { await page.mouse.wheel(0, 5000); await page.waitForTimeout(500); }
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  console.log(name, await page.locator('li').count(), 'li');
  await page.close();
}
await browser.close();
