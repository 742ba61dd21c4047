// The audit log at 100,000 events: the API's newest page, filtered pages and a page deep in the
// log, the JSON lines export of everything, and the /audit page's load in Chromium.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser } from '@playwright/test';
import { startNextServer } from '../../e2e/support/next-server';
import { timeRequests, timedGet } from './http-timing';
import { median, ms } from './stats';

const EVENT_COUNT = 100_000;
const API_RUNS = 30;
const PAGE_RUNS = 7;
const API_TARGET_MS = 50;
const PAGE_TARGET_MS = 1500;
const START = Date.parse('2026-01-01T00:00:00Z');

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

/** Writes `count` events straight into a migrated SQLite file: 200 agents, 40 tools, 20 actors, one rare auditor. */
export function seedEvents(file: string, count: number): void {
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-migrate.ts'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${file}` },
    stdio: 'ignore',
  });
  const db = new BetterSqlite3(file);
  const insert = db.prepare(
    `insert into audit_events (at, actor, actor_id, actor_name, action, target, agent_id, tool_name, before, after)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let index = 0; index < count; index++) {
      const actor = index % 1000 === 0 ? 'auditor' : `user-${index % 20}`;
      const agent = `agent-${index % 200}`;
      const tool = index % 3 === 0 ? undefined : `tool_${index % 40}`;
      const action = tool ? (index % 7 === 0 ? 'assignment.delete' : 'assignment.put') : index % 11 === 0 ? 'agent.create' : 'agent.update';
      const target = tool ? `agents/${agent}/tools/${tool}` : `agents/${agent}`;
      const state = (version: number) => JSON.stringify({ agentId: agent, toolName: tool ?? null, overrides: { baseDir: `/srv/${index % 50}`, depth: version }, version });
      insert.run(new Date(START + index * 60_000).toISOString(), actor, actor, actor, action, target, agent, tool ?? null, state(1), state(2));
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** Prints the audit figures; `line` prints one figure beside its target. */
export async function benchAuditLog(browser: Browser, port: number, line: Line): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-audit-'));
  const file = path.join(folder, 'audit.sqlite');
  const seeding = performance.now();
  seedEvents(file, EVENT_COUNT);
  const seeded = performance.now() - seeding;
  const server = await startNextServer(port, { DATABASE_URL: `sqlite:${file}`, SEED_DEMO: '0' });
  try {
    const api = `${server.url}/api/v1/audit`;
    const signedIn = { cookie: server.adminCookie };
    const deepCursor = Buffer.from(JSON.stringify({ at: new Date(START + 120 * 60_000).toISOString(), before: 121 })).toString('base64url');
    const cases: [string, string][] = [
      ['newest page (50 events)', ''],
      ['actor=auditor (1 event in 1,000)', '?actor=auditor'],
      ['agent=agent-7&action=agent.update', '?agent=agent-7&action=agent.update'],
      ['tool=tool_13', '?tool=tool_13'],
      ['from/to: one week in the middle of the log', '?from=2026-02-01T00:00:00Z&to=2026-02-08T00:00:00Z'],
      ['from/to: the whole log\'s span', '?from=2025-01-01&to=2027-01-01'],
      ['agent=agent-7 in one week', '?agent=agent-7&from=2026-02-01T00:00:00Z&to=2026-02-08T00:00:00Z'],
      ['a cursor deep in the log (the oldest page)', `?cursor=${deepCursor}`],
      ['actor=nobody (no match: an index probe, not a scan)', '?actor=nobody'],
    ];
    console.log(`\nGET /api/v1/audit at ${EVENT_COUNT.toLocaleString('en')} events in SQLite (seeded in ${ms(seeded)}; ${API_RUNS} requests each, medians)`);
    for (const [label, query] of cases) {
      const times = await timeRequests(`${api}${query}`, API_RUNS, 3, signedIn);
      line(label, ms(median(times)), `≤ ${API_TARGET_MS} ms`, median(times) <= API_TARGET_MS);
    }
    const exportRun = await timedGet(`${api}?format=jsonl`, signedIn);
    console.log('  format=jsonl, every event streamed in 500-event keyset batches');
    line(`  all ${EVENT_COUNT.toLocaleString('en')} events (${(exportRun.bytes / 1e6).toFixed(1)} MB)`, ms(exportRun.ms));

    const loads: number[] = [];
    for (let run = 0; run <= PAGE_RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await server.signIn(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/audit`, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByName('audit:interactive').length > 0);
      const interactive = await page.evaluate(() => performance.getEntriesByName('audit:interactive')[0]!.startTime);
      // The first load warms the server and is not counted.
      if (run > 0) loads.push(interactive);
      await context.close();
    }
    console.log(`\n/audit in Chromium at ${EVENT_COUNT.toLocaleString('en')} events, 1280×900, fresh context per load (${PAGE_RUNS} loads, median)`);
    line('navigation start to the hydrated list ("audit:interactive")', ms(median(loads)), `≤ ${PAGE_TARGET_MS} ms`, median(loads) <= PAGE_TARGET_MS);
  } finally {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
