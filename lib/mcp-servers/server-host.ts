import 'server-only';
import { getDb } from '@/lib/db/get-db';
import type { Db } from '@/lib/db/schema';
import { publishChange, subscribeChanges } from '@/lib/events';
import { registerInstance, type ToolRegistry } from '@/registry';
import { envAllowlist } from '@/lib/secrets/references';
import { referenceLookup } from '@/lib/secrets/reference-lookup';
import { logger } from '@/lib/log/logger';
import { approveFirstSeenFaces } from '@/lib/drift/first-seen-faces';
import { McpServerProvider, type ProviderEvent, type ServerState } from './mcp-server-provider';
import { readKnownTools, recordServerEvent, saveKnownTools } from './server-events';
import { configReferenceProblems, configSecretNames } from './server-config';
import { stdioGuardPath } from './server-connection';
import { toServerRecord, type ServerRecord } from './server-record';
import { isStdioOff, STDIO_OFF_REASON } from './server-rules';

/** How often each instance re-reads the servers' versions anyway (a lost notice, or SQLite, which has no NOTIFY): one small query. */
const POLL_MS = 2000;

/** The registry source of the server `name`'s bundle. */
export function serverSource(name: string): string {
  return `mcp:${name}`;
}

/** What a `ServerHost` needs. */
export interface ServerHostOptions {
  registry: ToolRegistry;
  /** The database the servers are stored in; default the process's (`getDb()`). */
  db?: () => Promise<Db>;
  env?: Readonly<Record<string, string | undefined>>;
  appRoot?: string;
  /** Provider timings, for tests. */
  backoffMs?: number;
  timeoutMs?: number;
}

interface Running {
  provider: McpServerProvider;
  /** The server's version and the times its secrets were set: a change of either relaunches it. */
  key: string;
}

/** Secret name → when its value was set. */
type SecretTimes = ReadonlyMap<string, string>;

/**
 * The MCP servers of this process: one provider (one connection) per stored server, added to and
 * removed from the registry as the table changes, on this instance or another (the change bus,
 * and a poll of the versions every few seconds).
 */
export class ServerHost {
  private readonly running = new Map<string, Running>();
  private syncing: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private lastFingerprint = '';
  private pollProblem: string | undefined;

  constructor(private readonly options: ServerHostOptions) {}

  /** The registry the servers' bundles are added to. */
  get registry(): ToolRegistry {
    return this.options.registry;
  }

  /** Reads the servers now and keeps following their changes. */
  async start(): Promise<void> {
    this.unsubscribe = subscribeChanges((event) => {
      if (event.kind === 'servers') void this.sync();
    });
    this.pollTimer = setInterval(() => void this.syncIfChanged(), POLL_MS);
    this.pollTimer.unref();
    await this.sync();
  }

  /** Makes the running providers match the stored servers; calls run one after another. */
  sync(): Promise<void> {
    const next = this.syncing.then(() => this.syncNow()).catch((error: unknown) => {
      console.error('MCP servers: could not read the servers', error instanceof Error ? error.message : error);
    });
    this.syncing = next;
    return next;
  }

  /** The connection state of a server in this process; undefined before it is read. */
  status(name: string): ServerState | undefined {
    return this.running.get(name)?.provider.status();
  }

  /** The provider of a running server. */
  provider(name: string): McpServerProvider | undefined {
    return this.running.get(name)?.provider;
  }

  /** Closes every connection; stdio servers end. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.pollTimer);
    const all = [...this.running.entries()];
    this.running.clear();
    await Promise.allSettled(all.map(async ([name, { provider }]) => {
      this.options.registry.remove(serverSource(name), name);
      await provider.stop();
    }));
  }

  /**
   * One event of a server's connection: a log line (warn for a loss, info otherwise), and a row of
   * its timeline (`mcp_server_events`), which the server page shows. The words are the app's own.
   */
  private async recordEvent(server: string, event: ProviderEvent): Promise<void> {
    const line = { server, event: event.kind, ...(event.details ? { tools: event.details } : {}) };
    if (event.kind === 'lost') logger.warn(line, `MCP server "${server}": ${event.message}`);
    else logger.info(line, `MCP server "${server}": ${event.message}`);
    try {
      await recordServerEvent(await this.db(), { server, ...event });
    } catch (error) {
      logger.warn({ server, err: error instanceof Error ? error.message : String(error) }, 'MCP server: could not store an event of its timeline');
    }
  }

  /** Connects to a server again now (the Reconnect button); false when it does not run on this instance. */
  async reconnect(name: string): Promise<boolean> {
    const provider = this.running.get(name)?.provider;
    if (!provider) return false;
    await provider.reconnect();
    return true;
  }

  /**
   * The server's tools are known now (it connected, or its list changed): an agent that has one
   * but no approval of it (assigned while the server was away) gets it approved as it is now.
   */
  private async approveFaces(server: string, provider: McpServerProvider): Promise<void> {
    if (!provider.isAvailable()) return;
    try {
      await approveFirstSeenFaces(await this.db(), this.options.registry, { toolNames: [...provider.toolNames()] });
    } catch (error) {
      logger.warn({ server, err: error instanceof Error ? error.message : String(error) }, 'MCP server: could not approve the first-seen versions of its tools');
    }
  }

  private async db(): Promise<Db> {
    return (this.options.db ?? getDb)();
  }

  private async syncIfChanged(): Promise<void> {
    try {
      const db = await this.db();
      const rows = await db.selectFrom('mcp_servers').select(['name', 'version']).orderBy('name').execute();
      this.pollProblem = undefined;
      if (fingerprint(rows, await readSecretTimes(db)) !== this.lastFingerprint) await this.sync();
    } catch (error) {
      // The database may be busy or closing; the next poll tries again. Said once, not every 2 s.
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== this.pollProblem) console.error('MCP servers: could not check the servers for changes; trying again every 2 s:', problem);
      this.pollProblem = problem;
    }
  }

  private async syncNow(): Promise<void> {
    const db = await this.db();
    const records = (await db.selectFrom('mcp_servers').selectAll().orderBy('name').execute()).map(toServerRecord);
    const secrets = await readSecretTimes(db);
    // Kept only once the servers match it: a sync that fails half-way is tried again by the next poll.
    const applied = fingerprint(records, secrets);
    const wanted = new Map(records.map((record) => [record.name, record]));
    let isChanged = false;
    for (const [name, running] of [...this.running]) {
      const record = wanted.get(name);
      if (record && runningKey(record, secrets) === running.key) continue;
      this.running.delete(name);
      this.options.registry.remove(serverSource(name), name);
      await stopWithin(running.provider, name);
      isChanged = true;
    }
    for (const record of records) {
      if (this.running.has(record.name)) continue;
      await this.launch(record, secrets);
      isChanged = true;
    }
    this.lastFingerprint = applied;
    if (isChanged) await publishChange({ kind: 'catalogue' });
  }

  private async launch(record: ServerRecord, secrets: SecretTimes): Promise<void> {
    const env = this.options.env ?? process.env;
    // A row saved before today's rules (a literal credential, a reference now refused) is flagged, never changed.
    const knownTools = await readKnownTools(await this.db(), record.name).catch(() => []);
    const problems = configReferenceProblems(record, { isEnvAllowed: envAllowlist(env.SERVER_ENV_ALLOWLIST), secretNames: new Set(secrets.keys()) });
    const provider = new McpServerProvider(record, {
      env,
      references: async (config) => referenceLookup({ db: await this.db(), config, env }),
      guardPath: stdioGuardPath(this.options.appRoot),
      refusal: record.transport === 'stdio' && isStdioOff(env) ? STDIO_OFF_REASON : undefined,
      invalid: problems.length === 0 ? undefined : `The stored configuration is refused (change the server to fix it): ${problems.map((problem) => `${problem.pointer}: ${problem.message}`).join('; ')}`,
      onChange: () => {
        void publishChange({ kind: 'catalogue' });
        void this.approveFaces(record.name, provider);
      },
      knownTools,
      onEvent: (event) => void this.recordEvent(record.name, event),
      onTools: (tools) => void this.db().then((db) => saveKnownTools(db, record.name, tools)).catch((error: unknown) => {
        logger.warn({ server: record.name, err: error instanceof Error ? error.message : String(error) }, 'MCP server: could not keep its tool list');
      }),
      backoffMs: this.options.backoffMs,
      timeoutMs: this.options.timeoutMs,
    });
    this.running.set(record.name, { provider, key: runningKey(record, secrets) });
    const problem = await this.options.registry.add(registerInstance(serverSource(record.name), 'provider', provider, record.name));
    if (problem) console.error(`MCP server "${record.name}" could not be registered: ${problem.message}`);
    provider.start();
  }
}

/** How long closing a connection may hold up the servers' next change; past it the change goes on (the close still finishes). */
const STOP_WAIT_MS = 5000;

async function stopWithin(provider: McpServerProvider, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_WAIT_MS)));
  const outcome = await Promise.race([provider.stop().then(() => 'stopped' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.error(`MCP server "${name}": its connection did not close within ${STOP_WAIT_MS / 1000} s; going on without waiting`);
}

function fingerprint(rows: readonly { name: string; version: number }[], secrets: SecretTimes): string {
  return `${rows.map((row) => `${row.name}@${row.version}`).join(',')}|${[...secrets].map(([name, setAt]) => `${name}@${setAt}`).join(',')}`;
}

async function readSecretTimes(db: Db): Promise<SecretTimes> {
  return new Map((await db.selectFrom('secrets').select(['name', 'set_at']).orderBy('name').execute()).map((row) => [row.name, row.set_at]));
}

function runningKey(record: ServerRecord, secrets: SecretTimes): string {
  return [String(record.version), ...configSecretNames(record).map((name) => `${name}@${secrets.get(name) ?? '-'}`)].join(',');
}

const host = globalThis as typeof globalThis & { mcpServerHost?: ServerHost };

/**
 * Starts this process's server host for the registry (once per registry; a host of an earlier
 * registry, booted anew by a test, is stopped); `getToolRegistry` calls it.
 */
export async function startServerHost(registry: ToolRegistry): Promise<ServerHost> {
  if (host.mcpServerHost?.registry === registry) return host.mcpServerHost;
  await host.mcpServerHost?.stop();
  const serverHost = new ServerHost({ registry });
  host.mcpServerHost = serverHost;
  await serverHost.start();
  return serverHost;
}

/** This process's server host, once the registry has booted. */
export function currentServerHost(): ServerHost | undefined {
  return host.mcpServerHost;
}

/** Stops this process's server host: every connection closes, stdio servers end. */
export async function stopServerHost(): Promise<void> {
  const serverHost = host.mcpServerHost;
  host.mcpServerHost = undefined;
  await serverHost?.stop();
}
