import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { waitForWholeCatalogue } from '../support/catalogue-page';
import { openPicker } from '../support/tool-picker';
import { filterCatalogue, indexCatalogue } from '../../lib/catalogue/filter-catalogue';
import { rankAndLimit } from '../../components/tool-picker/rank-matches';
import type { ToolSummary } from '../../lib/catalogue/tool-summary';

// Its own server with the 10,000-tool fixture, so the shared server keeps its small catalogue.
let server: NextServer;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startNextServer(ownServerPort(2), { TOOLS_PLUGIN_PATH: 'e2e/fixtures/scale-plugins', SCALE_TOOL_COUNT: '10000' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('[CATALOGUE][SEARCH]: admin can load the 10,000-tool catalogue and find a tool deep in it', async ({ page }) => {
  const response = await server.fetch(`/api/v1/tools?view=summary`);
  const { tools, diagnostics } = (await response.json()) as { tools: { name: string; group: string; unavailableReason?: string }[]; diagnostics: unknown[] };
  expect(diagnostics).toEqual([]);
  // About 10,000 in all, some of them unavailable with reasons of very different lengths.
  expect(tools.length).toBeGreaterThanOrEqual(9_990);
  expect(tools.length).toBeLessThanOrEqual(10_010);
  expect(tools.filter((tool) => tool.unavailableReason !== undefined).length).toBeGreaterThanOrEqual(40);
  const zoningTools = tools.filter((tool) => tool.group === 'zoning').map((tool) => tool.name).sort();
  const zoning = zoningTools.length;
  const lastZoning = zoningTools.at(-1)!;
  const accounts = tools.filter((tool) => tool.group === 'accounts').length;

  await server.signIn(page.context());
  await page.goto(server.url);
  await expect(page.getByText(`${tools.length.toLocaleString('en')} tools in`)).toBeVisible();
  await expect(page.getByRole('region', { name: `Accounts (${accounts})` })).toBeVisible();
  // No plugin failed here, so the diagnostics panel stays out of the way.
  await expect(page.getByRole('region', { name: /Plugin problems/ })).toHaveCount(0);
  // Virtualized: only the rows near the viewport are in the DOM.
  expect(await page.getByRole('listitem').count()).toBeLessThanOrEqual(150);

  // Scrolled to the end, the last group's heading sticks above its rows. The end is the whole
  // catalogue's: the first HTML holds only the first screen, and the rest comes after hydration.
  await waitForWholeCatalogue(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const lastSection = page.getByRole('region', { name: `Zoning (${zoning})` });
  await expect(lastSection.getByRole('link', { name: lastZoning })).toBeInViewport();
  await expect(lastSection.getByRole('heading', { name: `Zoning (${zoning})` })).toBeInViewport();
  expect(await page.getByRole('listitem').count()).toBeLessThanOrEqual(150);

  await page.evaluate(() => window.scrollTo(0, 0));
  const search = page.getByRole('searchbox', { name: 'Search tools' });
  await search.pressSequentially(lastZoning);
  await expect(page.getByRole('status')).toHaveText(`Showing 1 of ${tools.length.toLocaleString('en')} tools.`);
  await expect(page.getByRole('region', { name: `Zoning (1 of ${zoning})` }).getByRole('link')).toHaveText([lastZoning]);
  await expect(page).toHaveURL(new RegExp(`\\?q=${lastZoning}$`));
  // Every keystroke reached the box: typing was never dropped while the list filtered.
  await expect(search).toHaveValue(lastZoning);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('[CATALOGUE][KEYBOARD]: admin moving back through the 10,000 rows with Shift+Tab always sees the focused row below the sticky heading', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await server.signIn(page.context());
  await page.goto(server.url);
  await expect(page.getByRole('region', { name: /^Accounts/ })).toBeVisible();
  // The server's HTML shows the list before React takes it over; a row focused before then is
  // replaced by hydration, and focus with it. The page marks the moment the list is live.
  await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0);
  // Deep in the list, the row just below the sticky heading has its predecessor half under it.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  // The virtualizer draws the rows of the new position a frame or two after the scroll: wait for
  // them and for two quiet frames, so the row focused next is not one about to be replaced.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main li a')].some((link) => {
      const { top } = link.getBoundingClientRect();
      return top >= 100 && top < window.innerHeight;
    }),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('main li a')];
    links.find((link) => link.getBoundingClientRect().top >= 100)!.focus({ preventScroll: true });
  });

  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Shift+Tab');
    const { name, linkTop, headingBottom } = await page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const section = link.closest('section');
      if (!section) throw new Error(`focus left the list: it is on <${link.tagName.toLowerCase()}>`);
      const heading = section.querySelector('h2')!;
      return { name: link.textContent, linkTop: link.getBoundingClientRect().top, headingBottom: heading.getBoundingClientRect().bottom };
    });
    expect(linkTop, `${name} after ${step + 1} × Shift+Tab`).toBeGreaterThanOrEqual(headingBottom);
  }
});

test('[AGENTS][PICKER]: the tool picker opens on 10,000 tools with a slice of them, finds one deep in them and adds a whole large group', async ({ page }) => {
  const response = await server.fetch(`/api/v1/tools?view=summary`);
  const { tools } = (await response.json()) as { tools: { name: string; group: string; unavailableReason?: string }[] };
  const zoning = tools.filter((tool) => tool.group === 'zoning').map((tool) => tool.name).sort();
  const choosable = tools.filter((tool) => tool.group === 'zoning' && tool.unavailableReason === undefined).length;
  const agent = await server.fetch(`/api/v1/agents`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'zoner', name: 'Zoner' }) });
  expect(agent.status).toBe(201);

  await server.signIn(page.context());
  await page.goto(`${server.url}/agents/zoner`);
  const dialog = await openPicker(page);
  await expect(dialog.getByText(`Showing the first 200 of ${tools.length.toLocaleString('en')} matching tools; type more to narrow.`)).toBeVisible();
  // Only the slice is mounted: 200 tools and each shown group's "whole group" option.
  expect(await dialog.getByRole('option').count()).toBeLessThanOrEqual(260);

  const search = dialog.getByRole('combobox', { name: 'Search tools' });
  await search.pressSequentially(zoning.at(-1)!);
  await expect(dialog.getByRole('option', { name: new RegExp(`^${zoning.at(-1)}`) })).toBeVisible();
  await expect(search).toHaveValue(zoning.at(-1)!);

  await search.fill('zoning');
  await dialog.getByRole('option', { name: `Choose the whole Zoning group (${choosable} tools)` }).click();
  await expect(dialog.getByText(`${choosable} tools chosen`)).toBeVisible();
  await dialog.getByRole('button', { name: `Add ${choosable} tools` }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  const assigned = (await (await server.fetch(`/api/v1/agents/zoner/tools`)).json()) as { assignments: { toolName: string }[] };
  expect(assigned.assignments).toHaveLength(choosable);
});

test('[AGENTS][PICKER]: after broad keystrokes the picker shows all 200 of its options, and the keyboard reaches the last of them', async ({ page }) => {
  const response = await server.fetch(`/api/v1/tools?view=summary`);
  const { tools } = (await response.json()) as { tools: ToolSummary[] };
  // The names the picker shows for a query, in order: its first 200 matches, best first.
  const index = indexCatalogue(tools);
  const shownFor = (query: string) => rankAndLimit(filterCatalogue(index, { query, group: '' }), query, 200).groups.flatMap((group) => group.tools.map((tool) => tool.name));
  const agent = await server.fetch(`/api/v1/agents`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'broad', name: 'Broad' }) });
  expect(agent.status).toBe(201);

  await server.signIn(page.context());
  await page.goto(`${server.url}/agents/broad`);
  const dialog = await openPicker(page);
  const search = dialog.getByRole('combobox', { name: 'Search tools' });
  const names = dialog.locator('[cmdk-item] .font-mono');
  await expect(names).toHaveText(shownFor(''));

  // Each of these keys replaces every shown option; the options past the first screenful take
  // their new tools a moment after the keystroke, and all of them do.
  await search.press('r');
  await expect(names).toHaveText(shownFor('r'));
  await search.press('e');
  await expect(names).toHaveText(shownFor('re'));
  await search.pressSequentially('co');
  await expect(names).toHaveText(shownFor('reco'));
  await search.press('Backspace');
  await search.press('Backspace');
  await search.press('Backspace');
  await expect(names).toHaveText(shownFor('r'));
  const shown = shownFor('r');
  expect(shown).toHaveLength(200);
  await expect(dialog.getByText(/^Showing the first 200 of [\d,]+ matching tools; type more to narrow\.$/)).toBeVisible();

  // End highlights the list's last option (its last group's own options come after its tools);
  // up from there, the 200th tool, and the search box names it as the active option.
  const highlighted = dialog.locator('[cmdk-item][aria-selected="true"]');
  await search.press('End');
  await expect(dialog.locator('[cmdk-item]').last()).toHaveAttribute('aria-selected', 'true');
  for (let step = 0; step < 3 && (await highlighted.locator('.font-mono').count()) === 0; step++) await search.press('ArrowUp');
  await expect(highlighted.locator('.font-mono')).toHaveText(shown.at(-1)!);
  await expect(search).toHaveAttribute('aria-activedescendant', (await highlighted.getAttribute('id'))!);
  // The list loops: down from the last option is the first one, and Home goes there too.
  await search.press('End');
  await search.press('ArrowDown');
  await expect(dialog.locator('[cmdk-item]:not([aria-disabled="true"])').first()).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowDown');
  await search.press('Home');
  await expect(dialog.locator('[cmdk-item]:not([aria-disabled="true"])').first()).toHaveAttribute('aria-selected', 'true');
});
