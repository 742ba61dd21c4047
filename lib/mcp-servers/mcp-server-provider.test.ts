import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_SCOPE, registerInstance, ToolRegistry } from '@/registry';
import { McpServerProvider, type McpServerProviderOptions, type ProviderEvent } from './mcp-server-provider';
import type { HttpServerConfig, ServerConfig } from './server-config';
import { stdioGuardPath } from './server-connection';
import { childPids, EVERYTHING_BIN, FILESYSTEM_BIN, isAlive, waitFor } from '@/test/mcp-servers/processes';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-servers/test-mcp-server';
import { startCountingListener } from '@/test/mcp-servers/counting-listener';

const started: McpServerProvider[] = [];
const scope = { sessionId: 's1', agentId: 'a1', purpose: 'call' } as const;

async function connected(config: ServerConfig, options: Partial<McpServerProviderOptions> = {}) {
  const changes: number[] = [];
  const provider = new McpServerProvider(config, {
    // As referenceLookup resolves an allowed variable; these servers reference no secret.
    references: async () => (reference) => {
      const value = reference.kind === 'env' && reference.name === 'TEST_MCP_TOKEN' ? 'secret-token' : undefined;
      if (value === undefined) throw new Error(`${reference.text} cannot be resolved`);
      return value;
    },
    guardPath: stdioGuardPath(),
    onChange: () => changes.push(Date.now()),
    ...options,
  });
  started.push(provider);
  const registry = await ToolRegistry.load({ registrations: [] });
  expect(await registry.add(registerInstance(`mcp:${config.name}`, 'provider', provider, config.name))).toBeUndefined();
  provider.start();
  return { provider, registry, changes };
}

function call(registry: ToolRegistry, toolName: string, args: Record<string, unknown>) {
  return registry.resolve({ agentId: 'a1', toolName, overrides: {} }, scope).execute(args);
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((provider) => provider.stop()));
});

describe('an MCP server over stdio (server-everything)', () => {
  const everything: ServerConfig = { name: 'everything', enabled: true, transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], env: {} };

  it('lists its tools under its group, with their annotations, and calls them by their own names', async () => {
    const { provider, registry } = await connected(everything);
    await waitFor('connected', () => provider.isAvailable(), 15_000);
    expect([...registry.knownToolNames()]).toEqual(expect.arrayContaining(['everything_echo', 'everything_get-sum']));
    const echo = registry.catalogue().find((entry) => entry.name === 'everything_echo');
    expect(echo).toMatchObject({ group: 'everything', kind: 'provider', source: 'mcp:everything', available: true });
    expect(echo?.parametersSchema).toMatchObject({ type: 'object', properties: { message: expect.any(Object) } });
    expect(await call(registry, 'everything_echo', { message: 'hello' })).toBe('Echo: hello');
    expect(await call(registry, 'everything_get-sum', { a: 2, b: 3 })).toContain('5');
    const tool = registry.resolve({ agentId: 'a1', toolName: 'everything_echo', overrides: {} }, CATALOGUE_SCOPE) as { annotations?: () => unknown };
    expect(tool.annotations?.()).toBeDefined();
    expect(provider.status()).toMatchObject({ status: 'connected', serverInfo: { name: expect.stringContaining('everything') } });
  });

  it('is unavailable with the reason within 2 s of a kill -9 of its process, its tools still listed by name, and back by itself within 10 s, each step told', async () => {
    const events: ProviderEvent[] = [];
    const { provider, registry } = await connected(everything, { onEvent: (event) => events.push(event) });
    await waitFor('connected', () => provider.isAvailable(), 15_000);
    const listed = registry.catalogue().filter((entry) => entry.group === 'everything').map((entry) => entry.name);
    expect(events.map((event) => event.kind)).toEqual(['connected']);
    const guard = provider.status().pid!;
    const [server] = childPids(guard);
    expect(server).toBeGreaterThan(0);
    process.kill(server!, 'SIGKILL');
    const downAfter = await waitFor('unavailable', () => !provider.isAvailable() && provider.status().status === 'unavailable', 2000);
    expect(downAfter).toBeLessThan(2000);
    // The reason is words only; since when is a time of its own, the one the server went away at.
    expect(provider.unavailableReason()).toBe('The server stopped: the server was killed by SIGKILL');
    expect(provider.status()).toMatchObject({ downSince: expect.any(String), nextRetryAt: expect.any(String) });
    const since = provider.status().downSince!;
    expect(provider.unavailableSince()).toBe(since);
    expect(Date.parse(since)).toBeGreaterThan(Date.now() - 5000);
    // The same tools, each under its own name, unavailable with the reason and the time; never one `everything_*` row.
    const away = registry.catalogue().filter((entry) => entry.group === 'everything');
    expect(away.map((entry) => entry.name)).toEqual(listed);
    expect(away.every((entry) => !entry.available && entry.unavailableReason?.includes('SIGKILL') && !entry.unavailableReason.includes('mcp-stdio-guard'))).toBe(true);
    expect(away.map((entry) => entry.unavailableSince)).toEqual(listed.map(() => since));
    expect(registry.entry('everything_echo')?.parametersSchema).toMatchObject({ properties: { message: expect.any(Object) } });
    expect(() => registry.resolve({ agentId: 'a1', toolName: 'everything_echo', overrides: {} }, scope)).toThrow(/is unavailable: The server stopped/);
    expect(events.at(-1)).toMatchObject({ kind: 'lost', message: expect.stringMatching(/^Connection lost: The server stopped: the server was killed by SIGKILL; trying again in \d+ s$/) });
    await waitFor('reconnected', () => provider.isAvailable(), 10_000);
    expect(await call(registry, 'everything_echo', { message: 'again' })).toBe('Echo: again');
    // Back: no time since, on the provider or on any entry.
    expect(provider.unavailableSince()).toBeUndefined();
    expect(provider.status().downSince).toBeUndefined();
    expect(registry.catalogue().filter((entry) => entry.group === 'everything' && (entry.unavailableSince !== undefined || !entry.available))).toEqual([]);
    expect(events.map((event) => event.kind)).toEqual(['connected', 'lost', 'restarted']);
    expect(events[2]!.message).toMatch(/^Connected again after \d+ s away \(.*everything.*, \d+ tools\)$/);
  });

  it('shows the tools it was given as known, unavailable with the reason, while it cannot connect; one loss told, not every retry', async () => {
    const events: ProviderEvent[] = [];
    const broken: ServerConfig = { name: 'gone', enabled: true, transport: 'stdio', command: process.execPath, args: ['-e', 'process.stderr.write("partial"); process.exit(3)'], env: {} };
    const { provider, registry } = await connected(broken, {
      backoffMs: 100,
      knownTools: [{ name: 'echo', description: 'Echoes', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
      onEvent: (event) => events.push(event),
    });
    await waitFor('a failed attempt', () => provider.status().status === 'unavailable' && events.length > 0, 10_000);
    const since = provider.unavailableSince();
    const firstRetry = provider.status().nextRetryAt;
    expect(since).toEqual(expect.any(String));
    await waitFor('a second failed attempt', () => provider.status().status === 'unavailable' && provider.status().nextRetryAt !== firstRetry, 10_000);
    // Still away: the time since is the first failure's, not the latest attempt's.
    expect(provider.unavailableSince()).toBe(since);
    expect(registry.entry('gone_echo')).toMatchObject({ available: false, description: 'Echoes', unavailableReason: expect.stringContaining('exited with code 3'), unavailableSince: since });
    expect(registry.catalogue().map((entry) => entry.name)).toEqual(['gone_echo']);
    const state = provider.status();
    expect(`${state.reason} ${state.detail}`).not.toContain('mcp-stdio-guard');
    expect(state.detail).toBe('partial');
    expect(events).toEqual([{ kind: 'lost', message: expect.stringMatching(/^Could not connect: The server stopped: the server exited with code 3; trying again in/) }]);
  });

  it('ends its process when stopped (removed or disabled)', async () => {
    const { provider } = await connected(everything);
    await waitFor('connected', () => provider.isAvailable(), 15_000);
    const guard = provider.status().pid!;
    const [server] = childPids(guard);
    expect(isAlive(server!)).toBe(true);
    await provider.stop();
    await waitFor('the server process to end', () => !isAlive(server!) && !isAlive(guard), 5000);
  });

  it('says why when the command cannot start: the exit code and the last lines of stderr', async () => {
    const { provider } = await connected({ ...everything, name: 'broken', args: ['-e', 'console.error("no such config: /etc/x"); process.exit(3)'] });
    await waitFor('unavailable', () => provider.status().status === 'unavailable', 10_000);
    // How it ended is the app's own observation; what the command said is the upstream's words, apart.
    expect(provider.unavailableReason()).toContain('exited with code 3');
    expect(provider.status()).toMatchObject({ kind: 'stopped', detail: expect.stringContaining('no such config: /etc/x') });
    expect(provider.unavailableReason()).not.toContain('no such config');
  });
});

describe('an MCP server over stdio that prints its environment', () => {
  it('shows the reference, never the value, even when the value reaches stderr in two writes', async () => {
    const script = 'process.stderr.write("token=" + process.env.LEAKY.slice(0, 4)); setTimeout(() => { process.stderr.write(process.env.LEAKY.slice(4) + " is wrong\\n"); process.exit(3); }, 100)';
    const { provider } = await connected({ name: 'leaky', enabled: true, transport: 'stdio', command: process.execPath, args: ['-e', script], env: { LEAKY: '${TEST_MCP_TOKEN}' } });
    await waitFor('unavailable', () => provider.status().status === 'unavailable', 10_000);
    expect(provider.status()).toMatchObject({ kind: 'stopped', detail: expect.stringContaining('token=${TEST_MCP_TOKEN} is wrong') });
    expect(JSON.stringify(provider.status())).not.toContain('secr');
  });
});

describe('reconnecting', () => {
  it('waits twice as long after each failed start, up to the maximum', { timeout: 20_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'mcp-backoff-'));
    const log = path.join(folder, 'starts.log');
    try {
      const script = `require('node:fs').appendFileSync(${JSON.stringify(log)}, Date.now() + '\\n'); process.exit(1)`;
      // Each failure schedules the next start: how far out, read the moment it is scheduled (no wall-clock gaps, which a busy machine stretches).
      const delays: number[] = [];
      const watched: { provider?: McpServerProvider } = {};
      const onChange = () => {
        const state = watched.provider?.status();
        if (state?.status === 'unavailable' && state.nextRetryAt) delays.push(Date.parse(state.nextRetryAt) - Date.now());
      };
      const { provider } = await connected(
        { name: 'crashy', enabled: true, transport: 'stdio', command: process.execPath, args: ['-e', script], env: {} },
        { backoffMs: 200, maxBackoffMs: 800, onChange },
      );
      watched.provider = provider;
      const starts = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number);
      await waitFor('six starts', async () => (await starts()).length >= 6, 15_000);
      await waitFor('unavailable between starts', () => provider.status().status === 'unavailable', 5000);
      expect(provider.unavailableReason()).toContain('exited with code 1');
      await provider.stop();
      // 200, 400, 800, then 800 again: doubled after each failed start, up to the maximum.
      expect(delays.slice(0, 5).map((delay) => Math.round(delay / 100) * 100)).toEqual([200, 400, 800, 800, 800]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('an MCP server over stdio (server-filesystem)', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mcp-fs-'));
    await writeFile(path.join(folder, 'note.txt'), 'the note');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('reads a file in the folder it is given, and answers its refusal as an error outside it', async () => {
    const { provider, registry } = await connected({ name: 'files', enabled: true, transport: 'stdio', command: process.execPath, args: [FILESYSTEM_BIN, folder], env: {} });
    await waitFor('connected', () => provider.isAvailable(), 15_000);
    expect(registry.knownToolNames()).toContain('files_read_text_file');
    expect(await call(registry, 'files_read_text_file', { path: path.join(folder, 'note.txt') })).toContain('the note');
    await expect(call(registry, 'files_read_text_file', { path: '/etc/hostname' })).rejects.toThrow(/denied|outside|not allowed/i);
  });
});

describe('an MCP server over Streamable HTTP (an SDK server)', () => {
  let server: TestMcpServer;
  beforeAll(async () => {
    server = await startTestMcpServer({ extraTools: 250, bearer: 'secret-token' });
  });
  afterAll(() => server.close());
  const remote = (): ServerConfig & HttpServerConfig => ({ name: 'remote', enabled: true, transport: 'http', url: server.url, headers: { Authorization: 'Bearer ${TEST_MCP_TOKEN}' } });

  it('lists every page of tools, calls them, and turns an MCP error result into an error with the server\'s message', async () => {
    const { provider, registry } = await connected(remote());
    await waitFor('connected', () => provider.isAvailable(), 10_000);
    expect(provider.status()).toMatchObject({ toolCount: 252, serverInfo: { name: 'test-mcp-server', version: '1.2.3' } });
    expect(registry.knownToolNames()).toContain('remote_tool0250');
    expect(await call(registry, 'remote_echo', { text: 'over http' })).toBe('over http');
    await expect(call(registry, 'remote_fail', {})).rejects.toThrow('The test server refuses: fail always fails');
  });

  it('updates its tools on notifications/tools/list_changed, with no restart', async () => {
    const { provider, registry, changes } = await connected(remote());
    await waitFor('connected', () => provider.isAvailable(), 10_000);
    const before = changes.length;
    await server.addTool('late');
    await waitFor('the new tool', () => registry.knownToolNames().has('remote_late'), 5000);
    expect(changes.length).toBeGreaterThan(before);
  });

  it('takes a changed description, schema and annotations under the same name into the catalogue and new tools on list_changed', async () => {
    const own = await startTestMcpServer();
    try {
      const { provider, registry, changes } = await connected({ name: 'changing', enabled: true, transport: 'http', url: own.url, headers: {} });
      await waitFor('connected', () => provider.isAvailable(), 10_000);
      expect(registry.entry('changing_echo')).toMatchObject({ description: 'Answers the text it is given', annotations: { readOnlyHint: true, openWorldHint: false } });
      const before = changes.length;
      await own.changeTool('echo', {
        description: 'Repeats the text it is given, twice',
        inputSchema: { type: 'object', properties: { text: { type: 'string' }, times: { type: 'integer' } }, required: ['text'] },
        annotations: { readOnlyHint: false, destructiveHint: true },
      });
      await waitFor('the new description in the catalogue', () => registry.catalogue().find((entry) => entry.name === 'changing_echo')?.description === 'Repeats the text it is given, twice', 5000);
      const entry = registry.entry('changing_echo');
      expect(entry?.annotations).toEqual({ readOnlyHint: false, destructiveHint: true });
      expect(entry?.parametersSchema).toMatchObject({ properties: { times: { type: 'integer' } } });
      expect([...registry.knownToolNames()].sort()).toEqual(['changing_echo', 'changing_fail']);
      const tool = registry.resolve({ agentId: 'a1', toolName: 'changing_echo', overrides: {} }, scope);
      expect(tool.description()).toBe('Repeats the text it is given, twice');
      // The host publishes a catalogue change for it, which makes the agents' MCP sessions send list_changed.
      expect(changes.length).toBeGreaterThan(before);
    } finally {
      await own.close();
    }
  });

  it('is unavailable with "Timed out" when the server accepts the connection and never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = http.createServer(() => undefined);
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const { provider, registry } = await connected({ name: 'silent', enabled: true, transport: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} }, { timeoutMs: 300 });
      await waitFor('unavailable', () => provider.status().status === 'unavailable', 5000);
      expect(provider.unavailableReason()).toBe('Timed out: the server did not answer within 300 ms');
      expect(sockets.size).toBeGreaterThan(0);
      // Never connected, so no tools are known: one row for the bundle.
      expect(registry.catalogue().find((entry) => entry.group === 'silent')).toMatchObject({ name: 'silent_*', available: false, unavailableReason: provider.unavailableReason(), unavailableSince: provider.status().downSince });
      await provider.stop();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('is unavailable when the server goes away, and back by itself when it returns', async () => {
    const own = await startTestMcpServer();
    const { provider, registry } = await connected({ name: 'flaky', enabled: true, transport: 'http', url: own.url, headers: {} });
    await waitFor('connected', () => provider.isAvailable(), 10_000);
    await own.close();
    await waitFor('unavailable', () => provider.status().status === 'unavailable', 10_000);
    expect(provider.unavailableReason()).toMatch(/lost|refused|closed/i);
    const again = await startTestMcpServer({ port: Number(new URL(own.url).port) });
    try {
      await waitFor('reconnected', () => provider.isAvailable(), 10_000);
      expect(await call(registry, 'flaky_echo', { text: 'back' })).toBe('back');
    } finally {
      await provider.stop();
      await again.close();
    }
  });

  it('is unavailable with "Authentication failed" when the server refuses the credentials', async () => {
    const { provider } = await connected({ ...remote(), headers: { Authorization: 'Bearer wrong' } });
    await waitFor('unavailable', () => provider.status().status === 'unavailable', 10_000);
    expect(provider.unavailableReason()).toMatch(/^Authentication failed/);
  });

  it('shows the references, never their values, when the server echoes what it was sent (its Authorization header, its URL) in a refusal', async () => {
    const reflector = http.createServer((request, response) => {
      response.writeHead(401, { 'content-type': 'text/plain' }).end(`refused ${request.headers.authorization ?? ''} for ${request.url ?? ''}`);
    });
    await new Promise<void>((resolve) => reflector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = reflector.address() as AddressInfo;
      const { provider } = await connected({ ...remote(), url: `http://127.0.0.1:${port}/mcp?key=\${TEST_MCP_TOKEN}` });
      await waitFor('unavailable', () => provider.status().status === 'unavailable', 10_000);
      const { detail } = provider.status();
      expect(detail).toContain('refused Bearer ${TEST_MCP_TOKEN} for /mcp?key=${TEST_MCP_TOKEN}');
      expect(JSON.stringify(provider.status())).not.toContain('secret-token');
    } finally {
      reflector.closeAllConnections();
      await new Promise<void>((resolve) => reflector.close(() => resolve()));
    }
  });

  it('is unavailable naming an unset ${VAR}, and never connects', async () => {
    const { provider } = await connected({ ...remote(), headers: { Authorization: 'Bearer ${NOT_SET_ANYWHERE}' } });
    expect(provider.isAvailable()).toBe(false);
    await waitFor('unavailable', () => provider.status().status === 'unavailable', 5_000);
    expect(provider.status()).toMatchObject({ kind: 'config', detail: expect.stringContaining('${NOT_SET_ANYWHERE}') });
  });

  it('is blocked, with the reason, when its host resolves where the egress policy refuses, and is never retried toward it', async () => {
    const target = await startCountingListener('127.0.0.2');
    try {
      const { provider, registry } = await connected({ name: 'inner', enabled: true, transport: 'http', url: `http://127.0.0.2:${target.port}/mcp`, headers: {} }, { env: { MCP_ALLOWED_HOSTS: '127.0.0.1' }, backoffMs: 20, maxBackoffMs: 40, blockedRecheckMs: 100 });
      await waitFor('blocked', () => provider.status().status === 'blocked', 5000);
      expect(provider.status()).toMatchObject({ kind: 'blocked', reason: expect.stringContaining('egress policy'), detail: expect.stringContaining('127.0.0.2 is a loopback address') });
      expect(registry.catalogue().find((entry) => entry.group === 'inner')).toMatchObject({ available: false, unavailableReason: expect.stringContaining('egress policy') });
      // A reconnect loop would have tried some 25 times by now; the re-checks (every 100 ms here) only look the host up.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(provider.status().status).toBe('blocked');
      await expect(provider.refresh()).rejects.toThrow(/egress policy/);
      expect(target.connections()).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('connects a blocked server on refresh once the operator allows its host', async () => {
    const env: Record<string, string> = { MCP_ALLOWED_HOSTS: '' };
    const { provider } = await connected({ ...remote(), name: 'later' }, { env });
    await waitFor('blocked', () => provider.status().status === 'blocked', 5000);
    env.MCP_ALLOWED_HOSTS = '127.0.0.1';
    await provider.refresh().catch(() => undefined);
    await waitFor('connected', () => provider.isAvailable(), 10_000);
  });

  it('is unavailable as disabled, and never connects', async () => {
    const { provider } = await connected({ ...remote(), enabled: false });
    expect(provider.status()).toMatchObject({ status: 'disabled' });
    expect(provider.unavailableReason()).toContain('disabled');
  });
});
