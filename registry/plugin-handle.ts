import { MissingDependencyError, recordingEnvironment } from './environment';
import { errorMessage, type Diagnostic, type DiagnosticPhase, type FaultLog } from './diagnostics';
import type { PluginRegistration } from './registration';
import type { ToolMetadata } from './catalogue';
import { checkTool, describeTool, isThenable, MAX_DESCRIPTION_BYTES, MAX_PROVIDER_NAMES, namesFrom, problemsFrom, requireSync, toJsonSchema } from './plugin-values';
import {
  defaults,
  type AgentTool,
  type JsonSchema,
  type MultiToolProvider,
  type OverridesProblem,
  type Tool,
  type ToolCallScope,
  type ToolEnvironment,
  type ToolFactory,
} from './spi';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Availability right now, with the reason (and since when, if the plugin says) when unavailable. */
export type Availability = { available: true } | { available: false; reason: string; since?: string };

/** The scope tools are built with when the registry only reads their metadata. */
export const CATALOGUE_SCOPE: ToolCallScope = Object.freeze({
  sessionId: 'catalogue',
  agentId: 'catalogue',
  purpose: 'catalogue',
});

function catalogueBinding(toolName: string): AgentTool {
  return { agentId: CATALOGUE_SCOPE.agentId, toolName, overrides: {} };
}

/**
 * A constructed plugin. Every call into plugin code, reading its members included, goes
 * through `call`, so one plugin's exception becomes a diagnostic instead of an outage.
 */
abstract class PluginHandle<P extends ToolFactory | MultiToolProvider> {
  /** Dependencies the plugin asked for and did not get. */
  private readonly misses: string[] = [];
  /** Why the plugin cannot take part at all (bind failed or a dependency is missing). */
  private bindProblem: string | undefined;
  private pluginGroup: string = defaults.group;
  /** The availability the last `observe()` saw: "" when available, else the reason. */
  private lastSeen: string | undefined;
  /** Counts the changes `observe()` saw; the registry's catalogue version is built from these. */
  protected changeCount = 0;

  protected constructor(
    readonly registration: PluginRegistration,
    protected readonly plugin: P,
    protected readonly faults: FaultLog,
  ) {}

  /** Binds the plugin, once, then reads its group. An async bind is awaited, up to `timeoutMs`. */
  async bind(env: ToolEnvironment, timeoutMs: number): Promise<void> {
    try {
      const bind = this.plugin.bind;
      const result: unknown = typeof bind === 'function' ? bind.call(this.plugin, recordingEnvironment(env, this.misses)) : undefined;
      if (isThenable(result)) await withTimeout(result, timeoutMs, `bind() did not finish within ${timeoutMs / 1000} s`);
    } catch (error) {
      const isMissing = error instanceof MissingDependencyError || (error as Error | null)?.name === 'MissingDependencyError';
      this.bindProblem = isMissing ? errorMessage(error) : `bind() failed: ${errorMessage(error)}`;
      if (!isMissing) this.fault('bind', error);
    }
    this.pluginGroup = this.readGroup();
  }

  get group(): string {
    return this.pluginGroup;
  }

  get source(): string {
    return this.registration.source;
  }

  /** "source entry", how admins find the plugin. */
  get label(): string {
    return `${this.registration.source} ${this.registration.entry}`;
  }

  availability(): Availability {
    if (this.bindProblem) return { available: false, reason: this.bindProblem };
    const outcome = this.call('isAvailable', () => {
      const isAvailable = this.plugin.isAvailable;
      return typeof isAvailable === 'function' ? requireSync(isAvailable.call(this.plugin), 'isAvailable()') : defaults.isAvailable;
    });
    if (!outcome.ok) return { available: false, reason: `isAvailable() failed: ${errorMessage(outcome.error)}` };
    if (outcome.value) return { available: true };
    const since = this.unavailableSince();
    return { available: false, reason: this.unavailableReason(), ...(since === undefined ? {} : { since }) };
  }

  /**
   * Reads what of this plugin can change the catalogue without the registry being told (its
   * availability and reason; a provider's names and `toolsVersion()` too) and returns a count
   * that moves whenever that changed since the last reading.
   */
  observe(): number {
    const availability = this.availability();
    const seen = availability.available ? '' : `${availability.reason}\n${availability.since ?? ''}`;
    if (seen !== this.lastSeen) {
      this.lastSeen = seen;
      this.changeCount++;
    }
    if (availability.available) this.observeAvailable();
    else this.observeUnavailable();
    return this.changeCount;
  }

  /** The count `observe()` returned last, without reading the plugin. */
  get changes(): number {
    return this.changeCount;
  }

  /** What more `observe()` reads of an available plugin. */
  protected observeAvailable(): void {}

  /** What more `observe()` reads of an unavailable plugin. */
  protected observeUnavailable(): void {}

  /** Runs plugin code; a throw is logged as a fault, a later success clears it. */
  protected call<T>(phase: DiagnosticPhase, fn: () => T, toolName?: string): Outcome<T> {
    try {
      const value = fn();
      this.faults.clear({ source: this.source, entry: this.registration.entry, phase, toolName });
      return { ok: true, value };
    } catch (error) {
      this.fault(phase, error, toolName);
      return { ok: false, error };
    }
  }

  protected fault(phase: DiagnosticPhase, error: unknown, toolName?: string): void {
    const diagnostic: Diagnostic = {
      kind: 'failed',
      source: this.source,
      entry: this.registration.entry,
      file: this.registration.file,
      phase,
      toolName,
      message:
        phase === 'tool'
          ? `Tool "${toolName ?? ''}" failed while describing itself: ${errorMessage(error)}`
          : `${phase}() failed: ${errorMessage(error)}`,
    };
    this.faults.record(diagnostic);
  }

  /** The catalogue metadata of a built tool; throws what the tool threw, after logging it. */
  protected readMetadata(tool: Tool, toolName: string): ToolMetadata {
    const outcome = this.call('tool', () => describeTool(tool), toolName);
    if (!outcome.ok) throw outcome.error;
    const { descriptionBytes, ...metadata } = outcome.value;
    if (descriptionBytes !== undefined) {
      this.faults.record({
        kind: 'warning',
        source: this.source,
        entry: this.registration.entry,
        file: this.registration.file,
        phase: 'tool',
        toolName,
        message: `Tool "${toolName}": description() returned ${descriptionBytes} bytes; it is cut to ${MAX_DESCRIPTION_BYTES} (16 KiB)`,
      });
    }
    return metadata;
  }

  private readGroup(): string {
    const outcome = this.call('group', () => {
      const group = this.plugin.group;
      return typeof group === 'function' ? requireSync(group.call(this.plugin), 'group()') : undefined;
    });
    return outcome.ok && typeof outcome.value === 'string' && outcome.value !== '' ? outcome.value : defaults.group;
  }

  private unavailableReason(): string {
    const outcome = this.call('unavailableReason', () => {
      const explain = this.plugin.unavailableReason;
      return typeof explain === 'function' ? requireSync(explain.call(this.plugin), 'unavailableReason()') : undefined;
    });
    if (outcome.ok && typeof outcome.value === 'string' && outcome.value !== '') return outcome.value;
    if (this.misses.length > 0) return `Missing ${this.misses.join(', ')}`;
    return 'isAvailable() returned false';
  }

  /** Since when the plugin has been unavailable, as an ISO time; undefined when it does not say or says nothing usable. */
  private unavailableSince(): string | undefined {
    const outcome = this.call('unavailableSince', () => {
      const read = this.plugin.unavailableSince;
      return typeof read === 'function' ? isoTimeFrom(requireSync(read.call(this.plugin), 'unavailableSince()')) : undefined;
    });
    return outcome.ok ? outcome.value : undefined;
  }
}

/** A plugin's `unavailableSince()` answer as an ISO time; throws (a fault) for anything but undefined or a time. */
function isoTimeFrom(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new TypeError(`unavailableSince() must return an ISO 8601 time or undefined, not ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value}`);
  return new Date(time).toISOString();
}

/** A loaded `ToolFactory`: owns exactly `name`. */
export class FactoryHandle extends PluginHandle<ToolFactory> {
  readonly kind = 'factory';
  private cachedMetadata: ToolMetadata | undefined;
  private lastSettings: string | undefined;

  constructor(registration: PluginRegistration, factory: ToolFactory, readonly name: string, faults: FaultLog) {
    super(registration, factory, faults);
  }

  /** The factory's overrides schema, read afresh (it may depend on live data); `{}` when it fails. */
  overridesSchema(): JsonSchema {
    const outcome = this.call('overridesSchema', () => {
      const schema = this.plugin.overridesSchema;
      return typeof schema === 'function' ? toJsonSchema(requireSync(schema.call(this.plugin), 'overridesSchema()'), 'overridesSchema()') : defaults.overridesSchema;
    });
    return outcome.ok ? outcome.value : defaults.overridesSchema;
  }

  /** The factory's own check of overrides (none when it has no `checkOverrides`); throws what it threw, after logging it. */
  checkOverrides(overrides: Readonly<Record<string, unknown>>): OverridesProblem[] {
    const outcome = this.call(
      'checkOverrides',
      () => {
        const check = this.plugin.checkOverrides;
        return typeof check === 'function' ? problemsFrom(check.call(this.plugin, overrides), 'checkOverrides()') : [];
      },
      this.name,
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** A fresh tool; throws what the plugin threw, after logging it. */
  create(agentTool: AgentTool, scope: ToolCallScope): Tool {
    const outcome = this.call('create', () => checkTool(this.plugin.create(agentTool, scope), this.name), this.name);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** The tool's catalogue metadata, built once; throws when the tool cannot be built. */
  metadata(): ToolMetadata {
    this.cachedMetadata ??= this.readMetadata(this.create(catalogueBinding(this.name), CATALOGUE_SCOPE), this.name);
    return this.cachedMetadata;
  }

  /** Metadata built while the factory was available, if any; never builds (it may be unavailable). */
  knownMetadata(): ToolMetadata | undefined {
    return this.cachedMetadata;
  }

  /**
   * Reads what the catalogue shows of the factory that may change without any sign (its
   * overrides schema; its own description while its tool was never built), and counts a change
   * when it differs from the last time. The registry does this every `recheckMs`, not per reading.
   */
  observeSettings(): void {
    const description = this.knownMetadata() ? '' : (this.factoryDescription() ?? '');
    const seen = `${JSON.stringify(this.overridesSchema())}\u0000${description}`;
    if (seen === this.lastSettings) return;
    this.lastSettings = seen;
    this.changeCount++;
  }

  /** The factory's own `description()` (an optional extension), for when no tool can be built; undefined without one. */
  factoryDescription(): string | undefined {
    const outcome = this.call('description', () => {
      const describe = this.plugin.description;
      return typeof describe === 'function' ? requireSync(describe.call(this.plugin), 'description()') : undefined;
    });
    return outcome.ok && typeof outcome.value === 'string' && outcome.value.trim() !== '' ? outcome.value : undefined;
  }
}

/** A loaded `MultiToolProvider`. */
export class ProviderHandle extends PluginHandle<MultiToolProvider> {
  readonly kind = 'provider';
  private lastNames: ReadonlySet<string> = new Set();
  /** `lastNames` in the order the provider last gave them, for the usual answer: the same names in the same order. */
  private lastOrder: readonly string[] = [];
  private lastVersion: string | number | undefined;
  /** Metadata per name, dropped whenever the provider's set of names or its `toolsVersion()` changes. */
  private cachedMetadata = new Map<string, ToolMetadata>();
  private observedNames: ReturnType<ProviderHandle['currentNames']> | undefined;
  /** The last `lastKnownTools()` answer, and what it gave. */
  private knownSource: unknown;
  private known: ReadonlyMap<string, ToolMetadata> = new Map();

  constructor(registration: PluginRegistration, provider: MultiToolProvider, faults: FaultLog) {
    super(registration, provider, faults);
  }

  /** The names served right now, read afresh, or why they cannot be read. */
  currentNames(): { ok: true; names: ReadonlySet<string> } | { ok: false; reason: string } {
    const outcome = this.call('toolNames', () => {
      const value: unknown = this.plugin.toolNames();
      // The usual answer is the last one again, in the same order (the spec asks providers for a
      // stable order): told by comparing it with the last one item by item, without building a
      // new set or looking each name up in the old one.
      return isSameInOrder(value, this.lastOrder) ? { names: this.lastNames, skipped: 0, isTruncated: false } : namesFrom(value);
    });
    if (!outcome.ok) return { ok: false, reason: `toolNames() failed: ${errorMessage(outcome.error)}` };
    const { names, skipped, isTruncated } = outcome.value;
    if (skipped > 0) this.fault('toolNames', new Error(`it returned ${skipped} values that are not tool names (non-empty strings); they are left out`));
    if (isTruncated) this.fault('toolNames', new Error(`it returned more than ${MAX_PROVIDER_NAMES} names; the rest are left out`));
    if (!sameSet(names, this.lastNames)) this.namesChanged(names);
    // The same names in another order: compared in this order from now on.
    else if (names !== this.lastNames) this.lastOrder = [...names];
    this.checkVersion();
    return { ok: true, names };
  }

  /** An available provider's names and `toolsVersion()`, read afresh (an unavailable one is not asked: the spec). */
  protected override observeAvailable(): void {
    this.observedNames = this.currentNames();
  }

  /** An unavailable provider's remembered tools (`lastKnownTools`), read afresh. */
  protected override observeUnavailable(): void {
    this.knownTools();
  }

  /**
   * What an unavailable provider remembers of the tools it served (`lastKnownTools`), as catalogue
   * metadata by name; empty without that extension or when it fails (logged). A new map from the
   * provider counts as a change; the same map again is answered from the last reading.
   */
  knownTools(): ReadonlyMap<string, ToolMetadata> {
    const outcome = this.call('lastKnownTools', () => {
      const read = this.plugin.lastKnownTools;
      return typeof read === 'function' ? requireSync(read.call(this.plugin), 'lastKnownTools()') : undefined;
    });
    const value: unknown = outcome.ok ? outcome.value : undefined;
    if (value === this.knownSource) return this.known;
    this.knownSource = value;
    const outcomeOfRead = this.call('lastKnownTools', () => knownToolsFrom(value));
    this.known = outcomeOfRead.ok ? outcomeOfRead.value : new Map();
    this.changeCount++;
    return this.known;
  }

  /** The names the last `observe()` read, handed over once (a reading that follows needs not ask again). */
  takeObservedNames(): ReturnType<ProviderHandle['currentNames']> | undefined {
    const names = this.observedNames;
    this.observedNames = undefined;
    return names;
  }

  /** The names served right now; empty when they cannot be read. */
  toolNames(): ReadonlySet<string> {
    const current = this.currentNames();
    return current.ok ? current.names : new Set();
  }

  /** Whether the provider has a `checkOverrides` at all; a member that throws when read counts as one, so the check reports it. */
  get hasOverridesCheck(): boolean {
    try {
      return typeof this.plugin.checkOverrides === 'function';
    } catch {
      return true;
    }
  }

  /** The provider's own check of one tool's overrides (none without `checkOverrides`); throws what it threw, after logging it. */
  checkOverrides(toolName: string, overrides: Readonly<Record<string, unknown>>): OverridesProblem[] {
    const outcome = this.call(
      'checkOverrides',
      () => {
        const check = this.plugin.checkOverrides;
        return typeof check === 'function' ? problemsFrom(check.call(this.plugin, toolName, overrides), 'checkOverrides()') : [];
      },
      toolName,
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** A fresh tool, or undefined when the provider does not serve the name; throws what the plugin threw. */
  create(toolName: string, agentTool: AgentTool, scope: ToolCallScope): Tool | undefined {
    const outcome = this.call(
      'create',
      () => {
        const tool: unknown = this.plugin.create(toolName, agentTool, scope);
        return tool === undefined || tool === null ? undefined : checkTool(tool, toolName);
      },
      toolName,
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /**
   * The catalogue metadata of one of its tools, built once per name while the set of
   * names and the provider's `toolsVersion()` stay the same; undefined when the provider
   * does not build that name.
   */
  metadata(toolName: string): ToolMetadata | undefined {
    this.checkVersion();
    const cached = this.cachedMetadata.get(toolName);
    if (cached) return cached;
    const tool = this.create(toolName, catalogueBinding(toolName), CATALOGUE_SCOPE);
    if (!tool) return undefined;
    const metadata = this.readMetadata(tool, toolName);
    this.cachedMetadata.set(toolName, metadata);
    return metadata;
  }

  /** Drops the cached metadata when the provider's `toolsVersion()` moved (same names, new descriptions or schemas). */
  private checkVersion(): void {
    const outcome = this.call('toolsVersion', () => {
      const version = this.plugin.toolsVersion;
      return typeof version === 'function' ? requireSync(version.call(this.plugin), 'toolsVersion()') : undefined;
    });
    // A failing toolsVersion() is logged (a diagnostic) and changes nothing: the names alone decide, as without one.
    if (!outcome.ok) return;
    const version = typeof outcome.value === 'string' || typeof outcome.value === 'number' ? outcome.value : undefined;
    if (version === this.lastVersion) return;
    this.lastVersion = version;
    this.cachedMetadata = new Map();
    this.changeCount++;
  }

  private namesChanged(names: ReadonlySet<string>): void {
    this.lastNames = names;
    this.lastOrder = [...names];
    this.cachedMetadata = new Map();
    this.changeCount++;
    // Faults of tools the provider no longer serves are history, not what is broken now.
    this.faults.clearWhere(
      (d) => d.source === this.source && d.entry === this.registration.entry && d.toolName !== undefined && !names.has(d.toolName),
    );
  }
}

/** `lastKnownTools()`'s answer as catalogue metadata: a Map of names to descriptions and schemas, at most `MAX_PROVIDER_NAMES`. */
function knownToolsFrom(value: unknown): ReadonlyMap<string, ToolMetadata> {
  if (value === undefined || value === null) return new Map();
  if (!(value instanceof Map)) throw new Error('lastKnownTools() must return a Map of tool names to { description, parametersSchema }');
  const known = new Map<string, ToolMetadata>();
  for (const [name, tool] of value as Map<unknown, unknown>) {
    if (known.size >= MAX_PROVIDER_NAMES) break;
    if (typeof name !== 'string' || name === '' || typeof tool !== 'object' || tool === null) continue;
    const { description, parametersSchema, annotations } = tool as { description?: unknown; parametersSchema?: unknown; annotations?: unknown };
    known.set(name, {
      description: typeof description === 'string' ? description : '',
      parametersSchema: toJsonSchema(parametersSchema ?? {}, 'lastKnownTools() parametersSchema'),
      streamsResultToUser: false,
      ...(typeof annotations === 'object' && annotations !== null ? { annotations: annotations as ToolMetadata['annotations'] } : {}),
    });
  }
  return known;
}

/** A loaded plugin of either kind. */
export type AnyHandle = FactoryHandle | ProviderHandle;

/**
 * Whether a provider's answer is exactly `order`: the same names, each once, in the same order.
 * `order` holds distinct names, so an answer matching it item for item holds each of them once and
 * nothing else. Anything else (another order, a duplicate, a value that is not a name): no, and the
 * answer is read in full.
 */
function isSameInOrder(value: unknown, order: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null || isThenable(value) || typeof (value as Iterable<unknown>)[Symbol.iterator] !== 'function') return false;
  let index = 0;
  for (const name of value as Iterable<unknown>) {
    if (index >= order.length || name !== order[index]) return false;
    index++;
  }
  return index === order.length;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  // The usual case: `isSameNames` found the last names again and handed back that very set.
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

async function withTimeout(promise: PromiseLike<unknown>, ms: number, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
