// Agents at scale: /agents at 10,000 agents against 100, a search keystroke at 10,000, and the
// page of an agent with 1,000 assigned tools. Assignment saves against the floor of the same
// build are BENCH_ONLY=server (server-figures.ts).
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser } from '@playwright/test';
import { startNextServer, type NextServer } from '../../e2e/support/next-server';
import { measureKeystrokes } from './browser';
import { median, ms, percentile } from './stats';
import { SCALE_PLUGIN_PATH } from './plugin-registry';

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

const PAGE_RUNS = 7;
const KEYSTROKE_RUNS = 3;
const NARROW = 'agent-0777';
const BROAD = 'tickets';

/** A migrated SQLite file with `count` agents, each with word_count assigned. */
function seedAgents(file: string, count: number): void {
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-migrate.ts'], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` }, stdio: 'ignore' });
  const db = new BetterSqlite3(file);
  const now = new Date().toISOString();
  const agent = db.prepare('insert into agents (id, name, description, version, created_at, updated_at) values (?, ?, ?, 1, ?, ?)');
  const tool = db.prepare("insert into assignments (agent_id, tool_name, overrides, version, created_at, updated_at) values (?, 'word_count', '{}', 1, ?, ?)");
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = `agent-${String(i).padStart(5, '0')}`;
      agent.run(id, `Agent ${String(i).padStart(5, '0')}`, 'Answers support tickets for one team', now, now);
      tool.run(id, now, now);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

async function pageLoad(browser: Browser, server: NextServer): Promise<{ interactiveMs: number; rows: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await server.signIn(context);
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/agents`, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('agents:interactive').length > 0);
    return await page.evaluate(() => ({
      interactiveMs: performance.getEntriesByName('agents:interactive')[0]!.startTime,
      rows: document.querySelectorAll('[data-agent-list] > li').length,
    }));
  } finally {
    await context.close();
  }
}

async function benchAgentPage(browser: Browser, port: number, folder: string, line: Line): Promise<void> {
  const file = path.join(folder, 'page.sqlite');
  seedAgents(file, 1);
  const server = await startNextServer(port, { TOOLS_PLUGIN_PATH: SCALE_PLUGIN_PATH, SCALE_TOOL_COUNT: '2000', SEED_DEMO: '0', DATABASE_URL: `sqlite:${file}` });
  try {
    const summary = (await (await server.fetch('/api/v1/tools?view=summary')).json()) as { tools: { name: string; unavailableReason?: string }[] };
    const names = summary.tools.filter((tool) => tool.unavailableReason === undefined).map((tool) => tool.name).slice(0, 1000);
    // Straight into the database: a thousand PUTs would only time the API again.
    const db = new BetterSqlite3(file);
    const now = new Date().toISOString();
    const insert = db.prepare("insert or ignore into assignments (agent_id, tool_name, overrides, version, created_at, updated_at) values ('agent-00000', ?, '{}', 1, ?, ?)");
    db.transaction(() => names.forEach((name) => insert.run(name, now, now)))();
    db.close();
    const loads: number[] = [];
    let cards = 0;
    for (let run = 0; run <= PAGE_RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await server.signIn(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/agents/agent-00000`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelectorAll('[data-tool]').length > 0 && document.querySelector('[data-virtual-list]') !== null);
      const at = await page.evaluate(() => performance.now());
      cards = Math.max(cards, await page.evaluate(() => document.querySelectorAll('[data-tool]').length));
      if (run > 0) loads.push(at);
      await context.close();
    }
    console.log(`\nThe page of an agent with ${names.length.toLocaleString('en')} assigned tools, 1280×900, fresh context per load (${PAGE_RUNS} loads, median)`);
    line('navigation start to the first tool cards on screen', ms(median(loads)));
    line('tool cards mounted (most of any load)', String(cards), '≤ 150', cards <= 150);
  } finally {
    await server.stop();
  }
}

/** Prints the agents figures; `line` prints one figure beside its target. */
export async function benchAgents(browser: Browser, port: number, line: Line): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-agents-'));
  const root = realpathSync(folder);
  const files = { large: path.join(folder, 'large.sqlite'), small: path.join(folder, 'small.sqlite') };
  seedAgents(files.large, 10_000);
  seedAgents(files.small, 100);
  const env = { SEED_DEMO: '0', FS_ALLOWED_ROOTS: root };
  const large = await startNextServer(port, { ...env, DATABASE_URL: `sqlite:${files.large}` });
  const small = await startNextServer(port + 1, { ...env, DATABASE_URL: `sqlite:${files.small}` });
  try {
    const html = await (await large.fetch('/agents')).text();
    await pageLoad(browser, large);
    await pageLoad(browser, small);
    const loads = { large: [] as number[], small: [] as number[] };
    let rows = 0;
    for (let run = 0; run < PAGE_RUNS; run++) {
      const big = await pageLoad(browser, large);
      loads.large.push(big.interactiveMs);
      rows = Math.max(rows, big.rows);
      loads.small.push((await pageLoad(browser, small)).interactiveMs);
    }
    const ratio = median(loads.large) / median(loads.small);
    console.log(`\n/agents in Chromium, 1280×900, fresh context per load (${PAGE_RUNS} loads each, medians), navigation start to "agents:interactive"`);
    line('at 10,000 agents', ms(median(loads.large)));
    line('at 100 agents', ms(median(loads.small)));
    line('ratio 10,000 ÷ 100', ratio.toFixed(2), '≤ 1.5', ratio <= 1.5);
    line('first HTML at 10,000 agents', `${(Buffer.byteLength(html) / 1024).toFixed(0)} KB`, '≤ 200 KB', Buffer.byteLength(html) <= 200 * 1024);
    line('agent rows in the DOM at 10,000 agents', String(rows), '≤ 150', rows <= 150);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await large.signIn(context);
    const page = await context.newPage();
    const typed: number[] = [];
    const erased: number[] = [];
    const options = { boxName: 'Search agents', listSelector: '[data-agent-list]' };
    for (let run = 0; run < KEYSTROKE_RUNS; run++) {
      // A fresh page each run: no search is answered from the browser's cache of earlier runs.
      await page.goto(`${large.url}/agents`);
      await page.waitForFunction(() => performance.getEntriesByName('agents:interactive').length > 0);
      typed.push(...(await measureKeystrokes(page, [...NARROW], 100, options)));
      typed.push(...(await measureKeystrokes(page, [...BROAD], 100, options)));
      erased.push(...(await measureKeystrokes(page, Array.from(BROAD, () => 'Backspace'), 100, { ...options, keepsText: true })));
    }
    await context.close();
    console.log(`\nKeystroke to updated list at 10,000 agents (search on the server; ${KEYSTROKE_RUNS} fresh pages, 100 ms between keys)`);
    console.log('  measured in the page from the keydown event to the first animation frame after the list shows the new query');
    line(`typing "${NARROW}" and "${BROAD}": median of ${typed.length} (each a new request)`, ms(median(typed)), '≤ 50 ms', median(typed) <= 50);
    line('  95th percentile / slowest', `${ms(percentile(typed, 0.95))} / ${ms(Math.max(...typed))}`);
    line(`Backspace through "${BROAD}" (queries seen before: answered from the page's cache)`, ms(median(erased)));

  } finally {
    await Promise.all([large.stop(), small.stop()]);
  }
  try {
    await benchAgentPage(browser, port + 3, folder, line);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
