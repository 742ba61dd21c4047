// `npm run bench`: the figures a user notices, each printed beside its target with the machine's
// load average during the run, and the server figures. It reports; it never fails on a missed target.
//
// - catalogue: at 10,000 tools against 100: first HTML ≤ 150 KB, interactive 10,000 ÷ 100 ≤ 1.15,
//   slowest keystroke in the search box ≤ 50 ms, the agent page's tool picker opening ≤ 150 ms.
// - form: the overrides form of a tool with 50 settings. audit: the audit log at 100,000 events.
// - runtime: MCP tools/list for an agent with 1,000 tools ÷ the same list as plain JSON ≤ 1.5.
// - servers: the catalogue API with an MCP server's 1,000 tools added, route ÷ floor ≤ 1.5.
// - agents: /agents at 10,000 agents ÷ 100 ≤ 1.5, its search keystroke ≤ 50 ms, an agent with 1,000 tools.
// - usage: GET /api/v1/usage's 30-day views at 1,000,000 recorded calls; route ÷ floor ≤ 1.5 (the catalogue's budget).
// - server: each server route ÷ a minimal route handler of the same build answering the same
//   thing (server-figures.ts), 16 concurrent clients, median and 95th percentile: catalogue API
//   ≤ 1.5, invoke ≤ 2, assignment save ≤ 3. BENCH_APP_DIR=/checkout[:/other] measures other
//   checkouts' builds in the same run (the "before" of a change: another commit's worktree, with
//   its node_modules; built there first when it has no build).
// - config: /api/health while a configuration file of almost 1 MiB is planned, each check < 100 ms.
//
// BENCH_ONLY=server (or a comma-separated list of the parts above) runs those parts alone.
// BENCH_PORT moves the ports (3390 and up). BENCH_PROFILE_DIR=… makes the server figures' app
// server write a CPU profile there.
import { buildIfStale } from '../build-if-stale.mjs';
import { startNextServer, type NextServer } from '../../e2e/support/next-server';
import { launchBrowser } from './browser';
import { benchCatalogue } from './catalogue';
import { benchConfigPlan } from './config-plan';
import { SCALE_PLUGIN_PATH } from './plugin-registry';
import { closeConnections } from './http-timing';
import { benchAgents } from './agents';
import { benchAuditLog } from './audit-log';
import { benchOverridesForm } from './overrides-form';
import { benchRuntime } from './runtime';
import { benchServerFigures } from './server-figures';
import { benchServers } from './servers';
import { benchUsage } from './usage';
import { loadAverage } from './stats';

const basePort = Number(process.env.BENCH_PORT ?? 3390);
const PARTS = ['catalogue', 'form', 'audit', 'runtime', 'servers', 'agents', 'server', 'config', 'usage'] as const;
type Part = (typeof PARTS)[number];

function line(label: string, value: string, target?: string, isMet?: boolean): void {
  const verdict = target === undefined ? '' : `  target ${target}: ${isMet ? 'met' : 'MISSED'}`;
  console.log(`  ${label.padEnd(68)} ${value.padStart(12)}${verdict}`);
}

function partsToRun(): Set<Part> {
  const asked = (process.env.BENCH_ONLY ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const unknown = asked.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY names no part ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
  return new Set(asked.length > 0 ? (asked as Part[]) : PARTS);
}

async function main(): Promise<void> {
  const parts = partsToRun();
  buildIfStale({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' });
  console.log(`npm run bench: ${[...parts].join(', ')}; load average (1, 5, 15 min) at the start: ${loadAverage()}\n`);
  const needsBrowser = ['catalogue', 'form', 'audit', 'agents'].some((part) => parts.has(part as Part));
  const browser = needsBrowser ? await launchBrowser() : undefined;
  const catalogueServers: NextServer[] = [];
  try {
    if (browser && parts.has('catalogue')) {
      const fixture = { TOOLS_PLUGIN_PATH: SCALE_PLUGIN_PATH };
      const large = await startNextServer(basePort, { ...fixture, SCALE_TOOL_COUNT: '10000' });
      catalogueServers.push(large);
      const small = await startNextServer(basePort + 1, { ...fixture, SCALE_TOOL_COUNT: '100' });
      catalogueServers.push(small);
      await benchCatalogue(browser, large, small, line);
      // Not needed any more: stopped so they do not compete with what follows.
      await Promise.all(catalogueServers.splice(0).map((server) => server.stop()));
    }
    if (browser && parts.has('form')) await benchOverridesForm(browser, basePort + 3);
    if (browser && parts.has('audit')) await benchAuditLog(browser, basePort + 4, line);
    if (parts.has('runtime')) await benchRuntime(basePort + 5, line);
    if (parts.has('servers')) await benchServers(basePort + 6, line);
    if (browser && parts.has('agents')) await benchAgents(browser, basePort + 10, line);
    if (parts.has('server')) await benchServerFigures(basePort + 20, line);
    if (parts.has('config')) await benchConfigPlan(basePort + 30, line);
    if (parts.has('usage')) await benchUsage(basePort + 40, line);
    console.log(`\nload average (1, 5, 15 min) at the end: ${loadAverage()}`);
  } finally {
    await browser?.close();
    closeConnections();
    await Promise.all(catalogueServers.map((server) => server.stop()));
  }
}

await main();
