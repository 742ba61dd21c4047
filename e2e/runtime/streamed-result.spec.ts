import { ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { sseMessages } from '../../lib/client-api/sse-messages';
import { connectAgent, createRuntimeToken, type AgentMcpClient } from './mcp-client';

// slow_lines (e2e/fixtures/plugins/streaming) streams its result to the user through the optional
// Tool.executeStream: "line 1\n" at once, then one more line after each pause.

/** One event of the answer, with when it arrived (ms after the request was sent). */
interface Arrival {
  atMs: number;
  message: { method?: string; params?: { progressToken?: unknown; progress?: number; message?: string }; id?: unknown; result?: { content: { text: string }[]; isError: boolean } };
}

test.describe('[RUNTIME][STREAMING]', () => {
  test.setTimeout(120_000);
  let server: NextServer;
  let token = '';
  const clients: AgentMcpClient[] = [];

  test.beforeAll(async () => {
    server = await startNextServer(ownServerPort(27), { SEED_DEMO: '0', TOOLS_PLUGIN_PATH: 'plugins:e2e/fixtures/plugins' });
    token = await createRuntimeToken(server);
    const json = { 'content-type': 'application/json' };
    expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: 'narrator', name: 'Narrator' }) })).status).toBe(201);
    const assigned = await server.fetch('/api/v1/agents/narrator/tools/slow_lines', { method: 'PUT', headers: json, body: JSON.stringify({ overrides: {} }) });
    expect(assigned.status, await assigned.text()).toBe(201);
  });

  test.afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.stop();
  });

  test('[RUNTIME][STREAMING]: a runtime caller of …/invoke receives the first line of a streamed result well before the last', async () => {
    const started = performance.now();
    // As a runtime sends it: a token, and fetch asks for gzip on its own (the answer is compressed and flushed per event).
    const response = await fetch(`${server.url}/api/v1/agents/narrator/tools/slow_lines/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ arguments: { lines: 3, pauseMs: 1_000 } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const arrivals: Arrival[] = [];
    for await (const message of sseMessages<Arrival['message']>(response.body!)) arrivals.push({ atMs: performance.now() - started, message });

    expect(arrivals.map(({ message }) => message.method ?? 'result')).toEqual(['notifications/progress', 'notifications/progress', 'notifications/progress', 'result']);
    expect(arrivals.slice(0, 3).map(({ message }) => message.params)).toEqual([
      { progressToken: 'invoke', progress: 1, message: 'line 1\n' },
      { progressToken: 'invoke', progress: 2, message: 'line 2\n' },
      { progressToken: 'invoke', progress: 3, message: 'line 3\n' },
    ]);
    expect(arrivals[3]!.message).toMatchObject({ id: 'invoke', result: { isError: false, content: [{ type: 'text', text: 'line 1\nline 2\nline 3\n' }] } });
    // The tool pauses 1 s between lines: sent whole at the end, all would arrive together.
    expect(arrivals[2]!.atMs - arrivals[0]!.atMs).toBeGreaterThan(1_000);

    // The call is audited once, as a success.
    const audit = await server.fetch('/api/v1/audit?action=tool.invoke&agent=narrator&tool=slow_lines');
    const { events } = (await audit.json()) as { events: { after: { outcome: string; durationMs: number } }[] };
    expect(events).toHaveLength(1);
    expect(events[0]!.after).toMatchObject({ outcome: 'ok' });
    expect(events[0]!.after.durationMs).toBeGreaterThan(1_500);
  });

  test('[RUNTIME][STREAMING]: an MCP client that asks for progress receives each line as progress, then the whole result', async () => {
    const agent = await connectAgent(server.url, 'narrator', token);
    clients.push(agent);
    const seen: { progress: number; message?: string }[] = [];
    const result = await agent.client.callTool({ name: 'slow_lines', arguments: { lines: 3, pauseMs: 300 } }, undefined, {
      onprogress: ({ progress, message }) => seen.push({ progress, message }),
    });
    expect(seen).toEqual([
      { progress: 1, message: 'line 1\n' },
      { progress: 2, message: 'line 2\n' },
      { progress: 3, message: 'line 3\n' },
    ]);
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: 'line 1\nline 2\nline 3\n' }]);
  });

  test('[RUNTIME][STREAMING]: an MCP client that does not ask for progress gets the result alone', async () => {
    const agent = await connectAgent(server.url, 'narrator', token);
    clients.push(agent);
    let notices = 0;
    agent.client.setNotificationHandler(ProgressNotificationSchema, () => {
      notices += 1;
    });
    const result = await agent.client.callTool({ name: 'slow_lines', arguments: { lines: 2, pauseMs: 0 } });
    expect(result.content).toEqual([{ type: 'text', text: 'line 1\nline 2\n' }]);
    expect(notices).toBe(0);
  });
});
