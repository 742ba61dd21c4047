import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

// Its own server with the 10,000-tool fixture, so the shared server keeps its small catalogue.
let server: NextServer;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startNextServer(ownServerPort(50), { TOOLS_PLUGIN_PATH: 'e2e/fixtures/scale-plugins', SCALE_TOOL_COUNT: '10000' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('[CATALOGUE][FIRST LOAD]: with JavaScript slowed down ×4, admin gets a small first page, then every row arrives and can be searched', async ({ page }) => {
  const { tools } = (await (await server.fetch('/api/v1/tools?view=summary')).json()) as { tools: { name: string; group: string }[] };
  const zoningTools = tools.filter((tool) => tool.group === 'zoning').map((tool) => tool.name).sort();
  const lastZoning = zoningTools.at(-1)!;
  const total = tools.length.toLocaleString('en');

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await server.signIn(page.context());
  const response = await page.goto(server.url);
  const html = await response!.text();

  // The first HTML holds the first screen of rows and the counts, not 10,000 tools.
  expect(html.length).toBeLessThanOrEqual(150 * 1024);
  const linksInHtml = html.match(/href="\/tools\/[^"]+"/g) ?? [];
  expect(linksInHtml.length).toBeGreaterThan(5);
  expect(linksInHtml.length).toBeLessThanOrEqual(40);
  expect(html).not.toContain(lastZoning);
  await expect(page.getByText(`${total} tools in`)).toBeVisible();

  // The rest arrives: the last row of the last group can be scrolled to.
  await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const lastSection = page.getByRole('region', { name: `Zoning (${zoningTools.length})` });
  await expect(lastSection.getByRole('link', { name: lastZoning })).toBeInViewport();

  // And it can be searched, still slowed down: every key reaches the box, the list follows.
  await page.evaluate(() => window.scrollTo(0, 0));
  const search = page.getByRole('searchbox', { name: 'Search tools' });
  await search.pressSequentially(lastZoning);
  await expect(search).toHaveValue(lastZoning);
  await expect(page.getByRole('status')).toHaveText(`Showing 1 of ${total} tools.`);
  await expect(page.getByRole('region', { name: `Zoning (1 of ${zoningTools.length})` }).getByRole('link')).toHaveText([lastZoning]);
  await expect.poll(async () => new URL(page.url()).searchParams.get('q')).toBe(lastZoning);
});

test('[CATALOGUE][FIRST LOAD]: admin opening a search link gets its first matching rows in the first HTML, then all of its matches', async ({ page }) => {
  const { tools } = (await (await server.fetch('/api/v1/tools?view=summary')).json()) as { tools: { name: string; group: string }[] };
  const zoning = tools.filter((tool) => tool.group === 'zoning').length;

  await server.signIn(page.context());
  const response = await page.goto(`${server.url}/?group=zoning`);
  const html = await response!.text();

  expect(html.length).toBeLessThanOrEqual(150 * 1024);
  // Only zoning rows were rendered by the server.
  const linked = (html.match(/href="\/tools\/([^"]+)"/g) ?? []).map((href) => href.slice('href="/tools/'.length, -1));
  expect(linked.length).toBeGreaterThan(0);
  expect(linked.every((name) => name.startsWith('zoning'))).toBe(true);
  await expect(page.getByRole('status')).toHaveText(`Showing ${zoning.toLocaleString('en')} of ${tools.length.toLocaleString('en')} tools.`);

  await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const last = tools.filter((tool) => tool.group === 'zoning').map((tool) => tool.name).sort().at(-1)!;
  await expect(page.getByRole('link', { name: last })).toBeInViewport();
});

test('[CATALOGUE][FIRST LOAD]: the whole catalogue is asked for once, while the first HTML is read, and again when admin comes back from another page', async ({ page }) => {
  const summaryUrl = `${server.url}/api/v1/tools?view=summary`;
  const summaryRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url() === summaryUrl) summaryRequests.push(request.url());
  });
  const csp: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) csp.push(message.text());
  });
  await server.signIn(page.context());
  await page.goto(server.url);
  await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0, undefined, { timeout: 60_000 });
  const timing = await page.evaluate((url) => ({
    requested: performance.getEntriesByName(url)[0]?.startTime ?? Number.NaN,
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
  }), summaryUrl);
  // Asked for by the page's inline script (allowed by the CSP nonce), before the HTML was read to its end.
  expect(timing.requested).toBeLessThan(timing.parsed);
  expect(summaryRequests).toHaveLength(1);
  expect(csp).toEqual([]);
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('zoning_op_0994');
  await expect(page.getByRole('link', { name: 'zoning_op_0994' })).toBeVisible();

  // Inside the app the page is drawn by React, which runs no inline script: the query fetches it itself.
  await page.goto(`${server.url}/agents`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search tools' })).toBeVisible();
  await expect.poll(() => summaryRequests.length).toBe(2);
  await page.getByRole('searchbox', { name: 'Search tools' }).fill('zoning_op_0994');
  await expect(page.getByRole('link', { name: 'zoning_op_0994' })).toBeVisible();
});

test('[CATALOGUE][API]: the summary the page fetches comes gzipped, and an unchanged catalogue is answered 304', async () => {
  const response = await server.fetch('/api/v1/tools?view=summary', { headers: { 'accept-encoding': 'gzip' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-encoding')).toBe('gzip');
  expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
  const etag = response.headers.get('etag')!;
  expect(etag).toMatch(/-gzip"$/);
  // fetch decoded it: the whole summary.
  expect(((await response.json()) as { tools: unknown[] }).tools.length).toBeGreaterThanOrEqual(9_990);

  const again = await server.fetch('/api/v1/tools?view=summary', { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
  expect(again.status).toBe(304);
  expect(again.headers.get('etag')).toBe(etag);
});
