import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const shots = [
  ['small-narrow-scrolled', 'http://127.0.0.1:3302/', 375, 800, 700],
  ['tool-acme', 'http://127.0.0.1:3302/tools/acme_lookup', 1280, 800, 0],
  ['units-empty', 'http://127.0.0.1:3302/?q=zzz&group=units', 1280, 600, 0],
];
for (const [name, url, width, height, scroll] of shots) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(name, m.type(), m.text().slice(0, 300)); });
  page.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  await page.goto(url);
  await page.waitForTimeout(500);
  await page.evaluate((y) => window.scrollTo(0, y), scroll);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  await page.close();
}
// keyboard: tab from the search box through the list
const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
await page.goto('http://127.0.0.1:3302/');
await page.getByRole('searchbox').focus();
const seen = [];
for (let i = 0; i < 8; i++) { await page.keyboard.press('Tab'); seen.push(await page.evaluate(() => document.activeElement?.textContent?.trim().slice(0, 30) || document.activeElement?.tagName)); }
console.log(seen.join(' | '));
await page.screenshot({ path: '/tmp/shot-keyboard.png' });
await browser.close();
