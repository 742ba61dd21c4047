import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const shots = [
  ['small-narrow-scrolled', 'http://127.0.0.1:3302/', 375, 800, 700],
  ['big-narrow-scrolled', 'http://127.0.0.1:3303/?group=zoning', 375, 800, 3000],
  ['big-desktop-boundary', 'http://127.0.0.1:3303/', 1280, 900, 17640],
];
for (const [name, url, width, height, scroll] of shots) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(name, m.type(), m.text().slice(0, 300)); });
  page.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  await page.goto(url);
  await page.waitForTimeout(500);
  await page.evaluate((y) => window.scrollTo(0, y), scroll);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  console.log(name, await page.locator('li').count(), 'li');
  await page.close();
}
await browser.close();
