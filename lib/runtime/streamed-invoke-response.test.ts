import { beforeEach, expect, it, vi } from 'vitest';
import { createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments/put-assignment';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { AGENT_RUNTIME } from '@/lib/auth/actor';
import { sseMessages } from '@/lib/client-api/sse-messages';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import type { JsonSchema, Tool, ToolFactory, ToolRegistry } from '@/registry';
import { factory, loadRegistry, named } from '@/test/registry/test-plugins';
import { prepareToolCall } from './prepare-tool-call';
import type { RuntimeLimits } from './runtime-limits';
import { streamedInvokeResponse } from './streamed-invoke-response';

/** What the test tools did: chunks made, and whether their stream's `finally` ran. */
const state = { produced: 0, closed: false, releaseGate: () => {} };

beforeEach(() => {
  state.produced = 0;
  state.closed = false;
});

/** A tool whose result streams to the user, made of `generate`'s chunks (or, without it, only `execute`). */
function streamingTool(toolName: string, generate?: () => AsyncGenerator<string>): new () => ToolFactory {
  return named(
    `${toolName}Factory`,
    class implements ToolFactory {
      name(): string {
        return toolName;
      }
      create(): Tool {
        const tool: Tool = {
          name: () => toolName,
          description: () => toolName,
          parametersSchema: (): JsonSchema => ({ type: 'object', properties: {} }),
          streamsResultToUser: () => true,
          execute: async () => 'the whole text at once',
        };
        return generate ? { ...tool, executeStream: generate } : tool;
      }
    },
  );
}

/** The chunks, counted as the tool yields them; the stream's `finally` marks it closed. */
async function* counted(chunks: AsyncGenerator<string>): AsyncGenerator<string> {
  try {
    for await (const chunk of chunks) {
      state.produced += 1;
      yield chunk;
    }
  } finally {
    state.closed = true;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const plugins = [
  // Two lines, then waits until the test lets it make the third.
  streamingTool('gated_lines', () =>
    counted(
      (async function* () {
        yield 'one\n';
        yield 'two\n';
        await new Promise<void>((resolve) => (state.releaseGate = resolve));
        yield 'three\n';
      })(),
    ),
  ),
  // A line every 50 ms, never done.
  streamingTool('endless_lines', () =>
    counted(
      (async function* () {
        for (let line = 1; ; line += 1) {
          yield `line ${line}\n`;
          await sleep(50);
        }
      })(),
    ),
  ),
  // 400 KiB at a time, three times: 1.2 MiB in all.
  streamingTool('big_lines', () =>
    counted(
      (async function* () {
        for (let part = 0; part < 3; part += 1) yield 'x'.repeat(400 * 1024);
      })(),
    ),
  ),
  streamingTool('whole_text'),
];

const limits: RuntimeLimits = { timeoutMs: 400, maxOutputBytes: 1024 * 1024 };

async function all(response: Response): Promise<Record<string, unknown>[]> {
  const list: Record<string, unknown>[] = [];
  for await (const message of sseMessages<Record<string, unknown>>(response.body!)) list.push(message);
  return list;
}

const progress = (count: number, message: string) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'invoke', progress: count, message } });

describeEachDatabase('streamedInvokeResponse', (databases) => {
  async function setUp(): Promise<{ db: Db; registry: ToolRegistry; invoke(toolName: string): Promise<Response> }> {
    const { db } = await databases.create();
    const registry = await loadRegistry(plugins.map((plugin) => factory(plugin)));
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'caller', name: 'Caller' } });
    for (const toolName of ['gated_lines', 'endless_lines', 'big_lines', 'whole_text']) {
      await putAssignment({ db, registry, actor: TEST_ADMIN, agentId: 'caller', toolName, overrides: {} });
    }
    const invoke = async (toolName: string) =>
      streamedInvokeResponse(await prepareToolCall({ db, registry, actor: AGENT_RUNTIME, agentId: 'caller', toolName, arguments: {}, limits }));
    return { db, registry, invoke };
  }

  /** The `tool.invoke` audit events of one tool, once the calls have been written. */
  async function auditOf(db: Db, toolName: string): Promise<Record<string, unknown>[]> {
    await flushAuditEvents();
    const rows = await db.selectFrom('audit_events').select('after').where('action', '=', 'tool.invoke').where('target', '=', `agents/caller/tools/${toolName}`).execute();
    return rows.map((row) => JSON.parse(row.after ?? '{}') as Record<string, unknown>);
  }

  it('sends each chunk as progress while the tool is still working, then the whole text as the result, audited once', async () => {
    const { db, invoke } = await setUp();
    const response = await invoke('gated_lines');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reading = sseMessages<Record<string, unknown>>(response.body!);
    // Both chunks arrive while the tool waits for the gate: they were sent as they came.
    expect((await reading.next()).value).toEqual(progress(1, 'one\n'));
    expect((await reading.next()).value).toEqual(progress(2, 'two\n'));
    expect(state.produced).toBe(2);
    state.releaseGate();
    expect((await reading.next()).value).toEqual(progress(3, 'three\n'));
    const { value: result } = await reading.next();
    expect(result).toMatchObject({ jsonrpc: '2.0', id: 'invoke', result: { content: [{ type: 'text', text: 'one\ntwo\nthree\n' }], isError: false, _meta: { durationMs: expect.any(Number) } } });
    expect((await reading.next()).done).toBe(true);
    expect(await auditOf(db, 'gated_lines')).toEqual([expect.objectContaining({ outcome: 'ok', durationMs: expect.any(Number) })]);
  });

  it('ends the stream with a timed-out error result past the time limit, closes the tool\'s stream and audits once', async () => {
    const { db, invoke } = await setUp();
    const sent = await all(await invoke('endless_lines'));
    const result = sent.at(-1);
    expect(result).toMatchObject({ id: 'invoke', result: { isError: true, _meta: { timedOut: true }, content: [{ type: 'text', text: expect.stringContaining('did not finish within 400 ms') }] } });
    const chunks = sent.slice(0, -1);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks).toEqual(chunks.map((_, index) => progress(index + 1, `line ${index + 1}\n`)));
    await vi.waitFor(() => expect(state.closed).toBe(true));
    const audited = await auditOf(db, 'endless_lines');
    expect(audited).toEqual([expect.objectContaining({ outcome: 'timeout' })]);
  });

  it('ends the stream with an error result once the chunks pass 1 MiB together, closing the tool\'s stream', async () => {
    const { db, invoke } = await setUp();
    const sent = await all(await invoke('big_lines'));
    // Two chunks of 400 KiB went out; the third would pass the limit.
    expect(sent.slice(0, -1).map((message) => (message.params as { progress: number }).progress)).toEqual([1, 2]);
    expect(sent.at(-1)).toMatchObject({ result: { isError: true, _meta: { timedOut: false }, content: [{ text: expect.stringContaining('more than 1048576 bytes') }] } });
    await vi.waitFor(() => expect(state.closed).toBe(true));
    expect(state.produced).toBe(3);
    expect(await auditOf(db, 'big_lines')).toEqual([expect.objectContaining({ outcome: 'too_large' })]);
  });

  it('closes the tool\'s stream when the caller stops reading, and audits the call once as cancelled', async () => {
    const { db, invoke } = await setUp();
    const response = await invoke('endless_lines');
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await vi.waitFor(() => expect(state.closed).toBe(true));
    const produced = state.produced;
    await sleep(150);
    expect(state.produced).toBe(produced);
    await vi.waitFor(async () => expect(await auditOf(db, 'endless_lines')).toEqual([expect.objectContaining({ outcome: 'cancelled' })]));
  });

  it('sends a tool without executeStream as one result, as before', async () => {
    const { db, invoke } = await setUp();
    expect(await all(await invoke('whole_text'))).toEqual([
      { jsonrpc: '2.0', id: 'invoke', result: { content: [{ type: 'text', text: 'the whole text at once' }], isError: false, _meta: { durationMs: expect.any(Number), sessionId: expect.any(String) } } },
    ]);
    expect(await auditOf(db, 'whole_text')).toEqual([expect.objectContaining({ outcome: 'ok' })]);
  });
});
