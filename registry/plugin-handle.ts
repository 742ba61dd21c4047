import { MissingDependencyError, recordingEnvironment } from './environment';
import { errorMessage, type Diagnostic, type DiagnosticPhase, type FaultLog } from './diagnostics';
import type { PluginRegistration } from './registration';
import type { ToolMetadata } from './catalogue';
import {
  defaults,
  type AgentTool,
  type JsonSchema,
  type MultiToolProvider,
  type Tool,
  type ToolCallScope,
  type ToolEnvironment,
  type ToolFactory,
} from './spi';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

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
 * A constructed, bound plugin. Every call into plugin code goes through `call`, so one
 * plugin's exception becomes a diagnostic instead of breaking the catalogue.
 */
abstract class PluginHandle<P extends ToolFactory | MultiToolProvider> {
  /** Dependencies the plugin asked for and did not get. */
  private readonly misses: string[] = [];
  /** Why the plugin cannot take part at all (bind failed or a dependency is missing). */
  private bindProblem: string | undefined;
  private pluginGroup: string = defaults.group;

  protected constructor(
    readonly registration: PluginRegistration,
    protected readonly plugin: P,
    protected readonly faults: FaultLog,
  ) {}

  /** Binds the plugin, once, then reads its group. A plugin's async bind is awaited. */
  async bind(env: ToolEnvironment): Promise<void> {
    const bind = this.plugin.bind;
    if (typeof bind === 'function') {
      try {
        await bind.call(this.plugin, recordingEnvironment(env, this.misses));
      } catch (error) {
        const isMissing = error instanceof MissingDependencyError || (error as Error | null)?.name === 'MissingDependencyError';
        this.bindProblem = isMissing ? errorMessage(error) : `bind() failed: ${errorMessage(error)}`;
        if (!isMissing) this.fault('bind', error);
      }
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

  /** Availability right now, with the reason when unavailable. */
  availability(): { available: true } | { available: false; reason: string } {
    if (this.bindProblem) return { available: false, reason: this.bindProblem };
    const isAvailable = this.plugin.isAvailable;
    if (typeof isAvailable !== 'function') return { available: defaults.isAvailable };
    const outcome = this.call('isAvailable', () => isAvailable.call(this.plugin));
    if (!outcome.ok) return { available: false, reason: `isAvailable() failed: ${errorMessage(outcome.error)}` };
    if (outcome.value !== false) return { available: true };
    return { available: false, reason: this.unavailableReason() };
  }

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
          ? `tool "${toolName ?? ''}" threw while describing itself: ${errorMessage(error)}`
          : `${phase}() threw: ${errorMessage(error)}`,
    };
    this.faults.record(diagnostic);
  }

  /** Builds a tool and checks it is one; the plugin's own errors are thrown on. */
  protected checkTool(tool: unknown, toolName: string): Tool {
    const candidate = tool as Partial<Record<keyof Tool, unknown>> | null;
    const missing = (['name', 'description', 'parametersSchema', 'execute'] as const).filter(
      (member) => typeof candidate?.[member] !== 'function',
    );
    if (missing.length > 0) {
      throw new Error(`create("${toolName}") returned something that is not a Tool (missing ${missing.join(', ')})`);
    }
    return tool as Tool;
  }

  /** Reads what the catalogue shows of a tool; throws what the tool threw, after logging it. */
  protected readMetadata(tool: Tool, toolName: string): ToolMetadata {
    const outcome = this.call(
      'tool',
      () => {
        const description: unknown = tool.description();
        const parametersSchema: unknown = tool.parametersSchema();
        return {
          description: typeof description === 'string' ? description : '',
          parametersSchema: isObject(parametersSchema) ? parametersSchema : {},
          streamsResultToUser: tool.streamsResultToUser?.() === true,
        };
      },
      toolName,
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  private readGroup(): string {
    const group = this.plugin.group;
    if (typeof group !== 'function') return defaults.group;
    const outcome = this.call('group', () => group.call(this.plugin));
    if (!outcome.ok) return defaults.group;
    return typeof outcome.value === 'string' && outcome.value !== '' ? outcome.value : defaults.group;
  }

  private unavailableReason(): string {
    const explain = this.plugin.unavailableReason;
    if (typeof explain === 'function') {
      const outcome = this.call('unavailableReason', () => explain.call(this.plugin));
      if (outcome.ok && typeof outcome.value === 'string' && outcome.value !== '') return outcome.value;
    }
    if (this.misses.length > 0) return `Missing ${this.misses.join(', ')}`;
    return 'isAvailable() returned false';
  }
}

/** A loaded `ToolFactory`: owns exactly `name`. */
export class FactoryHandle extends PluginHandle<ToolFactory> {
  readonly kind = 'factory';
  private cachedMetadata: ToolMetadata | undefined;

  constructor(registration: PluginRegistration, factory: ToolFactory, readonly name: string, faults: FaultLog) {
    super(registration, factory, faults);
  }

  overridesSchema(): JsonSchema {
    const schema = this.plugin.overridesSchema;
    if (typeof schema !== 'function') return defaults.overridesSchema;
    const outcome = this.call('overridesSchema', () => schema.call(this.plugin));
    return outcome.ok && isObject(outcome.value) ? outcome.value : defaults.overridesSchema;
  }

  /** A fresh tool; throws what the plugin threw, after logging it. */
  create(agentTool: AgentTool, scope: ToolCallScope): Tool {
    const outcome = this.call('create', () => this.checkTool(this.plugin.create(agentTool, scope), this.name), this.name);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** The tool's catalogue metadata, built once; throws when the tool cannot be built. */
  metadata(): ToolMetadata {
    this.cachedMetadata ??= this.readMetadata(this.create(catalogueBinding(this.name), CATALOGUE_SCOPE), this.name);
    return this.cachedMetadata;
  }

  /** Metadata for an unavailable factory, if its tool can be built anyway; never logs. */
  peekMetadata(): ToolMetadata | undefined {
    if (this.cachedMetadata) return this.cachedMetadata;
    try {
      const tool = this.checkTool(this.plugin.create(catalogueBinding(this.name), CATALOGUE_SCOPE), this.name);
      const description: unknown = tool.description();
      const parametersSchema: unknown = tool.parametersSchema();
      this.cachedMetadata = {
        description: typeof description === 'string' ? description : '',
        parametersSchema: isObject(parametersSchema) ? parametersSchema : {},
        streamsResultToUser: tool.streamsResultToUser?.() === true,
      };
      return this.cachedMetadata;
    } catch {
      // An unavailable factory may well be unable to build its tool; its reason is shown instead.
      return undefined;
    }
  }
}

/** A loaded `MultiToolProvider`. */
export class ProviderHandle extends PluginHandle<MultiToolProvider> {
  readonly kind = 'provider';
  private lastNames: ReadonlySet<string> = new Set();
  /** Metadata per name, dropped whenever the provider's set of names changes. */
  private cachedMetadata = new Map<string, ToolMetadata>();

  constructor(registration: PluginRegistration, provider: MultiToolProvider, faults: FaultLog) {
    super(registration, provider, faults);
  }

  /** The names served right now, read afresh; empty when the provider throws. */
  toolNames(): ReadonlySet<string> {
    const outcome = this.call('toolNames', () => this.plugin.toolNames());
    if (!outcome.ok) return new Set();
    const names = new Set<string>();
    const value: unknown = outcome.value;
    if (value == null || typeof (value as Iterable<unknown>)[Symbol.iterator] !== 'function') {
      this.fault('toolNames', new Error('toolNames() must return a set of strings'));
      return names;
    }
    for (const name of value as Iterable<unknown>) {
      if (typeof name === 'string' && name !== '') names.add(name);
    }
    if (!sameSet(names, this.lastNames)) {
      this.lastNames = names;
      this.cachedMetadata = new Map();
    }
    return names;
  }

  /** A fresh tool, or undefined when the provider does not serve the name; throws what the plugin threw. */
  create(toolName: string, agentTool: AgentTool, scope: ToolCallScope): Tool | undefined {
    const outcome = this.call(
      'create',
      () => {
        const tool = this.plugin.create(toolName, agentTool, scope);
        return tool === undefined || tool === null ? undefined : this.checkTool(tool, toolName);
      },
      toolName,
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /**
   * The catalogue metadata of one of its tools, built once per name while the set of
   * names stays the same; undefined when the provider does not build that name.
   */
  metadata(toolName: string): ToolMetadata | undefined {
    const cached = this.cachedMetadata.get(toolName);
    if (cached) return cached;
    const tool = this.create(toolName, catalogueBinding(toolName), CATALOGUE_SCOPE);
    if (!tool) return undefined;
    const metadata = this.readMetadata(tool, toolName);
    this.cachedMetadata.set(toolName, metadata);
    return metadata;
  }
}

export type AnyHandle = FactoryHandle | ProviderHandle;

/**
 * Loads one registration: import → no-arg constructor → bind once → name and group.
 * Returns the handle, or a diagnostic when the plugin cannot be used at all.
 */
export async function loadPlugin(
  registration: PluginRegistration,
  env: ToolEnvironment,
  faults: FaultLog,
): Promise<AnyHandle | Diagnostic> {
  const failed = (phase: DiagnosticPhase, message: string): Diagnostic => ({
    kind: 'failed',
    source: registration.source,
    entry: registration.entry,
    file: registration.file,
    phase,
    message,
  });

  let pluginClass: unknown;
  try {
    pluginClass = await registration.load();
  } catch (error) {
    return failed('import', errorMessage(error));
  }
  if (typeof pluginClass !== 'function') {
    return failed('import', `${registration.entry} is not a class (got ${describe(pluginClass)})`);
  }

  let instance: unknown;
  try {
    instance = new (pluginClass as new () => unknown)();
  } catch (error) {
    return failed('construct', `constructor threw: ${errorMessage(error)}`);
  }

  const required = registration.kind === 'factory' ? ['name', 'create'] : ['toolNames', 'create'];
  const missing = required.filter((member) => typeof (instance as Record<string, unknown>)[member] !== 'function');
  if (missing.length > 0) {
    const spi = registration.kind === 'factory' ? 'ToolFactory' : 'MultiToolProvider';
    return failed('construct', `${registration.entry} does not implement ${spi}: no ${missing.join('(), ')}() method`);
  }

  if (registration.kind === 'provider') {
    const handle = new ProviderHandle(registration, instance as MultiToolProvider, faults);
    await handle.bind(env);
    return handle;
  }
  const factory = instance as ToolFactory;
  let name: unknown;
  try {
    name = factory.name();
  } catch (error) {
    return failed('name', `name() threw: ${errorMessage(error)}`);
  }
  if (typeof name !== 'string' || name === '') {
    return failed('name', `name() must return a non-empty string (got ${describe(name)})`);
  }
  const handle = new FactoryHandle(registration, factory, name, faults);
  await handle.bind(env);
  return handle;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}
