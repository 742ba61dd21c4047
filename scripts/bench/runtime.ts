// `npm run bench`, runtime part: MCP tools/list of an agent with 1,000 tools against the same
// list as plain JSON through a route. Invoking against the floor of the same build is
// BENCH_ONLY=server (server-figures.ts).
import http from 'node:http';
import { createRuntimeToken } from '../../e2e/runtime/mcp-client';
import { startNextServer } from '../../e2e/support/next-server';
import { loadAverage, median, ms } from './stats';
import { SCALE_PLUGIN_PATH } from './plugin-registry';

const RUNS = 40;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

type Line = (label: string, value: string, target?: string, isMet?: boolean) => void;

/** One request over a keep-alive connection; resolves to ms until the last byte. */
function timed(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ ms: number; status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function inTurns(calls: (() => Promise<{ ms: number; status: number }>)[], runs: number): Promise<number[][]> {
  for (let i = 0; i < 5; i++) for (const call of calls) await call();
  const times = calls.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (const [index, call] of calls.entries()) {
      const { ms: took, status } = await call();
      if (status !== 200) throw new Error(`a timed request answered ${status}`);
      times[index]!.push(took);
    }
  }
  return times;
}

/** Measures the runtime side on its own server at `port`. */
export async function benchRuntime(port: number, line: Line): Promise<void> {
  const plugins = { TOOLS_PLUGIN_PATH: SCALE_PLUGIN_PATH, SCALE_TOOL_COUNT: '2000' };
  const server = await startNextServer(port, { ...plugins, SEED_DEMO: '0' });
  const TOKEN = await createRuntimeToken(server);
  const json = { 'content-type': 'application/json' };
  try {
    // Setup as the signed-in admin (server.fetch names the app's origin, as a cookie write must).
    const setup = async (pathname: string, method: string, body: unknown) => {
      const response = await server.fetch(pathname, { method, headers: json, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
      return response;
    };
    await setup('/api/v1/agents', 'POST', { id: 'thousand', name: 'thousand' });
    const catalogue = (await (await server.fetch('/api/v1/tools?view=summary')).json()) as { tools: { name: string; unavailableReason?: string }[] };
    // 1,000 tools that take empty settings (a few built-ins require some, e.g. a base directory).
    let assigned = 0;
    for (const tool of catalogue.tools) {
      if (assigned === 1000) break;
      if (tool.unavailableReason) continue;
      const response = await server.fetch(`/api/v1/agents/thousand/tools/${tool.name}`, { method: 'PUT', headers: json, body: JSON.stringify({ overrides: {} }) });
      if (response.ok) assigned++;
    }

    const mcpHeaders = { ...json, accept: 'application/json, text/event-stream', authorization: `Bearer ${TOKEN}` };
    const init = await timed(`${server.url}/api/v1/agents/thousand/mcp`, 'POST', mcpHeaders, JSON.stringify({
      jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }));
    const sessionId = String(init.headers['mcp-session-id'] ?? '');
    const sessionHeaders = { ...mcpHeaders, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    const listBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const check = await timed(`${server.url}/api/v1/agents/thousand/mcp`, 'POST', sessionHeaders, listBody);
    const listed = (check.text.match(/"inputSchema"/g) ?? []).length;
    const [mcp = [], plain = []] = await inTurns(
      [
        () => timed(`${server.url}/api/v1/agents/thousand/mcp`, 'POST', sessionHeaders, listBody),
        () => timed(`${server.url}/api/v1/agents/thousand/effective-tools?format=mcp`, 'GET', { 'accept-encoding': 'identity', authorization: `Bearer ${TOKEN}` }),
      ],
      RUNS / 2,
    );
    const listRatio = median(mcp) / median(plain);
    console.log(`\nMCP tools/list for an agent with ${listed} assigned tools, ${RUNS / 2} requests each, taking turns, medians (load average ${loadAverage()})`);
    line('POST /api/v1/agents/{id}/mcp tools/list (session checked, SSE answer)', ms(median(mcp)));
    line('GET /api/v1/agents/{id}/effective-tools?format=mcp (plain JSON)', ms(median(plain)));
    line('ratio MCP ÷ plain JSON', listRatio.toFixed(2), '≤ 1.5', listRatio <= 1.5);
  } finally {
    agent.destroy();
    await server.stop();
  }
}
