// `npm run bench`: measures the catalogue at 10,000 tools (BENCH_ONLY=catalogue: only that), the overrides form of a tool with
// 50 settings, the audit log at 100,000 events, invoking a tool and the MCP endpoint's tools/list, the agents list at 10,000 agents (BENCH_ONLY=agents for that part alone, BENCH_ONLY=saves for its assignment saves alone) against their targets, and prints one run's figures. It reports; it never fails on
// a missed target.
import { buildIfStale } from '../build-if-stale.mjs';
import { startNextServer } from '../../e2e/support/next-server';
import { launchBrowser } from './browser';
import { benchCatalogue } from './catalogue';
import { SCALE_PLUGIN_PATH } from './plugin-registry';
import { closeConnections } from './http-timing';
import { benchAgents, benchAgentSaves } from './agents';
import { benchAuditLog } from './audit-log';
import { benchOverridesForm } from './overrides-form';
import { benchRuntime } from './runtime';
import { benchServers } from './servers';

const basePort = Number(process.env.BENCH_PORT ?? 3390);

function line(label: string, value: string, target?: string, isMet?: boolean): void {
  const verdict = target === undefined ? '' : `  target ${target}: ${isMet ? 'met' : 'MISSED'}`;
  console.log(`  ${label.padEnd(68)} ${value.padStart(12)}${verdict}`);
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
  if (process.env.BENCH_ONLY === 'saves') {
    try {
      await benchAgentSaves(basePort + 10, line);
    } finally {
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
  const fixture = { TOOLS_PLUGIN_PATH: SCALE_PLUGIN_PATH };
  const large = await startNextServer(basePort, { ...fixture, SCALE_TOOL_COUNT: '10000' });
  const small = await startNextServer(basePort + 1, { ...fixture, SCALE_TOOL_COUNT: '100' });
  const browser = await launchBrowser();
  try {
    await benchCatalogue(browser, large, small, basePort + 2, line);
    if (process.env.BENCH_ONLY === 'catalogue') return;

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
