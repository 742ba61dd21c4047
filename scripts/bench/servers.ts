// `npm run bench` with BENCH_ONLY=servers: the catalogue API of the 10,000-tool fixture before and
// after an MCP server adds 1,000 tools (an SDK server over Streamable HTTP, started here); with the
// server's tools in, the route against the floor of the same build sending the same bytes
// (server-figures.ts): the catalogue's budget (route ÷ floor ≤ 1.5) must still hold.
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNextServer } from '../../e2e/support/next-server';
import { startTestMcpServer } from '../../test/mcp-servers/test-mcp-server';
import { timeRequests } from './http-timing';
import { timeUnderLoad, timedRequest } from './load';
import { loadAverage, median, ms, percentile } from './stats';
import { SCALE_PLUGIN_PATH } from './plugin-registry';

const RUNS = 30;
const TOOLS = 1000;
const CLIENTS = 16;

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

/** Times GET /api/v1/tools at 10,000 fixture tools, then with a 1,000-tool MCP server added. */
export async function benchServers(port: number, line: Line): Promise<void> {
  const mcp = await startTestMcpServer({ extraTools: TOOLS - 2 });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-servers-'));
  const app = await startNextServer(port, { TOOLS_PLUGIN_PATH: SCALE_PLUGIN_PATH, SCALE_TOOL_COUNT: '10000', BENCH_FLOOR_DIR: folder });
  const url = `${app.url}/api/v1/tools`;
  const cookie = { cookie: app.adminCookie, 'accept-encoding': 'identity' };
  try {
    const before = median(await timeRequests(url, RUNS, 2, cookie));
    const added = await app.fetch('/api/v1/servers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bulk', transport: 'http', url: mcp.url }),
    });
    if (added.status !== 201) throw new Error(`Adding the server answered ${added.status}: ${await added.text()}`);
    const connectStarted = performance.now();
    let toolCount = 0;
    for (;;) {
      const server = (await (await app.fetch('/api/v1/servers/bulk')).json()) as { status: string; toolCount: number; reason?: string };
      if (server.status === 'connected') {
        toolCount = server.toolCount;
        break;
      }
      if (performance.now() - connectStarted > 30_000) throw new Error(`The server did not connect: ${server.status} ${server.reason ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const connectMs = performance.now() - connectStarted;
    // The floor sends the catalogue as the route sends it now, the server's tools in.
    const body = (await timedRequest(url, { agent: new http.Agent(), headers: cookie, keepText: true })).text ?? '';
    await writeFile(path.join(folder, 'catalogue.json'), body);
    const after = median(await timeRequests(url, RUNS, 2, cookie));
    const loadBefore = loadAverage();
    const { route, floor } = await timeUnderLoad(
      {
        route: (_client, agent) => timedRequest(url, { agent, headers: cookie }).then((answer) => answer.ms),
        floor: (_client, agent) => timedRequest(`${app.url}/api/bench-floor/catalogue`, { agent, headers: cookie }).then((answer) => answer.ms),
      },
      { clients: CLIENTS, perClient: 1, rounds: 4 },
    );
    const ratio = median(route) / median(floor);
    const entries = (JSON.parse(body) as { tools: unknown[] }).tools.length;
    console.log(`\nGET /api/v1/tools, the 10,000-tool fixture plus an MCP server of ${toolCount} tools (load ${loadBefore} → ${loadAverage()})`);
    line('MCP server added → connected with its tools listed', ms(connectMs));
    line(`one client, ${RUNS} requests, median: before the server / with it (${entries} entries, ${(body.length / 1e6).toFixed(1)} MB)`, `${ms(before)} / ${ms(after)}`);
    line(`${CLIENTS} clients, ${route.length} requests each way: route / floor, median`, `${ms(median(route))} / ${ms(median(floor))}`);
    line('ratio route ÷ floor with the server\'s tools, median', ratio.toFixed(2), '≤ 1.5', ratio <= 1.5);
    line('95th percentile, route / floor', `${ms(percentile(route, 0.95))} / ${ms(percentile(floor, 0.95))}`);
  } finally {
    await app.stop();
    await mcp.close();
    await rm(folder, { recursive: true, force: true });
  }
}
