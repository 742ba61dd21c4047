import 'server-only';
import path from 'node:path';
import type { Stream } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { egressFetch } from './egress-fetch';
import { egressPolicy, ownAddressOf } from './egress-policy';
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

/**
 * Puts back, in a text from outside, every reference the connection resolved: each value (as is
 * and URL-encoded) becomes the reference as written, e.g. `${secret:TOKEN}`.
 */
export type Redact = (text: string) => string;

/**
 * A lookup that remembers what it resolved, and the `Redact` of those values. Trust boundary: an
 * upstream may echo what it was sent (its Authorization header, its URL with the query) into an
 * error body, and a stdio server may print its environment to stderr; those words reach a status's
 * `detail` and a connection test's answer, so the values are taken out before they are cut to
 * length (a value is never shown in part either).
 */
function recordingLookup(lookup: ReferenceLookup): { lookup: ReferenceLookup; redact: Redact } {
  const resolved = new Map<string, string>();
  return {
    lookup: (reference) => {
      const value = lookup(reference);
      if (value !== '') resolved.set(value, reference.text);
      return value;
    },
    redact: (text) => {
      let result = text;
      // Longest first, so a value that holds another is replaced whole.
      for (const [value, reference] of [...resolved].sort(([a], [b]) => b.length - a.length)) {
        for (const form of new Set([value, encodeURIComponent(value)])) result = result.split(form).join(reference);
      }
      return result;
    },
  };
}

/** A transport, the `Redact` of the values its references resolved to, and, for stdio, its stderr and pid. */
export interface OpenedTransport {
  redact: Redact;
  transport: Transport;
  stderr?: Stream | null;
  pid?: () => number | null;
}

/**
 * The transport for a server's configuration, with its references resolved by `lookup`
 * (`referenceLookup`: secrets, allowed environment variables). Throws when one cannot be resolved
 * (the server is then unavailable with that reason, which names the reference, never a value).
 * An HTTP server is reached only through `egressFetch` under the egress policy of `env`
 * (`MCP_ALLOWED_HOSTS`): every request, and so every redirect hop, is checked and pinned.
 * A stdio child's environment is the SDK's few basics (PATH, HOME…) and the entry's own `env`,
 * nothing else of the app's.
 */
export function openTransport(
  config: ServerConfig,
  lookup: ReferenceLookup,
  guardPath: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): OpenedTransport {
  const { lookup: recording, redact } = recordingLookup(lookup);
  if (config.transport === 'http') {
    const url = new URL(resolveReferences(config.url, recording));
    const headers = resolveReferences(config.headers, recording);
    const fetch = egressFetch(egressPolicy({ allowed: env.MCP_ALLOWED_HOSTS, own: ownAddressOf(env) }));
    return { redact, transport: new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch, redirectPolicy: 'same-origin' }) };
  }
  const args = resolveReferences(config.args, recording);
  const serverEnv = resolveReferences(config.env, recording);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [guardPath, config.command, ...args],
    env: { ...getDefaultEnvironment(), ...serverEnv },
    stderr: 'pipe',
  });
  return { redact, transport, stderr: transport.stderr, pid: () => transport.pid };
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

/** What kind of failure a connection met: all that viewers and tokens see of it. */
export type FailureKind = 'blocked' | 'refused' | 'unresolved' | 'timeout' | 'tls' | 'auth' | 'http' | 'protocol' | 'cut' | 'config' | 'stopped' | 'failed';

/**
 * A failed connection as the app says it: `reason` in the app's own words only (the kind, an
 * HTTP status code, a timeout, an exit code), which anyone who may read the catalogue sees;
 * `detail` with at most `MAX_DETAIL_CHARS` of the upstream's own words (a body, a message, a
 * certificate error, stderr), which only those who may test connections see (`servers:test`).
 */
export interface ConnectFailure {
  kind: FailureKind;
  reason: string;
  detail?: string;
}

/** The most of an upstream's own words a status shows. */
export const MAX_DETAIL_CHARS = 200;

/** Text from outside, made one short line: control characters out, at most `MAX_DETAIL_CHARS`. */
export function upstreamWords(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS - 1)}…` : flat;
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/**
 * A reason an admin can act on, from an SDK or network error: what failed, and the upstream's
 * words apart, with the connection's resolved references put back by `redact` (`OpenedTransport`).
 */
export function describeConnectError(error: unknown, timeoutMs: number, redact: Redact = (text) => text): ConnectFailure {
  const chain: { code?: unknown; name?: unknown; message?: unknown }[] = [];
  for (let current: unknown = error; current && typeof current === 'object' && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current as { code?: unknown; name?: unknown; message?: unknown });
  }
  const first = chain[0];
  const message = redact(typeof first?.message === 'string' ? first.message : String(error));
  const codes = chain.map((item) => item.code);
  const codeOf = (pattern: RegExp) => codes.find((code): code is string => typeof code === 'string' && pattern.test(code));
  const words = (text: string) => {
    const detail = upstreamWords(text);
    return detail === '' ? {} : { detail };
  };
  if (chain.some((item) => item.name === 'EgressBlockedError')) {
    return { kind: 'blocked', reason: 'Blocked by the egress policy: the server\'s address may not be connected to', detail: upstreamWords(message) };
  }
  if (codeOf(/^ECONNREFUSED$/)) return { kind: 'refused', reason: 'Connection refused: nothing accepts connections at the server\'s address' };
  if (codeOf(/^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME)$/)) return { kind: 'unresolved', reason: 'The server\'s host name does not resolve' };
  const tls = codeOf(TLS_CODE) ?? (codeOf(/^EPROTO$/) && /SSL|TLS/i.test(message) ? 'EPROTO' : undefined);
  if (tls) return { kind: 'tls', reason: 'TLS failed: the server\'s certificate or handshake was not accepted', detail: tls };
  const status = typeof first?.code === 'number' ? first.code : undefined;
  if (status === 401 || status === 403 || first?.name === 'UnauthorizedError') {
    return { kind: 'auth', reason: `Authentication failed: the server answered HTTP ${status ?? 401}; check the headers and the references they hold`, ...words(httpWords(message)) };
  }
  if (codes.includes(-32001) || codeOf(/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/) || /timed? ?out/i.test(message)) {
    return { kind: 'timeout', reason: `Timed out: the server did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}` };
  }
  if (status !== undefined && status >= 300 && status <= 599) return { kind: 'http', reason: `The server answered HTTP ${status}`, ...words(httpWords(message)) };
  if (codeOf(/^(ECONNRESET|EPIPE|ECONNABORTED|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET)$/) || /socket hang up/i.test(message)) {
    return { kind: 'cut', reason: 'The connection was cut or the address is unreachable', ...words(codeOf(/^E/) ?? '') };
  }
  if (status === -1 || typeof first?.code === 'number' || first?.name === 'McpError' || first?.name === 'ZodError' || first?.name === 'SyntaxError') {
    return { kind: 'protocol', reason: 'Protocol error: the server\'s answer is not what MCP expects', ...words(message) };
  }
  return { kind: 'failed', reason: 'The connection failed', ...words(message) };
}

/** An SDK HTTP error's message without the SDK's own prefix: the status text or body the server sent. */
function httpWords(message: string): string {
  return message.replace(/^Streamable HTTP error: /, '').replace(/^(Error POSTing to endpoint|Failed to open SSE stream|Failed to send DELETE request)(?: \(HTTP \d+\))?: /, '');
}
