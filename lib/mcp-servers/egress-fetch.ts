import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Readable } from 'node:stream';
import type { EgressPolicy } from './egress-policy';

/** The `fetch` the MCP SDK's HTTP transport takes. */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Headers a fetch never lets its caller set (the Fetch standard's list): the Host is always the URL's. */
const FORBIDDEN_REQUEST_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect', 'proxy-connection']);

/** Statuses whose response has no body, which `Response` refuses one for. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for one MCP server that connects only where the egress policy allows: each request
 * resolves its host through `policy` (every address checked) and opens its connection to those
 * very addresses (`lookup` answers them; no second DNS query, so a rebinding name gains
 * nothing). It never follows a redirect itself: a 3xx is answered as it is, and the MCP SDK,
 * which follows same-origin redirects only, sends the next hop through this fetch again, so
 * every hop is checked. Over node:http(s), because Node 20's bundled undici (whose `Agent`
 * takes `connect.lookup`) is not importable without the `undici` package.
 */
export function egressFetch(policy: EgressPolicy): FetchLike {
  return async (input, init = {}) => {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`Only http and https URLs are fetched, not ${url.protocol}`);
    init.signal?.throwIfAborted();
    const addresses = await policy.check(url);
    const lookup = (_hostname: string, options: LookupOptions, callback: LookupCallback) => {
      const wanted = addresses.filter((address) => !options.family || address.family === options.family);
      if (wanted.length === 0) return callback(Object.assign(new Error(`No checked address of family ${options.family}`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, wanted);
      return callback(null, wanted[0]!.address, wanted[0]!.family);
    };
    const headers = Object.fromEntries([...new Headers(init.headers).entries()].filter(([name]) => !FORBIDDEN_REQUEST_HEADERS.has(name)));
    const body = await bodyBytes(init.body);
    const method = (init.method ?? 'GET').toUpperCase();
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(url, { method, headers, lookup, agent: false, ...(init.signal ? { signal: init.signal } : {}) }, (incoming) => {
        const status = incoming.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) responseHeaders.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
        const hasBody = !NULL_BODY_STATUSES.has(status) && method !== 'HEAD';
        if (!hasBody) incoming.resume();
        // An error's body is read whole by the SDK for its message: only its start is kept.
        const source = status >= 300 ? Readable.from(firstBytes(incoming, MAX_ERROR_BODY_BYTES)) : incoming;
        const stream = hasBody ? (Readable.toWeb(source) as ReadableStream<Uint8Array>) : null;
        resolve(new Response(stream, { status, statusText: incoming.statusMessage ?? '', headers: responseHeaders }));
      });
      request.once('error', reject);
      request.end(body);
    });
  };
}

/** The most of a non-2xx answer's body read (the status shows 200 characters of it at most). */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

async function* firstBytes(incoming: http.IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    if (read >= limit) break;
    yield chunk.subarray(0, limit - read);
    read += chunk.length;
  }
  incoming.destroy();
}

async function bodyBytes(body: RequestInit['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(await new Response(body).arrayBuffer());
}
