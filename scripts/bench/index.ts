// `npm run bench`: measures the catalogue at 10,000 tools, the overrides form of a tool with
// 50 settings, the audit log at 100,000 events, invoking a tool and the MCP endpoint's tools/list, the agents list at 10,000 agents (BENCH_ONLY=agents for that part alone) against their targets, and prints one run's figures. It reports; it never fails on
// a missed target.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../build-if-stale.mjs';
import { startNextServer, type NextServer } from '../../e2e/support/next-server';
import { startBareServer } from './bare-server';
import { launchBrowser, measureKeystrokes, measurePageLoad, type PageLoad } from './browser';
import { closeConnections, timeInTurns, timeRequests, timedGet } from './http-timing';
import { benchAgents } from './agents';
import { benchAuditLog } from './audit-log';
import { benchOverridesForm } from './overrides-form';
import { benchRuntime } from './runtime';
import { benchServers } from './servers';
import { median, ms, percentile } from './stats';

const basePort = Number(process.env.BENCH_PORT ?? 3390);
const API_RUNS = 30;
const PAGE_RUNS = 7;
const KEYSTROKE_RUNS = 3;
// Narrow: the first key already cuts the list to a fifth, the rest to one tool.
const QUERY = 'zoning_op_0994';
// Broad: every tool's description says "record", so the list stays at thousands of rows while it
// is typed, then grows back to all 10,000 as it is deleted key by key.
const BROAD_QUERY = 'record';

function line(label: string, value: string, target?: string, isMet?: boolean): void {
  const verdict = target === undefined ? '' : `  target ${target}: ${isMet ? 'met' : 'MISSED'}`;
  console.log(`  ${label.padEnd(68)} ${value.padStart(12)}${verdict}`);
}

function keystrokeLines(label: string, latencies: readonly number[]): void {
  const keystroke = median(latencies);
  console.log(`  ${label}`);
  line(`  median of ${latencies.length} keystrokes`, ms(keystroke), '≤ 50 ms', keystroke <= 50);
  line('  95th percentile / slowest', `${ms(percentile(latencies, 0.95))} / ${ms(Math.max(...latencies))}`);
}

async function benchApi(server: NextServer): Promise<void> {
  const url = `${server.url}/api/v1/tools`;
  // Signed in as the server's first admin; the bare server ignores the cookie, so both carry it alike.
  const cookie = { cookie: server.adminCookie };
  const sample = await fetch(url, { headers: { 'accept-encoding': 'identity', ...cookie } });
  const body = await sample.text();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-'));
  const file = path.join(folder, 'payload.json');
  await writeFile(file, body);
  const bare = await startBareServer(file, basePort + 2);
  try {
    const [api = [], baseline = []] = await timeInTurns([url, bare.url], API_RUNS, 5, cookie);
    const etag = (await timedGet(url, cookie)).etag ?? '';
    const notModified = await timeRequests(url, API_RUNS, 2, { 'if-none-match': etag, ...cookie });
    const summary = await timeRequests(`${url}?view=summary`, API_RUNS, 2, cookie);
    const ratio = median(api) / median(baseline);
    console.log(`GET /api/v1/tools at 10,000 tools (${(body.length / 1e6).toFixed(1)} MB, ${API_RUNS} requests each, taking turns, medians)`);
    line('Next route (registry re-read; body and ETag reused while unchanged)', ms(median(api)));
    line('bare node:http sending JSON.stringify of the same payload', ms(median(baseline)));
    line('ratio route ÷ bare', ratio.toFixed(2), '≤ 1.5', ratio <= 1.5);
    line('304 with If-None-Match (no body)', ms(median(notModified)));
    line('?view=summary (what the list page fetches)', ms(median(summary)));
  } finally {
    bare.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  buildIfStale({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
  if (process.env.BENCH_ONLY === 'agents') {
    const browser = await launchBrowser();
    try {
      await benchAgents(browser, basePort + 10, line);
    } finally {
      await browser.close();
      closeConnections();
    }
    return;
  }
  if (process.env.BENCH_ONLY === 'audit') {
    const browser = await launchBrowser();
    try {
      await benchAuditLog(browser, basePort + 4, line);
    } finally {
      await browser.close();
      closeConnections();
    }
    return;
  }
  if (process.env.BENCH_ONLY === 'runtime') {
    try {
      await benchRuntime(basePort + 5, line);
    } finally {
      closeConnections();
    }
    return;
  }
  if (process.env.BENCH_ONLY === 'servers') {
    try {
      await benchServers(basePort + 6, line);
    } finally {
      closeConnections();
    }
    return;
  }
  const fixture = { TOOLS_PLUGIN_PATH: 'e2e/fixtures/scale-plugins' };
  const large = await startNextServer(basePort, { ...fixture, SCALE_TOOL_COUNT: '10000' });
  const small = await startNextServer(basePort + 1, { ...fixture, SCALE_TOOL_COUNT: '100' });
  const browser = await launchBrowser();
  try {
    console.log('npm run bench: the catalogue with the many-tools fixture (plus the 6 built-in tools)\n');
    await benchApi(large);

    // Alternate the two catalogues so machine noise hits both alike; the first load of each warms the server.
    await measurePageLoad(browser, large);
    await measurePageLoad(browser, small);
    const loads = { large: [] as PageLoad[], small: [] as PageLoad[] };
    for (let run = 0; run < PAGE_RUNS; run++) {
      loads.large.push(await measurePageLoad(browser, large));
      loads.small.push(await measurePageLoad(browser, small));
    }
    const interactive = (runs: PageLoad[]) => median(runs.map((r) => r.interactiveMs));
    const firstPaint = (runs: PageLoad[]) => median(runs.map((r) => r.firstPaintMs));
    const renderRatio = interactive(loads.large) / interactive(loads.small);
    const rows = Math.max(...loads.large.map((r) => r.rows));
    console.log(`\nPage render in Chromium, 1280×900, fresh context per load (${PAGE_RUNS} loads each, medians)`);
    console.log('  measured from navigation start to the hydrated list (the page\'s "catalogue:interactive" mark)');
    line('at 10,000 tools', ms(interactive(loads.large)));
    line('at 100 tools', ms(interactive(loads.small)));
    line('ratio 10,000 ÷ 100', renderRatio.toFixed(2), '≤ 1.5', renderRatio <= 1.5);
    line('first contentful paint at 10,000 / at 100 tools', `${ms(firstPaint(loads.large))} / ${ms(firstPaint(loads.small))}`);
    line('tool rows in the DOM at 10,000 tools (most of any load)', String(rows), '≤ 150', rows <= 150);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await large.signIn(context);
    const page = await context.newPage();
    await page.goto(large.url);
    await page.waitForFunction(() => performance.getEntriesByName('catalogue:interactive').length > 0);
    const narrow: number[] = [];
    const broad: number[] = [];
    const broadKeys = [...BROAD_QUERY, ...Array.from(BROAD_QUERY, () => 'Backspace')];
    for (let run = 0; run < KEYSTROKE_RUNS; run++) {
      narrow.push(...(await measureKeystrokes(page, [...QUERY], 100)));
      broad.push(...(await measureKeystrokes(page, broadKeys, 100)));
    }
    await context.close();
    console.log(`\nKeystroke to updated list at 10,000 tools (${KEYSTROKE_RUNS} runs of each, 100 ms between keys)`);
    console.log('  measured in the page from the keydown event to the first animation frame after the list shows the new query');
    keystrokeLines(`narrow: typing "${QUERY}" (1st key leaves ~200 tools)`, narrow);
    keystrokeLines(`broad: typing "${BROAD_QUERY}" (all tools match), then Backspace to empty`, broad);

    await benchOverridesForm(browser, basePort + 3);
    await benchAuditLog(browser, basePort + 4, line);
    // The catalogue's servers are not needed any more: stop them so they do not compete.
    await Promise.all([large.stop(), small.stop()]);
    await benchRuntime(basePort + 5, line);
    await benchServers(basePort + 6, line);
    await benchAgents(browser, basePort + 10, line);
  } finally {
    await browser.close();
    closeConnections();
    await Promise.all([large.stop(), small.stop()]);
  }
}

await main();
