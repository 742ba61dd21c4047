import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADERS_DEADLINE_MS, KEEP_ALIVE_MS, REQUEST_DEADLINE_MS } from '@/lib/http/door-constants.mjs';
import { guardConnections } from './connection-guard.mjs';
import { createFrontDoor } from './front-door.mjs';

const quiet = { info: () => {}, isLevelEnabled: () => false };
const servers: http.Server[] = [];
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  })));
});

/**
 * The app's server as scripts/server.mjs makes it (Node's limits, the front door, the guard) in
 * front of an app that answers `ok`, or at `/stream` sends its headers at once and its body
 * `streamMs` later. Answers its port and every warning the guard logged.
 */
async function guardedServer(env: Record<string, string>, streamMs = 0): Promise<{ port: number; warnings: string[] }> {
  const warnings: string[] = [];
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== '/stream') return res.end('ok');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': open\n\n');
    setTimeout(() => res.end('data: done\n\n'), streamMs).unref();
  };
  const limits = { headersTimeout: HEADERS_DEADLINE_MS, requestTimeout: REQUEST_DEADLINE_MS + 1_000, connectionsCheckingInterval: 1_000, keepAliveTimeout: KEEP_ALIVE_MS };
  const server = http.createServer(limits, createFrontDoor({ handle, env, logger: quiet, routes: [] }));
  guardConnections(server, { env, logger: { warn: (_fields, message) => warnings.push(message) } });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, warnings };
}

/** A socket to the server that sends nothing; resolves once connected. */
function silentSocket(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', reject);
    // Read (and drop) whatever comes, so the end of the stream is seen and 'close' fires.
    socket.on('data', () => {});
    sockets.push(socket);
  });
}

/** When `socket` closes, in ms from `since`. */
function closedAt(socket: net.Socket, since: number): Promise<number> {
  return new Promise((resolve) => {
    if (socket.destroyed) resolve(Date.now() - since);
    else socket.once('close', () => resolve(Date.now() - since));
  });
}

/** A GET from `localAddress` on its own connection; the status, or the error's code. */
function get(port: number, path: string, localAddress = '127.0.0.1'): Promise<{ status?: number; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

describe('the connection guard', () => {
  it('closes 1,000 sockets that send nothing within 15 s, while a stream whose headers were sent stays open past the deadline', { timeout: 40_000 }, async () => {
    const { port } = await guardedServer({ MAX_CONNECTIONS_PER_CLIENT: '2000' }, HEADERS_DEADLINE_MS + 2_000);
    const start = Date.now();
    const streamed = new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/stream', agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += String(chunk)));
        response.on('end', () => resolve(body));
      }).on('error', reject);
    });
    const silent = await Promise.all(Array.from({ length: 1_000 }, () => silentSocket(port)));

    const closed = await Promise.all(silent.map((socket) => closedAt(socket, start)));

    const last = Math.max(...closed);
    console.log(`1,000 silent sockets: the last closed after ${last} ms`);
    expect(last).toBeLessThan(15_000);
    expect(Math.min(...closed)).toBeGreaterThanOrEqual(HEADERS_DEADLINE_MS - 500);
    expect(await streamed).toBe(': open\n\ndata: done\n\n');
  });

  it('refuses connections past MAX_CONNECTIONS_PER_CLIENT from one address, logs the burst once, and serves other addresses', { timeout: 30_000 }, async () => {
    const { port, warnings } = await guardedServer({ MAX_CONNECTIONS_PER_CLIENT: '5' });
    const held = await Promise.all(Array.from({ length: 5 }, () => silentSocket(port)));

    const start = Date.now();
    const refused = await Promise.all(Array.from({ length: 20 }, () => silentSocket(port)));
    const refusedAt = await Promise.all(refused.map((socket) => closedAt(socket, start)));
    const overCap = await get(port, '/');
    const otherAddress = await get(port, '/', '127.0.0.2');

    expect(Math.max(...refusedAt)).toBeLessThan(2_000);
    expect(overCap.status).toBeUndefined();
    expect(otherAddress).toEqual({ status: 200, body: 'ok' });
    expect(warnings).toEqual(['Refusing new connections from 127.0.0.1: it holds 5 open, the most MAX_CONNECTIONS_PER_CLIENT allows (5); logged once while this goes on']);
    for (const socket of held) socket.destroy();
    await Promise.all(held.map((socket) => closedAt(socket, start)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await get(port, '/')).toEqual({ status: 200, body: 'ok' });
  });

  it('counts a keep-alive connection that sent its request as open, not silent, and 0 turns the cap off', { timeout: 30_000 }, async () => {
    const { port, warnings } = await guardedServer({ MAX_CONNECTIONS_PER_CLIENT: '0' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await new Promise<number | undefined>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        }).on('error', reject);
      });
      expect(first).toBe(200);
      const many = await Promise.all(Array.from({ length: 300 }, () => silentSocket(port)));
      expect(many.every((socket) => !socket.destroyed)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, HEADERS_DEADLINE_MS + 1_500));
      // The silent ones are gone; the keep-alive connection is still there and answers again.
      expect(many.every((socket) => socket.destroyed)).toBe(true);
      const reused = await new Promise<boolean>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(request.reusedSocket));
        });
        request.on('error', reject);
      });
      expect(reused).toBe(true);
      expect(warnings).toEqual([]);
    } finally {
      agent.destroy();
    }
  });
});
