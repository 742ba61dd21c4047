// `npm run bench` with BENCH_ONLY=usage: GET /api/v1/usage's 30-day views at 1,000,000 recorded
// calls (10 agents × 20 tools, seeded through the app's own rollup path), against the floor of
// the same build sending the same bytes (app/api/bench-floor/usage), 16 concurrent clients: the
// catalogue API's budget, route ÷ floor ≤ 1.5, must hold.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNextServer } from '../../e2e/support/next-server';
import { timeRequests } from './http-timing';
import { timeUnderLoad, timedRequest } from './load';
import { loadAverage, median, ms, percentile } from './stats';

const CALLS = 1_000_000;
const RUNS = 30;
const CLIENTS = 16;
const BUDGET = 1.5;

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

/** Seeds the rollups, then times the agent page's and the whole fleet's 30-day views. */
export async function benchUsage(port: number, line: Line): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-usage-'));
  const file = path.join(folder, 'usage.sqlite');
  const seeding = performance.now();
  const seeded = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/bench/seed-usage.ts'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${file}`, USAGE_CALLS: String(CALLS) },
    encoding: 'utf8',
  });
  const { rows } = JSON.parse(seeded.trim().split('\n').at(-1) ?? '{}') as { rows: number };
  const seededMs = performance.now() - seeding;
  const app = await startNextServer(port, { DATABASE_URL: `sqlite:${file}`, SEED_DEMO: '0', BENCH_FLOOR_DIR: folder });
  try {
    const headers = { cookie: app.adminCookie, 'accept-encoding': 'identity' };
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    console.log(`\nGET /api/v1/usage at ${CALLS.toLocaleString('en')} recorded calls (${rows.toLocaleString('en')} rollup rows, seeded in ${ms(seededMs)})`);
    const views = [
      ['an agent, 30 days by day, per tool (the agent page)', `agent=agent-3&from=${from}&bucket=day&by=tool`],
      ['a tool, 30 days by hour (the tool page)', `tool=tool_7&from=${from}&bucket=hour`],
      ['every call, 30 days by day, per agent', `from=${from}&bucket=day&by=agent`],
    ] as const;
    for (const [label, query] of views) {
      const url = `${app.url}/api/v1/usage?${query}`;
      const body = (await timedRequest(url, { agent: new http.Agent(), headers, keepText: true })).text ?? '';
      const calls = (JSON.parse(body) as { totals: { calls: number } }).totals.calls;
      console.log(`  ${label}: ${calls.toLocaleString('en')} calls, ${(body.length / 1024).toFixed(1)} KB`);
      line('    one client, median', ms(median(await timeRequests(url, RUNS, 2, headers))));
    }
    // The floor reads its saved answer once per process: the agent page's view, under load.
    const url = `${app.url}/api/v1/usage?${views[0][1]}`;
    await writeFile(path.join(folder, 'usage.json'), (await timedRequest(url, { agent: new http.Agent(), headers, keepText: true })).text ?? '');
    const loadBefore = loadAverage();
    const { route, floor } = await timeUnderLoad(
      {
        route: (_client, agent) => timedRequest(url, { agent, headers }).then((answer) => answer.ms),
        floor: (_client, agent) => timedRequest(`${app.url}/api/bench-floor/usage`, { agent, headers }).then((answer) => answer.ms),
      },
      { clients: CLIENTS, perClient: 1, rounds: 4 },
    );
    const ratio = median(route) / median(floor);
    console.log(`  the agent page's 30-day view, ${CLIENTS} clients, ${route.length} requests each way (load ${loadBefore} → ${loadAverage()})`);
    line('    route / floor, median', `${ms(median(route))} / ${ms(median(floor))}`);
    line('    ratio route ÷ floor, median (the catalogue API budget)', ratio.toFixed(2), `≤ ${BUDGET}`, ratio <= BUDGET);
    line('    95th percentile, route / floor', `${ms(percentile(route, 0.95))} / ${ms(percentile(floor, 0.95))}`);
  } finally {
    await app.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
