import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerInstance, ToolRegistry } from '@/registry';
import { tracer } from '@/lib/telemetry/tracer';
import { EVERYTHING_BIN, waitFor } from '@/test/mcp-servers/processes';
import { McpServerProvider } from './mcp-server-provider';
import type { ServerConfig } from './server-config';
import { stdioGuardPath } from './server-connection';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const SECRET_MESSAGE = 'message-value-4b1d-never-in-a-span';
let server: McpServerProvider | undefined;

beforeAll(() => {
  provider.register();
});

afterAll(async () => {
  await server?.stop();
  await provider.shutdown();
  trace.disable();
});

it('records an MCP server call as a child span of the tool call that made it, without the arguments or the result', async () => {
  const config: ServerConfig = { name: 'everything', enabled: true, transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], env: {} };
  server = new McpServerProvider(config, { references: async () => () => '', guardPath: stdioGuardPath() });
  const registry = await ToolRegistry.load({ registrations: [] });
  expect(await registry.add(registerInstance('mcp:everything', 'provider', server, 'everything'))).toBeUndefined();
  server.start();
  await waitFor('connected', () => server?.isAvailable() === true, 15_000);
  const tool = registry.resolve({ agentId: 'a1', toolName: 'everything_echo', overrides: {} }, { sessionId: 's1', agentId: 'a1', purpose: 'call' });
  exporter.reset();
  // As prepareToolCall runs a tool: inside the call's active span.
  const result = await tracer().startActiveSpan('tool.call everything_echo', async (span) => {
    try {
      return await tool.execute({ message: SECRET_MESSAGE });
    } finally {
      span.end();
    }
  });
  expect(result).toBe(`Echo: ${SECRET_MESSAGE}`);
  const spans = exporter.getFinishedSpans();
  const parent = spans.find((span) => span.name === 'tool.call everything_echo');
  const child = spans.find((span) => span.name === 'mcp tools/call');
  expect(child?.attributes).toEqual({ 'tools_admin.server': 'everything', 'tools_admin.mcp_tool': 'echo' });
  expect(child?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
  expect(JSON.stringify(spans.map((span) => [span.attributes, span.events, span.status]))).not.toContain(SECRET_MESSAGE);
}, 30_000);
