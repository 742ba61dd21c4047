// The baseline for invoking a tool in `npm run bench`: a bare node:http server that, for every
// POST, parses the JSON body, creates `word_count` through the same registry (built-ins loaded the
// same way, plugins too) with a fresh ToolCallScope, runs it and answers `{ result, durationMs, sessionId }`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { loadPluginRegistry } from './plugin-registry';

const port = Number(process.argv[2]);
// The same plugins as the app under test (TOOLS_PLUGIN_PATH), discovered the same way.
const registry = await loadPluginRegistry(process.env.TOOLS_PLUGIN_PATH?.trim() || undefined);

http
  .createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const started = performance.now();
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { arguments: Record<string, unknown> };
        const sessionId = randomUUID();
        const tool = registry.resolve({ agentId: 'bench', toolName: 'word_count', overrides: {} }, { agentId: 'bench', sessionId, purpose: 'call' });
        const result = await tool.execute(body.arguments);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ result, durationMs: performance.now() - started, sessionId }));
      })();
    });
  })
  .listen(port, '127.0.0.1', () => console.log('listening'));
