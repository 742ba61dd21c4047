import 'server-only';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { KnownTool, MultiToolProvider, Tool } from '@/registry';
import type { ReferenceLookup, ServerConfig } from './server-config';
import { McpTool, type CallResult, type McpToolInfo } from './mcp-tool';
import { describeToolChanges, sameTool, toolChanges, type ServerEventKind, type ToolChanges } from './server-events';
import { describeConnectError, listAllTools, newClient, openTransport, upstreamWords, MAX_DETAIL_CHARS, type ConnectFailure, type FailureKind, type Redact } from './server-connection';
import { ToolUnavailableError } from '@/lib/runtime/tool-unavailable-error';
import { ToolTimeoutError } from '@/lib/runtime/tool-timeout-error';
import { mcpCallTimeoutMs } from '@/lib/runtime/runtime-limits';
import { inSpan } from '@/lib/telemetry/tracer';

/**
 * A server's connection state in this process; `blocked`: its host resolves where the egress
 * policy refuses, so nothing is sent to it until a re-check (slow, without connecting) passes;
 * `invalid`: its stored configuration breaks a rule it was saved before (a literal credential, a
 * reference that may not be used), so it is not connected until it is changed.
 */
export type ServerStatus = 'connected' | 'connecting' | 'unavailable' | 'blocked' | 'disabled' | 'invalid';

/** What the servers page and API show of one connection. */
export interface ServerState {
  status: ServerStatus;
  /** Why it is not connected, in the app's own words (anyone who may read the catalogue). */
  reason?: string;
  /** What kind of failure it met. */
  kind?: FailureKind;
  /** At most 200 characters of the upstream's own words (for those who may test connections). */
  detail?: string;
  toolCount: number;
  serverInfo?: { name: string; version: string };
  /** The pid of the stdio guard process, while one runs. */
  pid?: number;
  /** When this connection was opened (ISO time), while connected. */
  connectedAt?: string;
  /** When the server went away (ISO time), while it is away. */
  downSince?: string;
  /** When the next attempt to connect is due (ISO time), while one is waited for. */
  nextRetryAt?: string;
}

/** What happened to the connection, for the server's timeline and the log (`McpServerProviderOptions.onEvent`). */
export interface ProviderEvent {
  kind: ServerEventKind;
  /** In the app's own words; never an upstream's, never a reference's value. */
  message: string;
  details?: ToolChanges;
}

/** What a provider needs besides the server's configuration. */
export interface McpServerProviderOptions {
  /** The lookup of the configuration's references at each connect (`referenceLookup`: secrets, allowed variables). */
  references: (config: ServerConfig) => Promise<ReferenceLookup>;
  /** scripts/mcp-stdio-guard.mjs. */
  guardPath: string;
  /** The app's environment, which the egress policy (`MCP_ALLOWED_HOSTS`) is read from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Why the server may not run at all (stdio turned off); undefined when it may. */
  refusal?: string;
  /** Why the stored configuration is `invalid` (a literal credential, a forbidden reference); undefined when it is not. */
  invalid?: string;
  /** Called when the tool set or the availability changes (to tell the catalogue and MCP sessions). */
  onChange?: () => void;
  /** The tool list the server served when it last was (kept by the app), shown as unavailable until it connects. */
  knownTools?: readonly McpToolInfo[];
  /** Called on each event of the connection: connected, lost, restarted, tools changed. */
  onEvent?: (event: ProviderEvent) => void;
  /** Called with the server's tool list whenever it differs from the last one known (to keep it). */
  onTools?: (tools: readonly McpToolInfo[]) => void;
  /** How long initialize and tools/list may take; default 30 s. */
  timeoutMs?: number;
  /** How long tools/call may take; default `MCP_TOOL_CALL_TIMEOUT_MS` (below the call limit, see runtime-limits.ts). */
  callTimeoutMs?: number;
  /** First reconnect delay, doubled up to `maxBackoffMs`; default 1 s and 60 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often a blocked server's host is checked again (a lookup, no connection); default 5 min. */
  blockedRecheckMs?: number;
}

const STDERR_LINES = 8;
/** The most of one unfinished stderr line kept (its end). */
const MAX_PENDING_STDERR = 4096;

/**
 * One MCP server as a `MultiToolProvider`: one SDK `Client` and connection per process, its
 * tools named `<server>_<tool>` from the last `tools/list` held in memory (never a network call
 * per lookup). The list is re-read on `notifications/tools/list_changed`, on every reconnect and
 * on `refresh()`. A lost connection makes the bundle unavailable with the reason and reconnects
 * with backoff (1 s doubling to 60 s); `stop()` closes it for good. A connection the egress policy
 * refuses makes it `blocked`: no retry toward the address, only a re-check of the host's
 * addresses every few minutes (and on `refresh()`), which connects once they are allowed again.
 */
export class McpServerProvider implements MultiToolProvider {
  private tools = new Map<string, McpToolInfo>();
  private names: ReadonlySet<string> = new Set();
  private state: ServerState;
  private client: Client | undefined;
  private pid: (() => number | null) | undefined;
  private stderrLines: string[] = [];
  /** The end of the stderr line still being written (a chunk may end in the middle of one). */
  private stderrPending = '';
  /** Puts back the references the current connection resolved, in words from outside. */
  private redact: Redact = (text) => text;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private isStopped = false;
  private readonly timeoutMs: number;
  private generation = 0;
  /** The tools as the registry is told while the server is away (`lastKnownTools`); rebuilt when the list changes. */
  private known: ReadonlyMap<string, KnownTool> = new Map();
  /** Whether this provider has been connected before (a later connect is a restart). */
  private wasConnected = false;
  /** Whether the current outage has been told (`onEvent`): once per outage, not per failed retry. */
  private isDownTold = false;

  /** The environment the egress policy reads (`MCP_ALLOWED_HOSTS`). */
  private get env(): Readonly<Record<string, string | undefined>> {
    return this.options.env ?? process.env;
  }

  constructor(
    readonly config: ServerConfig,
    private readonly options: McpServerProviderOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    if (options.knownTools && options.knownTools.length > 0) this.setTools(new Map(options.knownTools.map((tool) => [`${config.name}_${tool.name}`, tool])));
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
    // Trying again after a failure: the failure is still the reason.
    if (this.isFirstConnect()) return `Connecting to the MCP server "${this.config.name}"`;
    return this.state.reason;
  }

  /**
   * When the server went away (ISO time), while it stays away: the catalogue shows "unavailable
   * for 3 min" from it. Undefined while connected, disabled, or connecting for the first time.
   */
  unavailableSince(): string | undefined {
    if (this.state.status === 'connected' || this.isFirstConnect()) return undefined;
    return this.state.downSince;
  }

  /** Connecting without a failure before it (the first connect, a Reconnect after a change). */
  private isFirstConnect(): boolean {
    return this.state.status === 'connecting' && (!this.state.reason || !this.state.downSince);
  }

  /**
   * While the server is away (not disabled), the tools it last served, so they stay in the
   * catalogue under their own names, unavailable with the reason; empty while connected.
   */
  lastKnownTools(): ReadonlyMap<string, KnownTool> {
    return this.state.status === 'connected' || this.state.status === 'disabled' ? EMPTY : this.known;
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

  /**
   * Re-reads the tool list now (the Refresh button); throws when not connected or when listing
   * fails. A blocked server's host is checked again first, and connected to when it now passes.
   */
  async refresh(): Promise<ServerState> {
    if (this.state.status === 'blocked') await this.recheckBlocked();
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
      throw new ToolUnavailableError(`The MCP server "${this.config.name}" is not connected: ${this.unavailableReason() ?? this.state.status}`);
    }
    // A child of the tool call's span: the server, the tool's own name; never the arguments or the result.
    // Shorter than the call limit (MCP_TOOL_CALL_TIMEOUT_MS): a hung upstream is reported as such (504), not as a call cut off.
    const timeout = this.options.callTimeoutMs ?? mcpCallTimeoutMs(this.env);
    return inSpan('mcp tools/call', { 'tools_admin.server': this.config.name, 'tools_admin.mcp_tool': localName }, async () => {
      try {
        return (await client.callTool({ name: localName, arguments: args }, undefined, { timeout })) as CallResult;
      } catch (error) {
        if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
          throw new ToolTimeoutError(`the MCP server "${this.config.name}" did not answer tools/call within ${timeout} ms (MCP_TOOL_CALL_TIMEOUT_MS)`);
        }
        throw error;
      }
    });
  }

  /** Drops the wait for the next retry and connects now (the Reconnect button); a stdio server is started again. */
  async reconnect(): Promise<void> {
    if (this.isStopped || !this.config.enabled || this.options.invalid || this.options.refusal) return;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.pid = undefined;
    await client?.close().catch(() => undefined);
    this.attempt = 0;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.isStopped) return;
    this.setState({ ...omitTimes(this.state, 'nextRetryAt', 'connectedAt'), status: 'connecting' });
    let opened: ReturnType<typeof openTransport>;
    try {
      const lookup = await this.options.references(this.config);
      // Stopped while the secrets were read: start nothing.
      if (this.isStopped) return;
      opened = openTransport(this.config, lookup, this.options.guardPath, this.env);
    } catch (error) {
      // Until the server, a secret or the app's environment changes (each relaunches it), trying again changes nothing.
      if (this.isStopped) return;
      const detail = upstreamWords(error instanceof Error ? error.message : String(error));
      this.setState({ status: 'unavailable', kind: 'config', reason: 'The server\'s configuration cannot be used', detail, toolCount: 0, downSince: this.state.downSince ?? new Date().toISOString() });
      this.tellDown(false, 'The server\'s configuration cannot be used');
      return;
    }
    this.stderrLines = [];
    this.stderrPending = '';
    this.redact = opened.redact;
    opened.stderr?.on('data', (chunk: Buffer) => this.keepStderr(chunk.toString('utf8')));
    this.pid = opened.pid;
    const client = newClient();
    this.client = client;
    let isReady = false;
    // While connecting, a failure is the rejected connect() below, which knows the better reason.
    client.onclose = () => {
      if (isReady) this.lost(client, { kind: 'cut', reason: 'The connection closed' });
    };
    client.onerror = (error) => {
      // A host that now resolves where the policy refuses (the SSE stream reconnecting): blocked.
      if (error.name === 'EgressBlockedError') this.lost(client, describeConnectError(error, this.timeoutMs));
      // A dead HTTP server never closes the transport: the SSE stream gives up with this instead.
      else if (/Maximum reconnection attempts/i.test(error.message)) this.lost(client, { kind: 'cut', reason: 'The connection was lost and could not be opened again' });
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (this.client === client) await this.readTools(client).catch((error: unknown) => this.lost(client, describeConnectError(error, this.timeoutMs, opened.redact)));
    });
    try {
      await client.connect(opened.transport, { timeout: this.timeoutMs });
      await this.readTools(client, false);
      if (this.client !== client) return;
      isReady = true;
      this.attempt = 0;
      const version = client.getServerVersion();
      const downSince = this.state.downSince;
      this.setState({ status: 'connected', toolCount: this.tools.size, connectedAt: new Date().toISOString(), ...(version ? { serverInfo: { name: version.name, version: version.version } } : {}) });
      const what = `${version ? `${version.name} ${version.version}, ` : ''}${this.tools.size} ${this.tools.size === 1 ? 'tool' : 'tools'}`;
      if (this.wasConnected || downSince) {
        const after = downSince ? ` after ${durationText(Date.now() - Date.parse(downSince))} away` : '';
        this.tell({ kind: 'restarted', message: `Connected again${after} (${what})` });
      } else {
        this.tell({ kind: 'connected', message: `Connected (${what})` });
      }
      this.wasConnected = true;
      this.isDownTold = false;
    } catch (error) {
      this.lost(client, describeConnectError(error, this.timeoutMs, opened.redact));
    }
  }

  private async readTools(client: Client, announce = true): Promise<void> {
    const listed = await listAllTools(client, this.timeoutMs);
    if (this.client !== client) return;
    const tools = new Map<string, McpToolInfo>();
    for (const tool of listed) tools.set(`${this.config.name}_${tool.name}`, tool);
    const isSame = tools.size === this.tools.size && [...tools].every(([name, info]) => sameInfo(this.tools.get(name), info));
    if (!isSame) {
      const before = [...this.tools.values()];
      const after = [...tools.values()];
      const changes = toolChanges(before, after);
      // The first list the app ever saw of this server is no change; later lists (after a restart too) are.
      if (before.length > 0) this.tell({ kind: 'tools_changed', message: describeToolChanges(changes), details: changes });
      this.options.onTools?.(after);
    }
    this.setTools(tools);
    this.state = { ...this.state, toolCount: tools.size };
    if (isSame && !announce) return;
    // Same names may carry new descriptions, schemas or annotations: the registry rebuilds their metadata.
    if (!isSame) this.generation += 1;
    this.options.onChange?.();
  }

  private lost(client: Client, failure: ConnectFailure): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.pid = undefined;
    void client.close().catch(() => undefined);
    const wasReady = this.state.status === 'connected';
    const downSince = this.state.downSince ?? new Date().toISOString();
    if (failure.kind === 'blocked') {
      this.setState({ ...omitTimes(this.state, 'connectedAt'), status: 'blocked', downSince, ...failureFields(failure) });
      this.tellDown(wasReady, failure.reason);
      this.scheduleRecheck();
      return;
    }
    // stderr arrives on its own stream, a moment after the process closes.
    setTimeout(() => {
      if (this.isStopped) return;
      const pending = this.stderrPending.trim() === '' ? [] : [this.redact(this.stderrPending).slice(0, 500)];
      const stopped = this.config.transport === 'stdio' ? stoppedFailure([...this.stderrLines, ...pending]) : undefined;
      const delay = Math.min((this.options.backoffMs ?? 1000) * 2 ** this.attempt, this.options.maxBackoffMs ?? 60_000);
      const fields = failureFields(stopped ?? failure);
      this.setState({ ...omitTimes(this.state, 'connectedAt'), status: 'unavailable', downSince, nextRetryAt: new Date(Date.now() + delay).toISOString(), ...fields });
      this.tellDown(wasReady, `${fields.reason ?? 'The connection failed'}; trying again in ${durationText(delay)}`);
      this.attempt += 1;
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => void this.connect(), delay);
      this.retryTimer.unref();
    }, 50);
  }

  /** A blocked server: its host checked again later, by a lookup only; connected when it passes. */
  private scheduleRecheck(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.recheckBlocked(), this.options.blockedRecheckMs ?? 5 * 60_000);
    this.retryTimer.unref();
  }

  /**
   * Connecting again is the re-check: every request goes through `egressFetch`, which checks the
   * host's addresses before opening any socket, so a host still refused gets a lookup, nothing
   * more, and the server stays blocked (with the policy's latest finding).
   */
  private async recheckBlocked(): Promise<void> {
    if (this.isStopped || this.state.status !== 'blocked') return;
    this.attempt = 0;
    await this.connect();
  }

  /** Tells the outage once: a connection lost, or the first connect that failed. */
  private tellDown(wasReady: boolean, words: string): void {
    if (this.isDownTold) return;
    this.isDownTold = true;
    this.tell({ kind: 'lost', message: wasReady ? `Connection lost: ${words}` : `Could not connect: ${words}` });
  }

  private tell(event: ProviderEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // Telling is best effort: the connection goes on.
    }
  }

  /** Replaces the tool list, and what the registry is told of it while the server is away. */
  private setTools(tools: Map<string, McpToolInfo>): void {
    this.tools = tools;
    this.names = new Set(tools.keys());
    this.known = new Map([...tools].map(([name, info]) => [name, { description: info.description, parametersSchema: info.inputSchema, ...(info.annotations ? { annotations: info.annotations } : {}) }]));
  }

  /** Keeps the last whole lines of stderr, each redacted before it is cut to length. */
  private keepStderr(text: string): void {
    // The guard's own line may follow the server's unfinished one: it starts a line of its own.
    const parts = (this.stderrPending + text).replace(/(?<!^|\n)\[mcp-stdio-guard\] /g, '\n[mcp-stdio-guard] ').split(/\r?\n/);
    this.stderrPending = (parts.pop() ?? '').slice(-MAX_PENDING_STDERR);
    const lines = parts.filter((line) => line.trim() !== '').map((line) => this.redact(line).slice(0, 500));
    this.stderrLines = [...this.stderrLines, ...lines].slice(-STDERR_LINES);
  }

  private setState(state: ServerState): void {
    const wasAvailable = this.state.status === 'connected';
    const changed = state.status !== this.state.status || state.reason !== this.state.reason;
    this.state = state;
    if (changed && (wasAvailable || state.status === 'connected' || state.status === 'unavailable')) this.options.onChange?.();
  }
}

/** A state's failure fields, each one replaced (a new failure says nothing of the last one's detail). */
function failureFields(failure: ConnectFailure): Pick<ServerState, 'kind' | 'reason' | 'detail'> {
  return { kind: failure.kind, reason: withoutGuardName(failure.reason), detail: failure.detail === undefined ? undefined : withoutGuardName(failure.detail) };
}

/** Words with the internal process name of the stdio guard taken out: it means nothing to an admin. */
export function withoutGuardName(text: string): string {
  return text.replace(/\s*\[mcp-stdio-guard\]\s*/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The state without the times that no longer hold. */
function omitTimes(state: ServerState, ...keys: ('connectedAt' | 'nextRetryAt')[]): ServerState {
  const next = { ...state };
  for (const key of keys) delete next[key];
  return next;
}

const EMPTY: ReadonlyMap<string, KnownTool> = new Map();

/** "3 s", "2 min", "1 h 5 min". */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
}

/** A stdio server that ended: how (the guard's own line, e.g. the exit code or signal), and its last stderr words apart. */
function stoppedFailure(stderrLines: readonly string[]): ConnectFailure | undefined {
  if (stderrLines.length === 0) return undefined;
  const guardLines = stderrLines.filter((line) => line.startsWith('[mcp-stdio-guard] '));
  const how = guardLines.at(-1)?.slice('[mcp-stdio-guard] '.length).replace(/; stopping the server$/, '');
  const serverWords = stderrLines.filter((line) => !line.startsWith('[mcp-stdio-guard] ')).join(' ');
  const reason = how ? `The server stopped: ${how}` : 'The server stopped';
  // The last words are the ones that say why.
  return { kind: 'stopped', reason, ...(serverWords.trim() === '' ? {} : { detail: upstreamWords(serverWords.slice(-MAX_DETAIL_CHARS)) }) };
}

function sameInfo(a: McpToolInfo | undefined, b: McpToolInfo): boolean {
  return a !== undefined && sameTool(a, b);
}
