import net from 'node:net';
import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

let server: NextServer;
let port: number;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  port = ownServerPort(71);
  server = await startNextServer(port, {});
});

test.afterAll(async () => {
  await server?.stop();
});

/** A socket from `localAddress` that sends nothing; resolves once connected, or with the error's code. */
function silentSocket(localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    socket.once('connect', () => resolve(socket));
    // A refused connection may be reset before it is seen as connected.
    socket.once('error', () => resolve(socket));
    socket.on('data', () => {});
  });
}

/** When `socket` closes, in ms from `since`; `Infinity` if it is still open after `limitMs`. */
function closedWithin(socket: net.Socket, since: number, limitMs: number): Promise<number> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(Date.now() - since);
    const timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), Math.max(0, limitMs - (Date.now() - since)));
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - since);
    });
  });
}

/** `GET /api/health` on a connection of its own from `localAddress`: the status, or 0 when the connection was refused. */
function health(localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += String(chunk)));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0)));
    socket.on('error', () => {});
  });
}

test('[SECURITY][SOCKETS]: 1,000 silent sockets are all closed within 15 s; past 256 from one address they are refused at once, and another address is served meanwhile', async () => {
  test.setTimeout(60_000);
  const start = Date.now();
  const silent = await Promise.all(Array.from({ length: 1_000 }, () => silentSocket()));

  const servedMeanwhile = await health('127.0.0.2');
  const refusedFromSame = await health('127.0.0.1');
  const closed = await Promise.all(silent.map((socket) => closedWithin(socket, start, 15_000)));

  const sorted = [...closed].sort((a, b) => a - b);
  console.log(`1,000 silent sockets: ${sorted.filter((ms) => ms < 2_000).length} refused at once, the last closed after ${sorted.at(-1)} ms`);
  expect(servedMeanwhile).toBe(200);
  expect(refusedFromSame).toBe(0);
  expect(sorted.at(-1)).toBeLessThan(15_000);
  // The default cap: 256 held until their headers were due, the rest refused straight away.
  expect(sorted.filter((ms) => ms < 2_000).length).toBeGreaterThanOrEqual(1_000 - 256);
  expect(await health('127.0.0.1')).toBe(200);
  // One line for the whole burst of refusals.
  expect(server.output().match(/Refusing new connections from 127\.0\.0\.1/g)).toHaveLength(1);
});
