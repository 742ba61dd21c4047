import { readFileSync } from 'node:fs';
import http from 'node:http';
import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { rawRequest } from '../support/raw-http';
import { createRuntimeToken } from '../runtime/mcp-client';

/** The resident memory of a process, in MiB, as the kernel reports it. */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:')) ?? '';
  return Number(/(\d+)/.exec(line)?.[1] ?? 0) / 1024;
}

let cookie = '';

/** A signed-in admin's POST from the app's own page: only the body's size or pace is wrong. */
function postHead(port: number, headers: string[]): string {
  return [`POST /api/v1/agents HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`, `Cookie: ${cookie}`, 'Content-Type: application/json', 'Connection: close', ...headers].join('\r\n');
}

/** `count` chunks of `size` bytes, `gapMs` apart. */
async function* chunks(count: number, size: number, gapMs = 0): AsyncGenerator<Buffer> {
  for (let i = 0; i < count; i += 1) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    yield Buffer.alloc(size, 0x61);
  }
}

test.describe('[SECURITY][LIMITS]', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);
  let server: NextServer;
  const port = ownServerPort(30);

  test.beforeAll(async () => {
    server = await startNextServer(port, {});
    cookie = server.adminCookie;
  });

  test.afterAll(async () => {
    await server.stop();
  });

  async function agentCount(): Promise<number> {
    const response = await server.fetch('/api/v1/agents');
    return ((await response.json()) as { agents: unknown[] }).agents.length;
  }

  test('[SECURITY][LIMITS]: a Content-Length over 1 MiB gets 413 at once, before any body is sent', async () => {
    const answer = await rawRequest(port, postHead(port, ['Content-Length: 2000000']), { timeoutMs: 5_000 });

    expect(answer.status).toBe(413);
    expect(answer.msToAnswer).toBeLessThan(1_000);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, requestId: answer.headers['x-request-id'] });
  });

  test('[SECURITY][LIMITS]: a configuration file may have up to CONFIG_MAX_BYTES (1 MiB); one over gets 413 before it is read, a Content-Length over twice that at once', async () => {
    const json = { 'content-type': 'application/json' };
    const file = `apiVersion: tools-admin/v1\nagents: []\n#${'x'.repeat(1_000_000)}\n`;
    const planned = await server.fetch('/api/v1/config/plan', { method: 'POST', headers: json, body: JSON.stringify({ file }) });
    expect(planned.status, await planned.clone().text()).toBe(200);
    expect(await planned.json()).toMatchObject({ changes: [] });
    const over = `apiVersion: tools-admin/v1\nagents: []\n#${'x'.repeat(1_100_000)}\n`;
    const refused = await server.fetch('/api/v1/config/plan', { method: 'POST', headers: json, body: JSON.stringify({ file: over }) });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ detail: `The configuration file is ${over.length} bytes; at most 1048576 are accepted (CONFIG_MAX_BYTES)` });

    const head = postHead(port, ['Content-Length: 2100000']).replace('POST /api/v1/agents ', 'POST /api/v1/config/plan ');
    const answer = await rawRequest(port, head, { timeoutMs: 5_000 });
    expect(answer.status).toBe(413);
    expect(answer.msToAnswer).toBeLessThan(1_000);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, detail: 'The request body is larger than 2097152 bytes.' });
  });

  test('[SECURITY][LIMITS]: memory stays flat under 20 parallel oversized uploads (bound: 32 MiB of growth; it was 150 MB)', async () => {
    const before = await agentCount();
    // Warm the paths once so the measure is of the uploads, not of first-use code loading.
    await rawRequest(port, postHead(port, ['Content-Length: 2000000']), { body: chunks(4, 65_536) });
    const baseline = rssMiB(server.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 20);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => rawRequest(port, postHead(port, ['Content-Length: 2000000']), { body: chunks(31, 65_536) })),
    );
    clearInterval(sampler);

    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(413));
    console.log(`RSS ${baseline.toFixed(1)} MiB before, peak ${peak.toFixed(1)} MiB during 20 oversized uploads`);
    // The bytes that do arrive are read and dropped (so the answer is not lost to a reset);
    // what grows is garbage of those reads, not buffered bodies: 20 × 2 MB would be 40 MB.
    expect(peak - baseline).toBeLessThan(32);
    expect(await agentCount()).toBe(before);
  });

  test('[SECURITY][LIMITS]: a chunked body counted past 1 MiB gets 413 and creates nothing', async () => {
    const before = await agentCount();
    const answer = await rawRequest(port, postHead(port, ['Transfer-Encoding: chunked']), {
      body: (async function* () {
        for await (const chunk of chunks(24, 65_536)) yield Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
        yield '0\r\n\r\n';
      })(),
    });

    expect(answer.status).toBe(413);
    expect(await agentCount()).toBe(before);
  });

  test('[SECURITY][LIMITS]: an assignment save and a tool call over 1 MiB get 413, announced or counted, and change nothing', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: 'limited', name: 'Limited' }) })).status).toBe(201);
    expect((await server.fetch('/api/v1/agents/limited/tools/word_count', { method: 'PUT', headers: json, body: JSON.stringify({ overrides: {} }) })).status).toBe(201);
    const token = await createRuntimeToken(server);
    const saved = async () => ((await (await server.fetch('/api/v1/agents/limited/tools/word_count')).json()) as { version: number }).version;
    const calls = async () => ((await (await server.fetch('/api/v1/audit?agent=limited&action=tool.invoke')).json()) as { events: unknown[] }).events.length;
    const heads = {
      save: [`PUT /api/v1/agents/limited/tools/word_count HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`, `Cookie: ${cookie}`, 'If-Match: "1"'],
      call: [`POST /api/v1/agents/limited/tools/word_count/invoke HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Authorization: Bearer ${token}`],
    };
    for (const [what, head] of Object.entries(heads)) {
      const common = [...head, 'Content-Type: application/json', 'Connection: close'];
      const announced = await rawRequest(port, [...common, 'Content-Length: 2000000'].join('\r\n'), { timeoutMs: 5_000 });
      expect(announced.status, `${what}, announced`).toBe(413);
      expect(announced.msToAnswer, `${what}, announced`).toBeLessThan(1_000);
      const counted = await rawRequest(port, [...common, 'Transfer-Encoding: chunked'].join('\r\n'), {
        body: (async function* () {
          for await (const chunk of chunks(24, 65_536)) yield Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
          yield '0\r\n\r\n';
        })(),
      });
      expect(counted.status, `${what}, counted`).toBe(413);
    }
    expect(await saved()).toBe(1);
    expect(await calls()).toBe(0);
  });

  test('[SECURITY][LIMITS]: a kept-alive connection idle for 6 s still carries the next request (Node\'s own client keeps one 5 s)', async () => {
    const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = http.get(`${server.url}/api/v1/config/schema.json`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
        });
        request.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      // Closed by the server at Node's default 5 s, the connection would be gone and a new one made.
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  test('[SECURITY][LIMITS]: a body that trickles in is cut off with 408', async () => {
    const started = Date.now();
    const answer = await rawRequest(port, postHead(port, ['Content-Length: 1000']), { body: chunks(100, 10, 500), timeoutMs: 20_000 });

    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 408, detail: expect.stringContaining('bytes per second') });
    // The grace period is 5 s; the check runs four times a second.
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  test('[SECURITY][LIMITS]: a write to an address that is not valid percent-encoding gets a 404 problem, not a bare 500', async () => {
    const response = await server.fetch('/api/v1/agents/%ZZ', { method: 'PATCH', headers: { 'content-type': 'application/json', 'if-match': '"1"' }, body: '{"name":"x"}' });

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 404, detail: expect.stringContaining('not valid percent-encoding') });
  });

  test('[SECURITY][LIMITS]: a body of 90,000 unknown keys gets a small error reply', async () => {
    const keys = Array.from({ length: 90_000 }, (_, i) => `"k${i}":0`).join(',');
    const body = `{"id":"many-keys","name":"Many keys",${keys}}`;
    const response = await server.fetch('/api/v1/agents', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await response.text();

    expect(body.length).toBeGreaterThan(900_000);
    expect(response.status).toBe(400);
    expect(text.length).toBeLessThan(20_000);
    expect(JSON.parse(text)).toMatchObject({ errors: expect.arrayContaining([{ pointer: '', message: 'and 89900 more' }]) });
  });
});
