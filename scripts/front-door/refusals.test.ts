import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontDoor } from './front-door.mjs';

const quiet = { info: () => {}, isLevelEnabled: () => false };

/** What a raw request with these headers gets back from the door: status and body. */
function send(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(method === 'POST' ? '{}' : undefined);
  });
}

/**
 * Issue 30: an MCP server URL aimed at the app itself, with an Origin made of the admin's email
 * and password, had the door's 403 repeat both into the server's status. No refusal repeats a
 * header value any more, in JSON or HTML, however the value is quoted.
 */
describe('the front door\'s refusals', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer(createFrontDoor({ handle: (_req, res) => res.end('app'), env: {}, logger: quiet, routes: [] }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const secrets = ['admin@example.test', 'Hunter2-Admin-Password'];
  it.each([
    ['Origin', { origin: `http://${secrets[0]}/${secrets[1]}` }],
    ['Origin with quotes of its own', { origin: `x"${secrets[0]}"${secrets[1]}` }],
  ])('never repeat an %s (403)', async (_what, extra) => {
    for (const accept of ['application/json', 'text/html']) {
      const path = accept === 'text/html' ? '/agents' : '/api/v1/agents';
      const answer = await send(port, path, { host: `127.0.0.1:${port}`, cookie: 'session=1', 'content-type': 'application/json', accept, ...extra }, 'POST');
      expect(answer.status).toBe(403);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
      expect(answer.body).toContain('(as sent)');
    }
  });

  it('never repeat a Host (421)', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const answer = await send(port, accept === 'text/html' ? '/' : '/api/v1/me', { host: `${secrets[0]}.${secrets[1]}.example`, accept });
      expect(answer.status).toBe(421);
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
    }
  });
});
