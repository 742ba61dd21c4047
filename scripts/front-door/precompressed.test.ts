import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, gzipEtagOf, precompress } from './precompressed.mjs';

const catalogue = JSON.stringify({ tools: Array.from({ length: 2000 }, (_, i) => ({ name: `tool_${i}`, group: 'g', description: 'Does one thing.' })) });
let etag = '"v1"';
let nextCompressed = 0;

// Stands in for Next: sets headers, streams the body in chunks as Next's pipe does (flushHeaders, write, end).
function next(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (/gzip/.test(String(req.headers['accept-encoding']))) nextCompressed++;
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/v1/tools/missing') {
    res.statusCode = 404;
    res.setHeader('content-type', 'application/problem+json');
    return void res.end('{"title":"Not Found"}');
  }
  res.setHeader('etag', etag);
  res.setHeader('content-type', 'application/json');
  if (req.headers['if-none-match'] === etag || req.headers['if-none-match'] === gzipEtagOf(etag)) {
    res.statusCode = 304;
    return void res.end();
  }
  res.statusCode = 200;
  res.flushHeaders();
  // As Next's compression layer does before its first write, unless the headers went out.
  if (!res.headersSent) res.writeHead(200);
  const half = catalogue.length >> 1;
  res.write(catalogue.slice(0, half));
  res.end(Buffer.from(catalogue.slice(half)));
}

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    precompress(req, res, new URL(req.url ?? '/', 'http://x').pathname);
    next(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('gzip of the catalogue at the front door', () => {
  it('answers gzip to a client that accepts it: the same JSON once decoded, with its length, its own ETag and Vary', async () => {
    const response = await get('/api/v1/tools?view=summary', { 'accept-encoding': 'gzip, deflate, br' });

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(response.headers.etag).toBe(gzipEtagOf(etag));
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.body).toString()).toBe(catalogue);
    expect(response.body.length).toBeLessThan(catalogue.length / 5);
  });

  it('keeps Next from compressing the body a second time', async () => {
    const before = nextCompressed;
    await get('/api/v1/tools', { 'accept-encoding': 'gzip' });

    expect(nextCompressed).toBe(before);
  });

  it('sends the same gzip bytes again while the ETag is the same, and new bytes for a new ETag', async () => {
    const first = await get('/api/v1/tools', { 'accept-encoding': 'gzip' });
    const second = await get('/api/v1/tools', { 'accept-encoding': 'gzip' });
    expect(second.body.equals(first.body)).toBe(true);

    etag = '"v2"';
    const changed = await get('/api/v1/tools', { 'accept-encoding': 'gzip' });
    expect(changed.headers.etag).toBe(gzipEtagOf('"v2"'));
    etag = '"v1"';
  });

  it('answers 304 with the gzip ETag when the client revalidates with it', async () => {
    const response = await get('/api/v1/tools', { 'accept-encoding': 'gzip', 'if-none-match': gzipEtagOf(etag) });

    expect(response.status).toBe(304);
    expect(response.headers.etag).toBe(gzipEtagOf(etag));
    expect(response.body.length).toBe(0);
  });

  it('passes plain JSON through to a client that does not accept gzip', async () => {
    for (const encoding of [undefined, 'identity', 'br', 'gzip;q=0']) {
      const response = await get('/api/v1/tools', encoding ? { 'accept-encoding': encoding } : {});

      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.etag).toBe(etag);
      expect(response.body.toString()).toBe(catalogue);
    }
  });

  it('passes an answer without an ETag (a problem) through as it was written', async () => {
    const response = await get('/api/v1/tools/missing', { 'accept-encoding': 'gzip' });

    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe('{"title":"Not Found"}');
  });

  it('leaves other addresses to Next', async () => {
    const before = nextCompressed;
    const response = await get('/api/v1/agents', { 'accept-encoding': 'gzip' });

    expect(nextCompressed).toBe(before + 1);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('acceptsGzip', () => {
  it('accepts gzip as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
  });

  it('refuses gzip when the header is missing, names other codings only, or weighs gzip zero', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
  });

  it('takes a wildcard as gzip unless gzip itself is named', () => {
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('gzip;q=0.5, *;q=0')).toBe(true);
  });
});
