// `npm run bench` with BENCH_ONLY=servers: the catalogue API when an MCP server adds 1,000 tools
// (an SDK server over Streamable HTTP, started here), against the same payload sent by a bare
// node:http server: the catalogue's own target (route ÷ bare ≤ 1.5) must hold for server tools.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startNextServer } from '../../e2e/support/next-server';
import { startTestMcpServer } from '../../lib/mcp-servers/testing/test-mcp-server';
import { startBareServer } from './bare-server';
import { timeInTurns, timeRequests, timedGet } from './http-timing';
import { median, ms } from './stats';

const RUNS = 30;
const TOOLS = 1000;

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

/** Adds a 1,000-tool MCP server to a fresh app and times GET /api/v1/tools against a bare server. */
export async function benchServers(port: number, line: Line): Promise<void> {
  const mcp = await startTestMcpServer({ extraTools: TOOLS - 2 });
  const app = await startNextServer(port, {});
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tools-bench-servers-'));
  try {
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

    const url = `${app.url}/api/v1/tools`;
    const cookie = { cookie: app.adminCookie };
    const body = await (await fetch(url, { headers: { 'accept-encoding': 'identity', ...cookie } })).text();
    const file = path.join(folder, 'payload.json');
    await writeFile(file, body);
    const bare = await startBareServer(file, port + 1);
    try {
      const [api = [], baseline = []] = await timeInTurns([url, bare.url], RUNS, 5, cookie);
      const etag = (await timedGet(url, cookie)).etag ?? '';
      const notModified = await timeRequests(url, RUNS, 2, { 'if-none-match': etag, ...cookie });
      const summary = await timeRequests(`${url}?view=summary`, RUNS, 2, cookie);
      const ratio = median(api) / median(baseline);
      console.log(`\nGET /api/v1/tools with an MCP server of ${toolCount} tools (${(body.length / 1e6).toFixed(2)} MB, ${RUNS} requests each, taking turns, medians)`);
      line('added to connected with its tools listed (POST to status connected)', ms(connectMs));
      line('Next route (server tools read from the in-memory tools/list)', ms(median(api)));
      line('bare node:http sending JSON.stringify of the same payload', ms(median(baseline)));
      line('ratio route ÷ bare', ratio.toFixed(2), '≤ 1.5', ratio <= 1.5);
      line('304 with If-None-Match (no body)', ms(median(notModified)));
      line('?view=summary (what the list page fetches)', ms(median(summary)));
    } finally {
      bare.stop();
    }
  } finally {
    await app.stop();
    await mcp.close();
    await rm(folder, { recursive: true, force: true });
  }
}
