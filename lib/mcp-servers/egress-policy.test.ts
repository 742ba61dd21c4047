import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startCountingListener, type CountingListener } from '@/test/mcp-servers/counting-listener';
import { egressFetch } from './egress-fetch';
import { EgressBlockedError, egressPolicy, normalizeHost, urlEgressProblem, type Resolver } from './egress-policy';
import { describeConnectError } from './server-connection';

/** A resolver that answers from a table (each name a list of answers, one per call, the last repeated) and records what it was asked. */
function fakeResolver(table: Record<string, string[][]>): Resolver & { asked: string[] } {
  const calls = new Map<string, number>();
  const asked: string[] = [];
  const resolver = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const call = calls.get(hostname) ?? 0;
    calls.set(hostname, call + 1);
    return answers[Math.min(call, answers.length - 1)]!.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { asked });
}

const hostOf = (url: string) => new URL(url).hostname;

describe('normalising a host', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '127.0.0.1'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '127.0.0.1'],
    ['http://[::ffff:a9fe:a9fe]/', '169.254.169.254'],
    ['http://[64:ff9b::a00:1]/', '10.0.0.1'],
    ['http://[::1]/', '::1'],
    ['http://LOCALHOST./', 'localhost'],
    ['http://metadata.google.internal../', 'metadata.google.internal'],
    ['http://[FD00:EC2::254]/', 'fd00:ec2::254'],
  ])('%s is %s', (url, host) => {
    expect(normalizeHost(hostOf(url))).toBe(host);
  });
});

describe('the egress policy', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://224.0.0.1/',
    'http://[ff02::1]/',
    'http://255.255.255.255/',
    'http://metadata.google.internal/',
    'http://metadata.google.internal./',
  ];
  it.each(refused)('refuses %s without asking DNS', async (url) => {
    const resolver = fakeResolver({});
    await expect(egressPolicy({ allowed: '', resolver }).resolve(hostOf(url))).rejects.toBeInstanceOf(EgressBlockedError);
    expect(resolver.asked).toEqual([]);
  });

  it('refuses a name when any of its addresses is forbidden, and answers the checked addresses of one that is not', async () => {
    const resolver = fakeResolver({ localhost: [['127.0.0.1', '::1']], 'mixed.test': [['93.184.215.14', '10.0.0.5']], 'public.test': [['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']], 'mapped.test': [['::ffff:192.168.0.1']] });
    const policy = egressPolicy({ allowed: '', resolver });
    await expect(policy.resolve('localhost')).rejects.toThrow('localhost resolves to 127.0.0.1, which is a loopback address; an operator may allow it in MCP_ALLOWED_HOSTS');
    await expect(policy.resolve('mixed.test')).rejects.toThrow(/10\.0\.0\.5, which is a private address/);
    await expect(policy.resolve('mapped.test')).rejects.toThrow(/192\.168\.0\.1, which is a private address/);
    expect(await policy.resolve('public.test')).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
  });

  it('lets the operator allow names, addresses and ranges, and metadata endpoints only by their exact name or address', async () => {
    const resolver = fakeResolver({ 'mcp.internal': [['10.0.0.7']], 'other.internal': [['10.0.0.8']], 'metadata.google.internal': [['169.254.169.254']] });
    const policy = egressPolicy({ allowed: ' 127.0.0.1, mcp.internal ,192.168.0.0/16, 169.254.0.0/16, [::1], not a host!, 10.0.0.0/99', resolver });
    expect(await policy.resolve('127.0.0.1')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await policy.resolve(hostOf('http://2130706433/'))).toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(policy.resolve('127.0.0.2')).rejects.toBeInstanceOf(EgressBlockedError);
    expect(await policy.resolve('[::1]')).toEqual([{ address: '::1', family: 6 }]);
    expect(await policy.resolve('192.168.44.5')).toHaveLength(1);
    expect(await policy.resolve('mcp.internal')).toEqual([{ address: '10.0.0.7', family: 4 }]);
    await expect(policy.resolve('other.internal')).rejects.toThrow(/10\.0\.0\.8/);
    expect(await policy.resolve('169.254.1.1')).toHaveLength(1);
    await expect(policy.resolve('169.254.169.254')).rejects.toThrow(/metadata/);
    await expect(policy.resolve('metadata.google.internal')).rejects.toThrow(/metadata/);
    const exact = egressPolicy({ allowed: '169.254.169.254,metadata.google.internal', resolver });
    expect(await exact.resolve('169.254.169.254')).toHaveLength(1);
    expect(await exact.resolve('metadata.google.internal')).toHaveLength(1);
  });

  it('never lets the app be its own MCP server: its own names, and its own port on this host, even where the operator allows the address', async () => {
    const own = { port: 3456, names: new Set(['tools.example.com']) };
    const policy = egressPolicy({ allowed: '127.0.0.1,tools.example.com', own, resolver: fakeResolver({ 'tools.example.com': [['93.184.215.14']] }) });
    await expect(policy.check(new URL('http://127.0.0.1:3456/api/v1/agents/demo/mcp'))).rejects.toThrow(/port 3456 of this host is this app/);
    await expect(policy.check(new URL('http://[::ffff:127.0.0.1]:3456/mcp'))).rejects.toThrow(/this app/);
    await expect(policy.check(new URL('https://tools.example.com/api/v1/agents/demo/mcp'))).rejects.toThrow(/this app's own name/);
    expect(await policy.check(new URL('http://127.0.0.1:3457/mcp'))).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('refuses at save only what it refuses now; a name that does not resolve, or a host made of a reference, waits for the connection', async () => {
    const policy = egressPolicy({ allowed: '', resolver: fakeResolver({}) });
    expect(await urlEgressProblem('http://2130706433:8080/mcp', policy)).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(await urlEgressProblem('http://nowhere.invalid/mcp', policy)).toBeUndefined();
    expect(await urlEgressProblem('http://${MCP_HOST}/mcp', policy)).toBeUndefined();
  });
});

describe('connecting through the policy', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const listen = async (host: string, handler: http.RequestListener, port = 0) => {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    closers.push(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return (server.address() as AddressInfo).port;
  };
  const counting = async (host: string, port = 0): Promise<CountingListener> => {
    const listener = await startCountingListener(host, port);
    closers.push(() => listener.close());
    return listener;
  };

  it('connects to the address it checked, never looking the name up again', async () => {
    const port = await listen('127.0.0.1', (_request, response) => response.end('pinned'));
    // No DNS knows this name: only the policy's answer can have taken the request there.
    const resolver = fakeResolver({ 'pinned.test': [['127.0.0.1']] });
    const fetch = egressFetch(egressPolicy({ allowed: '127.0.0.1', resolver }));
    const response = await fetch(`http://pinned.test:${port}/`);
    expect(await response.text()).toBe('pinned');
    expect(resolver.asked).toEqual(['pinned.test']);
  });

  it('sends the URL\'s own Host, whatever Host header the configuration names', async () => {
    const port = await listen('127.0.0.1', (request, response) => response.end(request.headers.host));
    const fetch = egressFetch(egressPolicy({ allowed: '127.0.0.1', resolver: fakeResolver({}) }));
    expect(await (await fetch(`http://127.0.0.1:${port}/`, { headers: { Host: 'localhost:3000' } })).text()).toBe(`127.0.0.1:${port}`);
  });

  it('reads at most 64 KiB of an error\'s body', async () => {
    const port = await listen('127.0.0.1', (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('x'.repeat(1024 * 1024));
    });
    const fetch = egressFetch(egressPolicy({ allowed: '127.0.0.1', resolver: fakeResolver({}) }));
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(answer.status).toBe(500);
    expect((await answer.text()).length).toBe(64 * 1024);
  });

  it('refuses a name that rebinds to a forbidden address on the next request, and that address sees no connection', async () => {
    const allowed = await listen('127.0.0.1', (_request, response) => response.end('first'));
    const forbidden = await counting('127.0.0.2', allowed);
    const fetch = egressFetch(egressPolicy({ allowed: '127.0.0.1', resolver: fakeResolver({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] }) }));
    expect(await (await fetch(`http://rebind.test:${allowed}/`)).text()).toBe('first');
    await expect(fetch(`http://rebind.test:${allowed}/`)).rejects.toBeInstanceOf(EgressBlockedError);
    expect(forbidden.connections()).toBe(0);
  });

  it('never follows a redirect itself, and the MCP client following one to a forbidden address connects to nothing', async () => {
    const target = await counting('127.0.0.2');
    const port = await listen('127.0.0.1', (request, response) => {
      // Same origin by name (so the SDK follows it), where the name now resolves to the forbidden address.
      response.writeHead(307, { location: request.url === '/mcp' ? '/mcp/next' : `http://127.0.0.2:${target.port}/mcp` }).end();
    });
    const sameOriginTarget = await counting('127.0.0.2', port);
    const policy = egressPolicy({ allowed: '127.0.0.1', resolver: fakeResolver({ 'hop.test': [['127.0.0.1'], ['127.0.0.2']] }) });
    const answer = await egressFetch(policy)(`http://127.0.0.1:${port}/other`, { redirect: 'follow' });
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(`http://127.0.0.2:${target.port}/mcp`);

    // Same origin: the SDK follows, and the hop is refused. Another origin: the SDK does not follow (an HTTP 307 failure).
    for (const [url, kind] of [[`http://hop.test:${port}/mcp`, 'blocked'], [`http://127.0.0.1:${port}/other`, 'http']] as const) {
      const client = new Client({ name: 'egress-test', version: '1' });
      const failure = await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: egressFetch(policy) })).then(
        () => undefined,
        (error: unknown) => describeConnectError(error, 5000),
      );
      await client.close();
      expect(failure?.kind, url).toBe(kind);
    }
    expect(target.connections()).toBe(0);
    expect(sameOriginTarget.connections()).toBe(0);
  });

  it('names what failed, in its own words: refused, TLS, HTTP status with at most 200 characters of the body', async () => {
    const connectWith = async (url: string) => {
      const client = new Client({ name: 'egress-test', version: '1' });
      const error = await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: egressFetch(egressPolicy({ allowed: '127.0.0.1' })) })).catch((caught: unknown) => caught);
      await client.close();
      return describeConnectError(error, 5000);
    };
    const closed = await counting('127.0.0.1');
    const closedPort = closed.port;
    await closed.close();
    expect(await connectWith(`http://127.0.0.1:${closedPort}/mcp`)).toEqual({ kind: 'refused', reason: expect.stringContaining('Connection refused') });
    const plain = await listen('127.0.0.1', (_request, response) => response.end('plain'));
    expect(await connectWith(`https://127.0.0.1:${plain}/mcp`)).toMatchObject({ kind: 'tls' });
    const chatty = await listen('127.0.0.1', (_request, response) => response.writeHead(502).end(`upstream says: ${'secret '.repeat(100)}`));
    const failure = await connectWith(`http://127.0.0.1:${chatty}/mcp`);
    expect(failure).toMatchObject({ kind: 'http', reason: 'The server answered HTTP 502', detail: expect.stringMatching(/^upstream says: secret/) });
    expect(failure.detail!.length).toBeLessThanOrEqual(200);
  });

  it('says "blocked" for a refused connection, with the policy\'s finding as the detail', async () => {
    const client = new Client({ name: 'egress-test', version: '1' });
    const error = await client.connect(new StreamableHTTPClientTransport(new URL('http://2130706433:9/mcp'), { fetch: egressFetch(egressPolicy({ allowed: '' })) })).catch((caught: unknown) => caught);
    await client.close();
    expect(describeConnectError(error, 5000)).toEqual({ kind: 'blocked', reason: expect.stringContaining('egress policy'), detail: expect.stringContaining('127.0.0.1 is a loopback address') });
  });
});
