import 'server-only';
import path from 'node:path';
import type { Stream } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { resolveReferences, type ReferenceLookup, type ServerConfig } from './server-config';
import { annotationsFrom, type McpToolInfo } from './mcp-tool';

/** What the app says about itself at `initialize`. */
const CLIENT_INFO = { name: 'tools-admin', version: '0.1.0' };
/** How many `tools/list` pages one refresh follows at most (the registry keeps 10,000 names). */
const MAX_PAGES = 1000;

/** The guard every stdio server runs under, so it dies with the app (scripts/mcp-stdio-guard.mjs). */
export function stdioGuardPath(appRoot: string = process.cwd()): string {
  return path.join(/* turbopackIgnore: true */ appRoot, 'scripts', 'mcp-stdio-guard.mjs');
}

/** A transport and, for stdio, its stderr and pid. */
export interface OpenedTransport {
  transport: Transport;
  stderr?: Stream | null;
  pid?: () => number | null;
}

/**
 * The transport for a server's configuration, with its references resolved by `lookup`
 * (`referenceLookup`: secrets, allowed environment variables). Throws when one cannot be resolved
 * (the server is then unavailable with that reason, which names the reference, never a value).
 * A stdio child's environment is the SDK's few basics (PATH, HOME…) and the entry's own `env`,
 * nothing else of the app's.
 */
export function openTransport(config: ServerConfig, lookup: ReferenceLookup, guardPath: string): OpenedTransport {
  if (config.transport === 'http') {
    const url = new URL(resolveReferences(config.url, lookup));
    const headers = resolveReferences(config.headers, lookup);
    return { transport: new StreamableHTTPClientTransport(url, { requestInit: { headers } }) };
  }
  const args = resolveReferences(config.args, lookup);
  const serverEnv = resolveReferences(config.env, lookup);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [guardPath, config.command, ...args],
    env: { ...getDefaultEnvironment(), ...serverEnv },
    stderr: 'pipe',
  });
  return { transport, stderr: transport.stderr, pid: () => transport.pid };
}

/** A new SDK client of the app. */
export function newClient(): Client {
  return new Client(CLIENT_INFO, { capabilities: {} });
}

/** Every tool the server lists now, following `nextCursor`. */
export async function listAllTools(client: Client, timeoutMs: number): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
    for (const tool of result.tools) {
      const annotations = annotationsFrom(tool.annotations);
      tools.push({
        name: tool.name,
        description: tool.description ?? tool.title ?? '',
        inputSchema: tool.inputSchema as Record<string, unknown>,
        ...(annotations ? { annotations } : {}),
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

/** A reason an admin can act on, from an SDK or network error. */
export function describeConnectError(error: unknown, timeoutMs: number): string {
  const value = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  const message = typeof value?.message === 'string' ? value.message : String(error);
  if (value?.code === 401 || value?.code === 403 || value?.name === 'UnauthorizedError' || /\b(401|403)\b|unauthori[sz]ed|forbidden/i.test(message)) {
    return `Authentication failed: the server refused the credentials (${message}); check the headers and the variables they reference`;
  }
  if (value?.code === -32001 || /timed? ?out/i.test(message)) {
    return `Timed out: the server did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`;
  }
  if (/ECONNREFUSED|fetch failed/i.test(message)) return `Cannot reach the server: ${message}`;
  return message;
}
