import { spawn } from 'node:child_process';
import { expect, test } from '../support/test';
import { signInCookie } from '../support/e2e-admin';
import { httpRequest } from '../support/http-request';
import { startNextServer, type NextServer } from '../support/next-server';
import { E2E_PORT, ownServerPort } from '../support/ports';
import { needsPostgres, withPostgresSchema } from '../support/postgres-schema';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

const app = `http://127.0.0.1:${E2E_PORT}`;

/** The value of one series of a Prometheus text, 0 when it is not there yet. */
function sample(metrics: string, series: string): number {
  const line = metrics.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test.describe('[OPERATIONS][HEALTH]', () => {
  test('[OPERATIONS][HEALTH]: the health check answers 200 with every check ok and no configuration', async () => {
    const response = await fetch(`${app}/api/health`);
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: 'ok', checks: { database: { ok: true }, registry: { ok: true } } });
    expect(text).not.toMatch(/sqlite|postgres|\/tmp|DATABASE_URL/i);
  });

  test('[OPERATIONS][HEALTH]: health turns 503 when PostgreSQL cannot be reached, and 200 again when it can', async () => {
    needsPostgres('this test needs a PostgreSQL to cut off');
    test.setTimeout(120_000);
    await withPostgresSchema('e2e_health', async ({ databaseUrl }) => {
      let proxy: TcpProxy | undefined;
      let server: NextServer | undefined;
      try {
        const viaProxy = new URL(databaseUrl);
        proxy = await startTcpProxy(ownServerPort(40), { host: viaProxy.hostname, port: Number(viaProxy.port || 5432) });
        viaProxy.host = `127.0.0.1:${proxy.port}`;
        server = await startNextServer(ownServerPort(41), { DATABASE_URL: viaProxy.toString(), SEED_DEMO: '0' });
        const health = () => fetch(`${server?.url}/api/health`).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));

        expect(await health()).toEqual({ status: 200, body: { status: 'ok', checks: { database: { ok: true }, registry: { ok: true } } } });

        await proxy.stop();
        const down = await health();
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({ status: 'fail', checks: { database: { ok: false, error: expect.stringContaining('database') }, registry: { ok: true } } });
        expect(JSON.stringify(down.body)).not.toContain(String(proxy.port));

        await proxy.start();
        await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe(200);
      } finally {
        await server?.stop();
        await proxy?.stop();
      }
    });
  });
});

test.describe('[OPERATIONS][METRICS]', () => {
  test('[OPERATIONS][METRICS]: the metrics count a request that was just made, by route and status', async () => {
    const series = 'http_requests_total{method="GET",route="/api/v1/agents/[id]",status="404"}';
    const before = sample(await (await fetch(`${app}/api/metrics`)).text(), series);

    const probe = await fetch(`${app}/api/v1/agents/metrics-probe-${Date.now()}`, { headers: { cookie: await signInCookie(app) } });
    expect(probe.status).toBe(404);
    await probe.text();
    const response = await fetch(`${app}/api/metrics`);
    const metrics = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(sample(metrics, series)).toBe(before + 1);
    expect(metrics).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/agents/[id]",status="404"}');
    expect(metrics).toMatch(/^plugin_problems \d+$/m);
    expect(metrics).toMatch(/^tools_unavailable \d+$/m);
    expect(metrics).toContain('# TYPE tool_calls_total counter');
  });

  test('[OPERATIONS][METRICS]: the metrics are refused to a client that is not on this machine', async () => {
    test.setTimeout(120_000);
    // Behind a trusted proxy, the client is the address the proxy names, not the proxy itself.
    const server = await startNextServer(ownServerPort(42), { TRUST_PROXY: '1' });
    try {
      const remote = await httpRequest(`${server.url}/api/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      const local = await httpRequest(`${server.url}/api/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });

      expect(remote.status).toBe(403);
      expect(remote.body).not.toContain('http_requests_total');
      expect(local.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

test.describe('[OPERATIONS][START]', () => {
  test('[OPERATIONS][START]: a DATABASE_URL the app does not understand stops the start with the reason, instead of serving 500s', async () => {
    test.setTimeout(90_000);
    const port = ownServerPort(63);
    // A path without `sqlite:`: the mistake an operator is most likely to make.
    const server = spawn(process.execPath, ['scripts/server.mjs'], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '/tmp/tools-admin-no-scheme.sqlite' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        resolve(null);
      }, 60_000);
      server.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });

    expect(exitCode, output).toBe(1);
    expect(output).toContain('Tools Admin could not start: DATABASE_URL (a value without a scheme) is not understood: use postgres://');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
