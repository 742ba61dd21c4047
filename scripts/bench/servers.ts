// `npm run bench` with BENCH_ONLY=servers: the catalogue API of the 10,000-tool fixture before and
// after an MCP server adds 1,000 tools (an SDK server over Streamable HTTP, started here), each
// against the same payload sent by a bare node:http server: the catalogue's target (route ÷ bare
// ≤ 1.5) must still hold with the server's tools in.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNextServer, type NextServer } from '../../e2e/support/next-server';
import { startTestMcpServer } from '../../test/mcp-servers/test-mcp-server';
import { startBareServer } from './bare-server';
import { timeInTurns, timeRequests } from './http-timing';
import { median, ms } from './stats';
import { SCALE_PLUGIN_PATH } from './plugin-registry';

const RUNS = 30;
const TOOLS = 1000;

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

/** Route and bare-server medians of GET /api/v1/tools as the app answers it now. */
async function measure(app: NextServer, barePort: number, folder: string): Promise<{ route: number; bare: number; summary: number; bytes: number; tools: number }> {
  const url = `${app.url}/api/v1/tools`;
  const cookie = { cookie: app.adminCookie };
  const body = await (await fetch(url, { headers: { 'accept-encoding': 'identity', ...cookie } })).text();
  const file = path.join(folder, `payload-${barePort}.json`);
  await writeFile(file, body);
  const bare = await startBareServer(file, barePort);
  try {
    const [route = [], baseline = []] = await timeInTurns([url, bare.url], RUNS, 5, cookie);
    const summary = await timeRequests(`${url}?view=summary`, RUNS, 2, cookie);
    return { route: median(route), bare: median(baseline), summary: median(summary), bytes: body.length, tools: (JSON.parse(body) as { tools: unknown[] }).tools.length };
  } finally {
    bare.stop();
  }
}

/** Times GET /api/v1/tools at 10,000 fixture tools, then with a 1,000-tool MCP server added. */
export async function benchServers(port: number, line: Line): Promise<void> {
  const mcp = await startTestMcpServer({ extraTools: TOOLS - 2 });
  const app = await startNextServer(port, { TOOLS_PLUGIN_PATH: SCALE_PLUGIN_PATH, SCALE_TOOL_COUNT: '10000' });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-servers-'));
  try {
    const before = await measure(app, port + 1, folder);
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
    const after = await measure(app, port + 2, folder);
    const ratio = after.route / after.bare;
    console.log(`\nGET /api/v1/tools, the 10,000-tool fixture plus an MCP server of ${toolCount} tools (${RUNS} requests each, taking turns, medians)`);
    line('MCP server added → connected with its tools listed', ms(connectMs));
    line(`before the server: ${before.tools} entries, ${(before.bytes / 1e6).toFixed(1)} MB: route / bare`, `${ms(before.route)} / ${ms(before.bare)}`);
    line(`with the server: ${after.tools} entries, ${(after.bytes / 1e6).toFixed(1)} MB: route / bare`, `${ms(after.route)} / ${ms(after.bare)}`);
    line('ratio route ÷ bare with the server\'s tools', ratio.toFixed(2), '≤ 1.5', ratio <= 1.5);
    line('?view=summary before / with the server', `${ms(before.summary)} / ${ms(after.summary)}`);
  } finally {
    await app.stop();
    await mcp.close();
    await rm(folder, { recursive: true, force: true });
  }
}
