import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { freshSqliteDatabase, removeSqliteDatabase } from '../support/temp-database';
import { createRuntimeToken } from './mcp-client';

// POST …/tools/{name}/invoke over HTTP, through the front door and Next to the route's handler:
// each answer's status, the door's headers and problem details, the access log and the audit log.

/** One answer: status, headers, body and the request id the door gave it. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  requestId: string;
}

/** Sends one POST; uncompressed unless the headers ask (fetch decodes gzip, the header still says how it came). */
async function send(server: NextServer, path: string, init: { headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'accept-encoding': 'identity', ...init.headers }, body: init.body });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text(), requestId: response.headers.get('x-request-id') ?? '' };
}

test.describe('[RUNTIME][INVOKE]', () => {
  test.setTimeout(180_000);
  let server: NextServer;
  let runtimeToken = '';
  let readToken = '';

  test.beforeAll(async () => {
    server = await startNextServer(ownServerPort(53), {
      SEED_DEMO: '0',
      TOOLS_PLUGIN_PATH: 'e2e/fixtures/plugins:e2e/fixtures/runtime-plugins',
      TOOL_CALL_TIMEOUT_MS: '1000',
      // The request lines are read below.
      LOG_LEVEL: 'info',
    });
    const json = { 'content-type': 'application/json' };
    expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: 'caller', name: 'Caller' }) })).status).toBe(201);
    for (const toolName of ['word_count', 'slow_echo', 'failing_tool', 'stream_echo', 'acme_lookup']) {
      const response = await server.fetch(`/api/v1/agents/caller/tools/${toolName}`, { method: 'PUT', headers: json, body: JSON.stringify({ overrides: {} }) });
      expect(response.status, `${toolName}: ${await response.text()}`).toBe(201);
    }
    runtimeToken = await createRuntimeToken(server);
    const read = await server.fetch('/api/v1/tokens', { method: 'POST', headers: json, body: JSON.stringify({ name: 'reader', scopes: ['agents:read'] }) });
    readToken = ((await read.json()) as { secret: string }).secret;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const asRuntime = (): Record<string, string> => ({ 'content-type': 'application/json', authorization: `Bearer ${runtimeToken}` });
  const call = (text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ arguments: { text, ...extra } });

  const cases: { name: string; agent?: string; tool: string; status: number; headers?: () => Record<string, string>; body: string }[] = [
    { name: 'a result', tool: 'word_count', status: 200, body: call('one two three') },
    { name: 'a result, compressed when asked', tool: 'word_count', status: 200, headers: () => ({ ...asRuntime(), 'accept-encoding': 'gzip' }), body: call('one two three') },
    { name: 'arguments that fail the schema', tool: 'word_count', status: 400, body: JSON.stringify({ arguments: { text: 3 } }) },
    { name: 'a body that is not JSON', tool: 'word_count', status: 400, body: '{"arguments":' },
    { name: 'a body that is not JSON by its type', tool: 'word_count', status: 415, headers: () => ({ authorization: `Bearer ${runtimeToken}`, 'content-type': 'text/plain' }), body: call('x') },
    { name: 'no token', tool: 'word_count', status: 401, headers: () => ({ 'content-type': 'application/json' }), body: call('x') },
    { name: 'a token that is not one', tool: 'word_count', status: 401, headers: () => ({ 'content-type': 'application/json', authorization: 'Bearer tat_notatokenatall' }), body: call('x') },
    { name: 'a token without the runtime scope', tool: 'word_count', status: 403, headers: () => ({ 'content-type': 'application/json', authorization: `Bearer ${readToken}` }), body: call('x') },
    { name: 'a tool not assigned', tool: 'fs_read_file', status: 404, body: call('x') },
    { name: 'an unknown agent', agent: 'nobody', tool: 'word_count', status: 404, body: call('x') },
    { name: 'an unavailable tool', tool: 'acme_lookup', status: 409, body: JSON.stringify({ arguments: { query: 'x' } }) },
    { name: 'a tool that throws', tool: 'failing_tool', status: 422, body: call('on purpose') },
    { name: 'a tool past the time limit', tool: 'slow_echo', status: 504, body: call('late', { ms: 3000 }) },
    { name: 'a result streamed to the user', tool: 'stream_echo', status: 200, body: call('streamed', { ms: 50 }) },
  ];

  for (const { name, agent = 'caller', tool, status, headers = asRuntime, body } of cases) {
    test(`[RUNTIME][INVOKE]: ${name} is answered ${status} with the door's headers and a line in the access log`, async () => {
      const answer = await send(server, `/api/v1/agents/${agent}/tools/${tool}/invoke`, { headers: headers(), body });

      expect(answer.status, answer.body).toBe(status);
      expect(answer.headers['content-encoding']).toBe(headers()['accept-encoding'] === 'gzip' ? 'gzip' : undefined);
      expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      if (status >= 400) {
        expect(answer.headers['content-type']).toBe('application/problem+json');
        expect(JSON.parse(answer.body)).toMatchObject({ status, requestId: answer.requestId });
      }
      const lineOf = (requestId: string) => server.output().split('\n').find((line) => line.includes(requestId) && line.includes('"msg":"request"')) ?? '';
      await expect.poll(() => lineOf(answer.requestId)).toContain(`"status":${status}`);
    });
  }

  test('[RUNTIME][INVOKE]: a result streamed to the user comes as one MCP-style event once the tool is done', async () => {
    const answer = await send(server, '/api/v1/agents/caller/tools/stream_echo/invoke', { headers: asRuntime(), body: call('streamed', { ms: 50 }) });
    expect(answer.headers['content-type']).toBe('text/event-stream');
    const events = answer.body.split('\n\n').filter(Boolean);
    expect(events).toHaveLength(1);
    const message = JSON.parse(events[0]!.replace(/^event: message\ndata: /, '')) as { result: { content: unknown; isError: boolean } };
    expect(message.result).toMatchObject({ content: [{ type: 'text', text: 'streamed' }], isError: false });
  });

  test('[RUNTIME][INVOKE]: every call is in the audit log with its outcome', async () => {
    const body = call('audited call');
    const answer = await send(server, '/api/v1/agents/caller/tools/word_count/invoke', { headers: asRuntime(), body });
    expect(answer.status).toBe(200);
    const failed = await send(server, '/api/v1/agents/caller/tools/failing_tool/invoke', { headers: asRuntime(), body: call('audited failure') });
    expect(failed.status).toBe(422);
    const audit = (await (await server.fetch('/api/v1/audit?limit=10')).json()) as { events: { action: string; target: string; after: { outcome: string; argumentsBytes: number } }[] };
    const calls = audit.events.filter((event) => event.action === 'tool.invoke');
    expect(calls[0]).toMatchObject({ target: 'agents/caller/tools/failing_tool', after: { outcome: 'tool_error' } });
    expect(calls[1]).toMatchObject({ target: 'agents/caller/tools/word_count', after: { outcome: 'ok', argumentsBytes: Buffer.byteLength(JSON.stringify({ text: 'audited call' })) } });
  });
});

test('[RUNTIME][INVOKE]: a call answered just before the server is stopped is still in the audit log', async () => {
  test.setTimeout(120_000);
  const file = freshSqliteDatabase(`invoke-shutdown-${process.pid}`);
  const server = await startNextServer(ownServerPort(54), { SEED_DEMO: '0', DATABASE_URL: `sqlite:${file}` });
  try {
    const json = { 'content-type': 'application/json' };
    expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: 'last', name: 'Last' }) })).status).toBe(201);
    expect((await server.fetch('/api/v1/agents/last/tools/word_count', { method: 'PUT', headers: json, body: JSON.stringify({ overrides: {} }) })).status).toBe(201);
    const token = await createRuntimeToken(server);
    const answer = await fetch(`${server.url}/api/v1/agents/last/tools/word_count/invoke`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ arguments: { text: 'the last words' } }),
    });
    expect(answer.status).toBe(200);
    // Stopped at once: the event still waits to be written (it is written just after the answer, in batches).
    await server.stop();
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(file, { readonly: true });
    const rows = db.prepare("select target, after from audit_events where action = 'tool.invoke'").all() as { target: string; after: string }[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.target).toBe('agents/last/tools/word_count');
    expect(JSON.parse(rows[0]?.after ?? '{}')).toMatchObject({ outcome: 'ok' });
  } finally {
    await server.stop();
    removeSqliteDatabase(file);
  }
});
