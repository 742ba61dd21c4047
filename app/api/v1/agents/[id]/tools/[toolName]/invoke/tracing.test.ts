import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { createToken } from '@/lib/auth/create-token';
import { PUT } from '../route';
import { POST as invoke } from './route';
import { takeTraceId } from '@/lib/telemetry/trace-ids.mjs';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
// An argument value that must never appear in a span.
const SECRET_ARGUMENT = 'argument-value-7f3a9c-never-in-a-span';

beforeAll(() => {
  provider.register();
});

afterAll(async () => {
  await provider.shutdown();
  trace.disable();
});

/** Every attribute value, event and status text of the spans, as one string to search. */
function everything(spans: readonly ReadableSpan[]): string {
  return JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status, links: span.links })));
}

describeApi('OpenTelemetry spans of requests and tool calls', (database) => {
  let token = '';
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    token = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'traced', name: 'Traced' } });
    await callRoute(PUT, apiRequest('/api/v1/agents/traced/tools/word_count', { method: 'PUT', json: { overrides: {} } }), { id: 'traced', toolName: 'word_count' });
    exporter.reset();
  });

  const call = (args: unknown, requestId: string) =>
    callRoute(invoke, apiRequest('/api/v1/agents/traced/tools/word_count/invoke', { method: 'POST', json: { arguments: args }, as: { token }, headers: { 'x-request-id': requestId } }), {
      id: 'traced',
      toolName: 'word_count',
    });

  it('records a request span with the tool call as its child: agent, tool, outcome, duration, never the arguments or the result', async () => {
    exporter.reset();
    const response = await call({ text: `${SECRET_ARGUMENT} two three` }, 'req-ok-1');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Word count: 3');
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'POST /api/v1/agents/{id}/tools/{toolName}/invoke');
    const toolCall = spans.find((span) => span.name === 'tool.call word_count');
    expect(request?.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200, 'tools_admin.request_id': 'req-ok-1' });
    expect(toolCall?.attributes).toMatchObject({ 'tools_admin.agent': 'traced', 'tools_admin.tool': 'word_count', 'tools_admin.outcome': 'ok' });
    expect(toolCall?.attributes['tools_admin.duration_ms']).toEqual(expect.any(Number));
    expect(toolCall?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(toolCall?.spanContext().traceId).toBe(request?.spanContext().traceId);
    // The front door's log line names this trace id beside the request id.
    expect(takeTraceId('req-ok-1')).toBe(request?.spanContext().traceId);
    expect(everything(spans)).not.toContain(SECRET_ARGUMENT);
    expect(everything(spans)).not.toContain('Word count: 3');
  });

  it('marks a failed call with its outcome and keeps its arguments out, even those the error quotes', async () => {
    exporter.reset();
    const response = await call({ text: 42, other: SECRET_ARGUMENT }, 'req-bad-1');
    expect(response.status).toBe(400);
    const spans = exporter.getFinishedSpans();
    expect(spans.find((span) => span.name === 'tool.call word_count')?.attributes).toMatchObject({ 'tools_admin.outcome': 'invalid_arguments' });
    expect(spans.find((span) => span.name.startsWith('POST '))?.attributes).toMatchObject({ 'http.response.status_code': 400 });
    expect(everything(spans)).not.toContain(SECRET_ARGUMENT);
  });
});
