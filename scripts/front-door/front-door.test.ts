import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { BODY_CODING_HEADER, CLIENT_ADDRESS_HEADER } from '@/lib/http/door-constants.mjs';
import { createFrontDoor } from './front-door.mjs';

const quiet = { info: () => {}, isLevelEnabled: () => false };

/** A real server behind the door whose "app" answers with the address the door gave the request. */
async function doorWith(env: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => res.end(String(req.headers[CLIENT_ADDRESS_HEADER]));
  const server = http.createServer(createFrontDoor({ handle, env, logger: quiet, routes: [] }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/me`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the app was told the client's address is, for a request claiming `forwardedFor`. */
async function clientSeen(url: string, forwardedFor: string): Promise<string> {
  const response = await fetch(url, { headers: { 'x-forwarded-for': forwardedFor, [CLIENT_ADDRESS_HEADER]: '203.0.113.9' } });
  return response.text();
}

describe('the client address the front door hands the app', () => {
  const servers: Record<string, Awaited<ReturnType<typeof doorWith>>> = {};

  beforeAll(async () => {
    for (const value of ['unset', '0', 'off', '1', '2', 'true']) servers[value] = await doorWith(value === 'unset' ? {} : { TRUST_PROXY: value });
  });

  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.close()));
  });

  it.each(['unset', '0', 'off'])('is the TCP peer with TRUST_PROXY %s, whatever X-Forwarded-For and the header itself claim', async (value) => {
    expect(await clientSeen(servers[value]!.url, '10.0.0.1, 198.51.100.4')).toBe('127.0.0.1');
  });

  it.each(['1', '2', 'true'])('is the last X-Forwarded-For entry, the proxy\'s, with TRUST_PROXY=%s', async (value) => {
    expect(await clientSeen(servers[value]!.url, '10.0.0.1, 198.51.100.4')).toBe('198.51.100.4');
  });
});

describe('a body the route encoded itself', () => {
  it('goes out with the coding the route named as its Content-Encoding, and the naming header stays inside', async () => {
    const coded = gzipSync('{"tools":[]}');
    const handle = (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader(BODY_CODING_HEADER, 'gzip');
      res.end(coded);
    };
    const server = http.createServer(createFrontDoor({ handle, env: {}, logger: quiet, routes: [] }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/tools`);

      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get(BODY_CODING_HEADER)).toBeNull();
      // fetch decodes the gzip coding: the client reads the route's JSON.
      expect(await response.text()).toBe('{"tools":[]}');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
