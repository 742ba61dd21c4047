import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { expect, test } from '../support/test';
import { signInCookie } from '../support/e2e-admin';
import { httpRequest } from '../support/http-request';
import { startNextServer } from '../support/next-server';
import { E2E_PORT, ownServerPort } from '../support/ports';

const app = `http://127.0.0.1:${E2E_PORT}`;

let adminCookie = '';

async function agentIds(): Promise<string[]> {
  const response = await fetch(`${app}/api/v1/agents`, { headers: { cookie: adminCookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { agents: { id: string }[] }).agents.map((agent) => agent.id).sort();
}

function createBody(id: string): string {
  return JSON.stringify({ id, name: `Agent ${id}` });
}

/** The local addresses of the sockets listening on `port`, from /proc/net/tcp and tcp6 (hex, as the kernel writes them). */
function listeningAddresses(port: number): string[] {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${portHex}`))
      .map((fields) => fields[1]?.split(':')[0] ?? ''),
  );
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

test.describe('[SECURITY][DOORS]', () => {
  test.beforeAll(async () => {
    adminCookie = await signInCookie(app);
  });

  test('[SECURITY][DOORS]: the server listens on loopback only when HOST is not set', async () => {
    test.setTimeout(120_000);
    const port = ownServerPort(20);
    const server = await startNextServer(port, { HOST: '' });
    try {
      // 0100007F is 127.0.0.1 in the kernel's byte order; 00000000 would be every interface.
      expect(listeningAddresses(port)).toEqual(['0100007F']);
      const outside = Object.values(os.networkInterfaces()).flat().filter((address) => address && !address.internal);
      expect(outside.length, 'this machine needs a non-loopback address to try').toBeGreaterThan(0);
      for (const address of outside) expect(await connects(address?.address ?? '', port), address?.address).toBe(false);
      expect(await connects('127.0.0.1', port)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  test('[SECURITY][DOORS]: a write for a foreign Host is refused and changes nothing', async () => {
    const before = await agentIds();

    const write = await httpRequest(`${app}/api/v1/agents`, {
      method: 'POST',
      headers: { host: `rebind.attacker.example:${E2E_PORT}`, 'content-type': 'application/json', cookie: adminCookie, origin: `http://rebind.attacker.example:${E2E_PORT}` },
      body: createBody('rebound-agent'),
    });
    const page = await httpRequest(`${app}/agents`, { headers: { host: 'rebind.attacker.example', accept: 'text/html' } });

    expect(write.status).toBe(421);
    expect(write.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(write.body)).toMatchObject({ status: 421, detail: expect.stringContaining('ALLOWED_HOSTS') });
    // The refusal names no value the request sent: a header is never reflected (issue 30).
    expect(write.body).not.toContain('rebind.attacker.example');
    expect(page.body).not.toContain('rebind.attacker.example');
    expect(page.status).toBe(421);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('ALLOWED_HOSTS');
    expect(await agentIds()).toEqual(before);
  });

  test('[SECURITY][DOORS]: a signed-in admin\'s cookie write with a foreign, null or missing Origin gets 403 and changes nothing', async () => {
    const before = await agentIds();
    const origins: (string | undefined)[] = ['http://attacker.example', 'null', undefined, `http://localhost:${E2E_PORT}`];

    for (const [index, origin] of origins.entries()) {
      const response = await httpRequest(`${app}/api/v1/agents`, {
        method: 'POST',
        headers: { cookie: adminCookie, 'content-type': 'application/json', ...(origin === undefined ? {} : { origin }) },
        body: createBody(`cookie-write-${index}`),
      });
      expect(response.status, String(origin)).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ status: 403, requestId: response.headers['x-request-id'] });
    }
    const deletion = await httpRequest(`${app}/api/v1/agents/${before[0] ?? 'demo'}`, { method: 'DELETE', headers: { cookie: adminCookie, origin: 'null', 'if-match': '*' } });
    expect(deletion.status).toBe(403);
    expect(await agentIds()).toEqual(before);

    // The same write from the app's own origin is let through.
    const own = await httpRequest(`${app}/api/v1/agents`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json', origin: app },
      body: createBody(`own-origin-${Date.now()}`),
    });
    expect(own.status).toBe(201);
  });

  test('[SECURITY][DOORS]: a signed-in admin\'s cookie save of an assignment with a foreign, null or missing Origin gets 403 and saves nothing', async () => {
    const agent = (await agentIds())[0] ?? 'demo';
    const assignment = `${app}/api/v1/agents/${agent}/tools/word_count`;
    // The assignment as stored, or the status that says there is none.
    const current = async () => {
      const response = await fetch(assignment, { headers: { cookie: adminCookie } });
      return response.status === 200 ? ((await response.json()) as unknown) : response.status;
    };
    const was = await current();
    for (const origin of ['http://attacker.example', 'null', undefined]) {
      const response = await httpRequest(assignment, {
        method: 'PUT',
        headers: { cookie: adminCookie, 'content-type': 'application/json', 'if-match': '*', ...(origin === undefined ? {} : { origin }) },
        body: JSON.stringify({ overrides: {} }),
      });
      expect(response.status, String(origin)).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ status: 403, requestId: response.headers['x-request-id'] });
    }
    expect(await current()).toEqual(was);
  });

  test('[SECURITY][DOORS]: the bench\'s floor route is off in a normal server: 404 to every method, signed in or not', async () => {
    for (const kind of ['catalogue', 'invoke', 'assignment']) {
      for (const method of ['GET', 'POST', 'PUT']) {
        for (const headers of [{}, { cookie: adminCookie, origin: app }] as Record<string, string>[]) {
          const response = await fetch(`${app}/api/bench-floor/${kind}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: method === 'GET' ? undefined : '{"arguments":{}}' });
          expect(response.status, `${method} ${kind}`).toBe(404);
        }
      }
    }
  });

  test('[SECURITY][DOORS]: security headers are on a page, an API answer, an error and a static file', async () => {
    const signedIn = { headers: { cookie: adminCookie } };
    const page = await fetch(`${app}/agents`, signedIn);
    const html = await page.text();
    const api = await fetch(`${app}/api/v1/tools?view=summary`, signedIn);
    const problem = await fetch(`${app}/api/v1/agents/no-such-agent`, signedIn);
    const missingPage = await fetch(`${app}/no/such/page`, signedIn);
    const script = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${app}${script}`);

    for (const [what, response, status] of [['page', page, 200], ['API', api, 200], ['problem', problem, 404], ['missing page', missingPage, 404], ['asset', asset, 200]] as const) {
      expect(response.status, what).toBe(status);
      const headers = response.headers;
      expect(headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(headers.get('referrer-policy'), what).toBe('same-origin');
      expect(headers.get('permissions-policy'), what).toContain('camera=()');
      expect(headers.get('x-powered-by'), what).toBeNull();
      expect(headers.get('access-control-allow-origin'), what).toBeNull();
      expect(headers.get('x-request-id'), what).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Pages allow no inline script but Next's own, each with this response's nonce.
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic' 'unsafe-eval';/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    expect(await problem.json()).toMatchObject({ status: 404, requestId: problem.headers.get('x-request-id') });
  });
});
