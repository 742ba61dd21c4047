import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';

// Issue 33, findings 1 and 2: one kill of a server's process left no trace; during a longer
// outage the catalogue shrank the server's tools to one row "everything_*", the tool page said
// "Tool not found", the health strip said "All assignments fine", and the reason showed the
// internal name "[mcp-stdio-guard]". Servers had no page of their own; the list cut the command
// and showed unlabelled values on a phone.

const EVERYTHING_BIN = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const OUTAGE_SERVER = path.resolve('e2e/fixtures/outage-mcp/server.mjs');

interface ApiServer {
  status: string;
  pid?: number;
  reason?: string;
  downSince?: string;
  toolCount: number;
}

async function serverOf(request: APIRequestContext, name: string): Promise<ApiServer> {
  return (await (await request.get(`/api/v1/servers/${name}`)).json()) as ApiServer;
}

/** The server process under the stdio guard whose pid the API answers (Linux /proc). */
function serverProcess(guardPid: number): number {
  const children = readFileSync(`/proc/${guardPid}/task/${guardPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  expect(children).toHaveLength(1);
  return children[0]!;
}

async function groupTools(request: APIRequestContext, name: string) {
  const { tools } = (await (await request.get('/api/v1/tools')).json()) as { tools: { name: string; group: string; available: boolean; unavailableReason?: string; unavailableSince?: string }[] };
  return tools.filter((tool) => tool.group === name);
}

/** The agents-need-attention figure the strip should show: agents with a missing, invalid or unavailable assignment. */
async function agentsNeedingAttention(request: APIRequestContext): Promise<number> {
  const ids = async (status: string) => ((await (await request.get(`/api/v1/agents?status=${status}`)).json()) as { agents: { id: string }[] }).agents.map((agent) => agent.id);
  return new Set([...(await ids('attention')), ...(await ids('unavailable'))]).size;
}

/** The live "unavailable for …" of a reason: a <time> with the outage's start as its datetime, the exact time in its title. */
async function expectUnavailableFor(scope: Locator, since: string) {
  const time = scope.locator(`time[datetime="${since}"]`);
  await expect(time).toHaveText(/^unavailable for (under a minute|\d+ min)/);
  await expect(time).toHaveAttribute('title', `Unavailable since ${since.slice(11, 19)} UTC, ${new Date(since).getUTCDate()} ${new Date(since).toLocaleString('en', { month: 'short', timeZone: 'UTC' })}`);
}

async function expectFits(page: Page) {
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test(`[SERVERS][OUTAGE]: a stdio server killed once shows on its page within 5 s; kept down, its tools stay listed as unavailable by name, the strip counts the agent, the tool page answers 200 (${width} px)`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const name = `out${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 32);
      const folder = mkdtempSync(path.join(os.tmpdir(), 'outage-'));
      const downFlag = path.join(folder, 'down');
      try {
        const created = await request.post('/api/v1/servers', { data: { name, transport: 'stdio', command: process.execPath, args: [OUTAGE_SERVER, downFlag, EVERYTHING_BIN] } });
        expect(created.status()).toBe(201);
        await expect.poll(async () => (await serverOf(request, name)).status, { timeout: 30_000 }).toBe('connected');
        const listed = (await groupTools(request, name)).map((tool) => tool.name);
        expect(listed).toContain(`${name}_echo`);
        const agentId = await createTestAgent(request, 'Outage');
        await assignTool(request, agentId, `${name}_echo`, {});
        // One call, counted under the server's name in the usage rollups (written every few seconds).
        expect((await request.post(`/api/v1/agents/${agentId}/tools/${name}_echo/invoke`, { data: { arguments: { message: 'counted' } } })).status()).toBe(200);
        await expect.poll(async () => ((await (await request.get(`/api/v1/usage?server=${name}`)).json()) as { totals: { calls: number } }).totals.calls, { timeout: 20_000 }).toBe(1);

        // The list links the name to the server's page; on a phone every value is labelled.
        await page.goto('/servers');
        const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
        await expect(row.getByText(`${process.execPath} ${OUTAGE_SERVER} ${downFlag} ${EVERYTHING_BIN}`)).toBeVisible();
        if (width === 390) {
          const labels = await row.getByRole('cell').evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
          expect(labels).toEqual(expect.arrayContaining(['"Kind"', '"Status"', '"Tools"']));
        }
        await expectFits(page);
        await row.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/servers/${name}$`));
        await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Arguments' }).getByRole('listitem')).toHaveText([OUTAGE_SERVER, downFlag, EVERYTHING_BIN]);
        const timeline = page.getByRole('list', { name: 'Connection events' });
        await expect(timeline.getByRole('listitem')).toHaveCount(1);
        await expect(timeline.getByRole('listitem').first()).toContainText('Connected');
        await expect(page.getByRole('list', { name: 'Tools' }).getByRole('link', { name: `${name}_echo`, exact: true })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Agents using its tools' }).getByRole('link', { name: /^Outage/ })).toBeVisible();
        await expect(page.getByLabel(`Usage totals of ${name}`)).toContainText(/Calls\s*1/);
        await expectFits(page);

        // Killed once: it comes back by itself, and the page shows the loss within 5 s.
        const killedAt = Date.now();
        process.kill(serverProcess((await serverOf(request, name)).pid!), 'SIGKILL');
        await expect(timeline.getByRole('listitem').filter({ hasText: 'Connection lost' })).toBeVisible({ timeout: 5000 });
        expect(Date.now() - killedAt).toBeLessThan(5000);
        await expect(timeline.getByRole('listitem').filter({ hasText: 'Connected again' })).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('dt:text-is("Restarts in the last hour") + dd')).toHaveText('1');
        const events = (await (await request.get(`/api/v1/servers/${name}/events`)).json()) as { events: { kind: string; message: string }[]; restartsLastHour: number };
        expect(events.events.map((event) => event.kind)).toEqual(['restarted', 'lost', 'connected']);
        expect(events.restartsLastHour).toBe(1);

        // Kept down: every restart exits at once.
        await expect.poll(async () => (await serverOf(request, name)).status, { timeout: 20_000 }).toBe('connected');
        writeFileSync(downFlag, 'down');
        process.kill(serverProcess((await serverOf(request, name)).pid!), 'SIGKILL');
        await expect(page.getByRole('term').filter({ hasText: 'Last error' })).toBeVisible({ timeout: 10_000 });
        await expect(page.getByRole('term').filter({ hasText: 'Next retry' })).toBeVisible();
        await expect(page.getByRole('term').filter({ hasText: 'Away since' })).toBeVisible();
        await expect(page.locator('main')).not.toContainText('mcp-stdio-guard');
        await expectFits(page);

        // The catalogue keeps every tool under its own name, unavailable with the reason and the time since.
        await expect.poll(async () => (await groupTools(request, name)).every((tool) => !tool.available), { timeout: 10_000 }).toBe(true);
        const away = await groupTools(request, name);
        expect(away.map((tool) => tool.name)).toEqual(listed);
        // The reason is words only; since when is a time of its own, the server's "Away since".
        const since = (await serverOf(request, name)).downSince!;
        expect(Date.parse(since)).toBeGreaterThan(killedAt);
        for (const tool of away) {
          expect(tool.unavailableReason).toMatch(/^The server stopped: [^()]*$/);
          expect(tool.unavailableReason).not.toContain('mcp-stdio-guard');
          expect(tool.unavailableSince).toBe(since);
        }
        expect((await assignmentsOf(request, agentId)).get(`${name}_echo`)).toMatchObject({ status: 'unavailable', unavailableReason: expect.stringMatching(/^The server stopped: /), unavailableSince: since });

        // Its page, read again, says how long each tool has been away, live.
        await page.goto(`/servers/${name}`);
        await expectUnavailableFor(page.getByRole('list', { name: 'Tools' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: `${name}_echo`, exact: true }) }), since);
        // The agent's assignment of it too.
        await page.goto(`/agents/${agentId}`);
        const card = page.getByRole('listitem', { name: `${name}_echo` });
        await expect(card).toContainText('Unavailable: The server stopped');
        await expectUnavailableFor(card, since);
        await expectFits(page);

        // The group's whole list (no single "_*" row), then the one tool found by its name (the list is virtual on a phone).
        await page.goto(`/?group=${name}`);
        await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ tools\.$/ })).toHaveText(new RegExp(`^Showing ${listed.length} of`));
        await expect(page.locator('[data-catalogue-list]').getByRole('link', { name: `${name}_*` })).toHaveCount(0);
        await page.goto(`/?group=${name}&q=${name}_echo`);
        // On a phone the strip fills the first screen, and the virtual list draws only rows in view.
        await page.locator('[data-catalogue-list]').scrollIntoViewIfNeeded();
        await expect(page.locator('[data-catalogue-list]').getByRole('link', { name: `${name}_echo`, exact: true })).toBeVisible();
        await expectUnavailableFor(page.locator('[data-catalogue-list]').getByText(/^Unavailable: The server stopped/), since);
        const strip = page.getByRole('region', { name: 'Fleet health' });
        const agentsStat = strip.getByRole('listitem').filter({ hasText: /agents? needs? attention/ });
        await expect(agentsStat).not.toContainText('All assignments fine');
        await expect(agentsStat.locator('[data-stat-value]')).toHaveText(String(await agentsNeedingAttention(request)));
        expect((await assignmentsOf(request, agentId)).size).toBeGreaterThan(0);
        await expectFits(page);

        const toolPage = await page.goto(`/tools/${name}_echo`);
        expect(toolPage?.status()).toBe(200);
        await expect(page.getByRole('heading', { name: `${name}_echo`, level: 1 })).toBeVisible();
        await expect(page.getByText(/The server stopped/).first()).toBeVisible();
        await expectUnavailableFor(page.getByRole('definition').filter({ hasText: 'Unavailable: The server stopped' }), since);
        await expectFits(page);
      } finally {
        if (existsSync(downFlag)) rmSync(downFlag);
        const stored = await request.get(`/api/v1/servers/${name}`);
        if (stored.ok()) expect((await request.delete(`/api/v1/servers/${name}`, { headers: { 'if-match': stored.headers().etag ?? '' } })).status()).toBe(200);
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}

const VIEWS = [
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
] as const;

for (const { width, theme } of VIEWS) {
  test(`[SERVERS][CONTROLS]: admin reconnects, disables and enables a server from its page, and the API and audit log agree (${width} px, ${theme})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    const name = `ctl${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 32);
    const created = await request.post('/api/v1/servers', { data: { name, transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN] } });
    expect(created.status()).toBe(201);
    try {
      await expect.poll(async () => (await serverOf(request, name)).status, { timeout: 30_000 }).toBe('connected');
      const firstPid = (await serverOf(request, name)).pid;
      await page.goto(`/servers/${name}`);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expectFits(page);

      await page.getByRole('button', { name: 'Reconnect' }).click();
      await expect(page.getByText(`Reconnecting to “${name}”.`)).toBeVisible();
      // A new process, connected again, and the request in the audit log under the admin's name.
      await expect.poll(async () => {
        const server = await serverOf(request, name);
        return server.status === 'connected' && server.pid !== firstPid;
      }, { timeout: 30_000 }).toBe(true);
      const audit = (await (await request.get(`/api/v1/audit?action=server.reconnect`)).json()) as { events: { target: string; actor: string }[] };
      expect(audit.events.filter((event) => event.target === `servers/${name}`)).toHaveLength(1);

      await page.getByRole('button', { name: 'Disable' }).click();
      await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
      const disabled = (await (await request.get(`/api/v1/servers/${name}`)).json()) as { enabled: boolean; status: string };
      expect(disabled.enabled).toBe(false);
      await expect.poll(async () => (await groupTools(request, name)).every((tool) => !tool.available), { timeout: 10_000 }).toBe(true);
      await expect(page.getByRole('button', { name: 'Reconnect' })).toBeDisabled();
      await expectFits(page);

      await page.getByRole('button', { name: 'Enable' }).click();
      await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
      await expect.poll(async () => (await serverOf(request, name)).status, { timeout: 30_000 }).toBe('connected');
      await expect(page.getByRole('term').filter({ hasText: 'Connected' })).toBeVisible();
      expect((await groupTools(request, name)).some((tool) => tool.available)).toBe(true);
      await expectFits(page);
    } finally {
      const stored = await request.get(`/api/v1/servers/${name}`);
      if (stored.ok()) expect((await request.delete(`/api/v1/servers/${name}`, { headers: { 'if-match': stored.headers().etag ?? '' } })).status()).toBe(200);
    }
  });
}
