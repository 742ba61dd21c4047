import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { DESIGN_FILES_ROOT, DESIGN_PLUGIN_PATH, makeDesignFolders, seedDesignData } from '../support/design-data';
import { fontsReady, horizontalOverflow } from '../support/layout-checks';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

// Fixed data on a server of its own (no demo agent, no agents of other specs, and only plugins
// whose messages hold no absolute paths), so the screenshots compare like with like on any
// checkout; fonts ship with the app; animations are off.
let server: NextServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await makeDesignFolders();
  server = await startNextServer(ownServerPort(20), { TOOLS_PLUGIN_PATH: DESIGN_PLUGIN_PATH, SEED_DEMO: '0', FS_ALLOWED_ROOTS: DESIGN_FILES_ROOT });
  await seedDesignData(server.fetch);
});

test.afterAll(async () => {
  await server?.stop();
});

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
const PAGES = [
  { name: 'catalogue', path: '/', heading: 'Tool catalogue' },
  { name: 'tool', path: '/tools/fs_read_file', heading: 'fs_read_file' },
  { name: 'agents', path: '/agents', heading: 'Agents' },
  { name: 'agent', path: '/agents/support-bot', heading: 'Support bot' },
] as const;

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    for (const { name, path, heading } of PAGES) {
      test(`[DESIGN][LOOK]: the ${name} page at ${viewport.width} px in the ${theme} theme passes axe, fits the width and looks as approved`, async ({ page }) => {
  await server.signIn(page.context());
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(`${server.url}${path}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await fontsReady(page);
        if (name === 'catalogue') await expect(page.getByRole('region', { name: 'Fleet health' })).not.toContainText('Counting');

        expect(await seriousViolations(page)).toEqual([]);
        expect(await horizontalOverflow(page)).toEqual([]);
        await expect(page).toHaveScreenshot(`${name}-${viewport.name}-${theme}.png`, {
          // The catalogue draws only the rows near the viewport, so its shot is of the viewport.
          fullPage: name !== 'catalogue',
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.01,
          // The usage charts' axes name the hours around now, and the Connect card's endpoint and
          // configurations the server's port: covered, so the shots stay the same on any checkout.
          mask: [page.getByRole('region', { name: 'Usage' }), page.getByRole('region', { name: 'Connect' }).locator('input, pre')],
        });
      });
    }
  }
}

test('[DESIGN][THEME]: admin switches to the dark theme and the choice survives a reload', async ({ page }) => {
  await server.signIn(page.context());
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${server.url}/agents`);
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await page.getByRole('button', { name: /^System theme; switch to light theme/ }).click();
  await page.getByRole('button', { name: /^Light theme; switch to dark theme/ }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: /^Dark theme/ })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(11, 17, 32)');
});

test('[DESIGN][LAYOUT]: on a phone the sidebar collapses to a Menu button that opens the navigation', async ({ page }) => {
  await server.signIn(page.context());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/`);
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Agents' })).toBeHidden();

  const menu = main.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await main.getByRole('link', { name: 'Agents' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Agents' })).toBeHidden();
});

test('[DESIGN][LAYOUT]: the agent page keeps its buttons in one place whatever the name', async ({ page }) => {
  await server.signIn(page.context());
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const tops: number[] = [];
    for (const id of ['support-bot', 'release-notes']) {
      await page.goto(`${server.url}/agents/${id}`);
      const box = await page.getByRole('button', { name: 'Add tools' }).boundingBox();
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      tops.push(box!.y - heading!.y);
      if (width === 1280) expect(box!.x + box!.width, 'desktop: at the right edge of the content').toBeGreaterThan(1000);
    }
    expect(tops[0], `at ${width} px`).toBe(tops[1]);
  }
});

test('[DESIGN][PHONE]: a long setting value wraps at slashes and shows whole on focus', async ({ page }) => {
  await server.signIn(page.context());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/agents/support-bot`);
  const card = page.locator('[data-tool="fs_read_file"]');
  const value = card.getByTitle('/srv/shared/docs/handbooks/customer-support');
  await expect(value).toBeVisible();
  const breaks = await value.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const lineStarts: { offset: number; before: string }[] = [];
    let lastTop = Number.NaN;
    let before = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let offset = 0; offset < text.length; offset += 1) {
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (!Number.isNaN(lastTop) && top > lastTop) lineStarts.push({ offset, before: before.slice(-1) });
        lastTop = top;
        before += text[offset];
      }
    }
    return lineStarts;
  });
  expect(breaks.length, 'the path needs more than one line at 390 px').toBeGreaterThan(0);
  // Never inside a name: after a slash, or after the hyphen that joins two words of one name.
  for (const lineStart of breaks) expect([{ offset: 0, before: '/' }, { offset: 0, before: '-' }]).toContainEqual(lineStart);
  await value.focus();
  await expect(value).toBeFocused();
});
