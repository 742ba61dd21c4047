import 'server-only';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { MultiToolProvider, Tool } from '@/registry';
import type { ReferenceLookup, ServerConfig } from './server-config';
import { McpTool, type CallResult, type McpToolInfo } from './mcp-tool';
import { describeConnectError, listAllTools, newClient, openTransport } from './server-connection';

/**
 * A server's connection state in this process; `invalid`: its stored configuration breaks a rule
 * it was saved before (a literal credential, a reference that may not be used), so it is not
 * connected until it is changed.
 */
export type ServerStatus = 'connected' | 'connecting' | 'unavailable' | 'disabled' | 'invalid';

/** What the servers page and API show of one connection. */
export interface ServerState {
  status: ServerStatus;
  reason?: string;
  toolCount: number;
  serverInfo?: { name: string; version: string };
  /** The pid of the stdio guard process, while one runs. */
  pid?: number;
}

/** What a provider needs besides the server's configuration. */
export interface McpServerProviderOptions {
  /** The lookup of the configuration's references at each connect (`referenceLookup`: secrets, allowed variables). */
  references: (config: ServerConfig) => Promise<ReferenceLookup>;
  /** scripts/mcp-stdio-guard.mjs. */
  guardPath: string;
  /** Why the server may not run at all (stdio turned off); undefined when it may. */
  refusal?: string;
  /** Why the stored configuration is `invalid` (a literal credential, a forbidden reference); undefined when it is not. */
  invalid?: string;
  /** Called when the tool set or the availability changes (to tell the catalogue and MCP sessions). */
  onChange?: () => void;
  /** How long initialize, tools/list and tools/call may take; default 30 s. */
  timeoutMs?: number;
  /** First reconnect delay, doubled up to `maxBackoffMs`; default 1 s and 60 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const STDERR_LINES = 8;

/**
 * One MCP server as a `MultiToolProvider`: one SDK `Client` and connection per process, its
 * tools named `<server>_<tool>` from the last `tools/list` held in memory (never a network call
 * per lookup). The list is re-read on `notifications/tools/list_changed`, on every reconnect and
 * on `refresh()`. A lost connection makes the bundle unavailable with the reason and reconnects
 * with backoff (1 s doubling to 60 s); `stop()` closes it for good.
 */
export class McpServerProvider implements MultiToolProvider {
  private tools = new Map<string, McpToolInfo>();
  private names: ReadonlySet<string> = new Set();
  private state: ServerState;
  private client: Client | undefined;
  private pid: (() => number | null) | undefined;
  private stderrLines: string[] = [];
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private isStopped = false;
  private readonly timeoutMs: number;
  private generation = 0;

  constructor(
    readonly config: ServerConfig,
    private readonly options: McpServerProviderOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.state = config.enabled ? { status: 'connecting', toolCount: 0 } : { status: 'disabled', reason: 'The server is disabled', toolCount: 0 };
  }

  group(): string {
    return this.config.name;
  }

  toolNames(): ReadonlySet<string> {
    return this.names;
  }

  /** Moves whenever a `tools/list` differs from the last one, names or not (the registry's metadata cache key). */
  toolsVersion(): number {
    return this.generation;
  }

  isAvailable(): boolean {
    return this.state.status === 'connected';
  }

  unavailableReason(): string | undefined {
    if (this.state.status === 'connecting') return `Connecting to the MCP server "${this.config.name}"`;
    return this.state.reason;
  }

  /** A tool for one of its names: the same for every agent and call (an MCP tool has no overrides). */
  create(toolName: string): Tool | undefined {
    const info = this.tools.get(toolName);
    return info && new McpTool(toolName, info, (name, args) => this.callTool(name, args));
  }

  /** The connection as it stands, for the servers page. */
  status(): ServerState {
    const pid = this.pid?.() ?? undefined;
    return { ...this.state, toolCount: this.tools.size, ...(pid ? { pid } : {}) };
  }

  /** Connects (in the background), unless the server is disabled or refused. */
  start(): void {
    if (!this.config.enabled || this.isStopped) return;
    if (this.options.invalid) {
      this.setState({ status: 'invalid', reason: this.options.invalid, toolCount: 0 });
      return;
    }
    if (this.options.refusal) {
      this.setState({ status: 'unavailable', reason: this.options.refusal, toolCount: 0 });
      return;
    }
    void this.connect();
  }

  /** Closes the connection for good (removed, disabled or changed); a stdio server's process ends. */
  async stop(): Promise<void> {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
  }

  /** Re-reads the tool list now (the Refresh button); throws when not connected or when listing fails. */
  async refresh(): Promise<ServerState> {
    const client = this.client;
    if (!client || this.state.status !== 'connected') {
      throw new Error(`The MCP server "${this.config.name}" is not connected: ${this.unavailableReason() ?? this.state.status}`);
    }
    await this.readTools(client);
    return this.status();
  }

  private async callTool(localName: string, args: Record<string, unknown>): Promise<CallResult> {
    const client = this.client;
    if (!client || this.state.status !== 'connected') {
      throw new Error(`The MCP server "${this.config.name}" is not connected: ${this.unavailableReason() ?? this.state.status}`);
    }
    return (await client.callTool({ name: localName, arguments: args }, undefined, { timeout: this.timeoutMs })) as CallResult;
  }

  private async connect(): Promise<void> {
    if (this.isStopped) return;
    this.setState({ ...this.state, status: 'connecting' });
    let opened: ReturnType<typeof openTransport>;
    try {
      const lookup = await this.options.references(this.config);
      // Stopped while the secrets were read: start nothing.
      if (this.isStopped) return;
      opened = openTransport(this.config, lookup, this.options.guardPath);
    } catch (error) {
      // Until the server, a secret or the app's environment changes (each relaunches it), trying again changes nothing.
      if (this.isStopped) return;
      this.setState({ status: 'unavailable', reason: error instanceof Error ? error.message : String(error), toolCount: 0 });
      return;
    }
    this.stderrLines = [];
    opened.stderr?.on('data', (chunk: Buffer) => this.keepStderr(chunk.toString('utf8')));
    this.pid = opened.pid;
    const client = newClient();
    this.client = client;
    let isReady = false;
    // While connecting, a failure is the rejected connect() below, which knows the better reason.
    client.onclose = () => {
      if (isReady) this.lost(client, 'The connection closed');
    };
    client.onerror = (error) => {
      // A dead HTTP server never closes the transport: the SSE stream gives up with this instead.
      if (/Maximum reconnection attempts/i.test(error.message)) this.lost(client, `Cannot reach the server: ${error.message}`);
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (this.client === client) await this.readTools(client).catch((error: unknown) => this.lost(client, describeConnectError(error, this.timeoutMs)));
    });
    try {
      await client.connect(opened.transport, { timeout: this.timeoutMs });
      await this.readTools(client, false);
      if (this.client !== client) return;
      isReady = true;
      this.attempt = 0;
      const version = client.getServerVersion();
      this.setState({ status: 'connected', toolCount: this.tools.size, ...(version ? { serverInfo: { name: version.name, version: version.version } } : {}) });
    } catch (error) {
      this.lost(client, describeConnectError(error, this.timeoutMs));
    }
  }

  private async readTools(client: Client, announce = true): Promise<void> {
    const listed = await listAllTools(client, this.timeoutMs);
    if (this.client !== client) return;
    const tools = new Map<string, McpToolInfo>();
    for (const tool of listed) tools.set(`${this.config.name}_${tool.name}`, tool);
    const isSame = tools.size === this.tools.size && [...tools].every(([name, info]) => sameInfo(this.tools.get(name), info));
    this.tools = tools;
    this.names = new Set(tools.keys());
    this.state = { ...this.state, toolCount: tools.size };
    if (isSame && !announce) return;
    // Same names may carry new descriptions, schemas or annotations: the registry rebuilds their metadata.
    if (!isSame) this.generation += 1;
    this.options.onChange?.();
  }

  private lost(client: Client, fallback: string): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.pid = undefined;
    void client.close().catch(() => undefined);
    // stderr arrives on its own stream, a moment after the process closes.
    setTimeout(() => {
      if (this.isStopped) return;
      const stderr = this.stderrLines.join('\n').trim();
      const reason = this.config.transport === 'stdio' && stderr !== '' ? `The server stopped: ${stderr}` : fallback;
      this.setState({ ...this.state, status: 'unavailable', reason });
      const delay = Math.min((this.options.backoffMs ?? 1000) * 2 ** this.attempt, this.options.maxBackoffMs ?? 60_000);
      this.attempt += 1;
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => void this.connect(), delay);
      this.retryTimer.unref();
    }, 50);
  }

  private keepStderr(text: string): void {
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
    this.stderrLines = [...this.stderrLines, ...lines].slice(-STDERR_LINES).map((line) => line.slice(0, 500));
  }

  private setState(state: ServerState): void {
    const wasAvailable = this.state.status === 'connected';
    const changed = state.status !== this.state.status || state.reason !== this.state.reason;
    this.state = state;
    if (changed && (wasAvailable || state.status === 'connected' || state.status === 'unavailable')) this.options.onChange?.();
  }
}

function sameInfo(a: McpToolInfo | undefined, b: McpToolInfo): boolean {
  return a !== undefined && a.name === b.name && a.description === b.description && JSON.stringify(a.inputSchema) === JSON.stringify(b.inputSchema) && JSON.stringify(a.annotations) === JSON.stringify(b.annotations);
}
