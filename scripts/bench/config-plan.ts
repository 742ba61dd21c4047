// The health check while a configuration file of almost 1 MiB is planned: how long each
// `/api/health` takes while the plan runs, beside the same check on an idle server. The target is
// the issue's: every check under 100 ms. With BENCH_PROFILE_DIR the server writes a CPU profile.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startNextServer } from '../../e2e/support/next-server';
import { median, ms, percentile } from './stats';

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

/** A valid file of just under 1 MiB: agents with one tool each. */
export function almostOneMebibyte(): string {
  const lines = ['apiVersion: tools-admin/v1', 'agents:'];
  let size = lines.join('\n').length;
  for (let i = 0; size < 1_000_000; i++) {
    const agent = `  - id: load-${String(i).padStart(5, '0')}\n    name: Load ${i}\n    description: Plans while the health check answers\n    tools:\n      word_count: {}`;
    lines.push(agent);
    size += agent.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

async function healthMs(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${url}/api/health`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
  return performance.now() - start;
}

export async function benchConfigPlan(port: number, line: Line): Promise<void> {
  const server = await startNextServer(port, {
    SEED_DEMO: '0',
    ...(process.env.BENCH_PROFILE_DIR ? { NODE_OPTIONS: `--import ${pathToFileURL(path.resolve('scripts/bench/cpu-profile-preload.mjs')).href}` } : {}),
  });
  try {
    const json = { 'content-type': 'application/json' };
    const made = await server.fetch('/api/v1/tokens', { method: 'POST', headers: json, body: JSON.stringify({ name: 'bench config', scopes: ['agents:write'] }) });
    const { secret } = (await made.json()) as { secret: string };
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push(await healthMs(server.url));

    const file = almostOneMebibyte();
    const rounds: number[] = [];
    const during: number[] = [];
    const slowestByRound: number[] = [];
    for (let round = 0; round < 3; round++) {
      const before = during.length;
      const started = performance.now();
      let isDone = false;
      const plan = fetch(`${server.url}/api/v1/config/plan`, { method: 'POST', headers: { ...json, authorization: `Bearer ${secret}` }, body: JSON.stringify({ file }) })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`the plan answered ${response.status}`);
        })
        .finally(() => (isDone = true));
      while (!isDone) {
        during.push(await healthMs(server.url));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await plan;
      rounds.push(performance.now() - started);
      slowestByRound.push(Math.max(...during.slice(before)));
    }
    console.log(`\nconfig: /api/health while a plan of ${(Buffer.byteLength(file) / 1024).toFixed(0)} KiB runs (3 plans, ${during.length} checks)`);
    line('plan of the file, median', ms(median(rounds)));
    line('/api/health on an idle server, median', ms(median(idle)));
    line('/api/health during the plan, median', ms(median(during)));
    line('/api/health during the plan, 95th percentile', ms(percentile(during, 0.95)), '< 100 ms', percentile(during, 0.95) < 100);
    line('/api/health during the plan, slowest', ms(Math.max(...during)), '< 100 ms', Math.max(...during) < 100);
    line('  slowest in each plan', slowestByRound.map((value) => ms(value)).join(', '));
  } finally {
    await server.stop();
  }
}
