import { createToolEnvironment } from './environment';
import { FaultLog, errorMessage, type Diagnostic } from './diagnostics';
import { ToolResolutionError } from './errors';
import { loadPlugin } from './load-plugin';
import { FactoryHandle, ProviderHandle, type AnyHandle } from './plugin-handle';
import type { CatalogueEntry, ToolCatalogue, ToolMetadata } from './catalogue';
import type { PluginRegistration } from './registration';
import { serviceKey, type AgentTool, type OverridesProblem, type ServiceKey, type Tool, type ToolCallScope, type ToolEnvironment } from './spi';
import { isSameCatalogue } from './same-catalogue';
import { compareStrings } from './text';

/** The registry's catalogue, offered to plugins (e.g. `tool_search`) under this key. */
export const TOOL_CATALOGUE: ServiceKey<ToolCatalogue> = serviceKey<ToolCatalogue>('tool-catalogue');

/** What `ToolRegistry.load` needs. */
export interface ToolRegistryOptions {
  /** Built-ins and discovered plugins, in the order that decides conflicts. */
  registrations: readonly PluginRegistration[];
  environment?: ToolEnvironment;
  /** Problems found before loading (e.g. by discovery), reported with the rest. */
  diagnostics?: readonly Diagnostic[];
  /** How long a plugin's async `bind` may take; default 10 s. */
  bindTimeoutMs?: number;
  /** How often factories' overrides schemas (and descriptions of unbuilt tools) are read again to see whether they changed; default 1 s. See `catalogueVersion`. */
  recheckMs?: number;
  /** The clock for `recheckMs`, in ms; default `performance.now`. */
  now?: () => number;
}

/** One reading of the catalogue and its diagnostics, with the catalogue version it is. */
export interface CatalogueReading {
  /** Moves exactly when the tools or diagnostics differ from the previous reading's. */
  readonly version: number;
  readonly tools: readonly CatalogueEntry[];
  readonly diagnostics: readonly Diagnostic[];
}

interface Built extends CatalogueReading {
  /** The registry's change count when it was built. */
  readonly stamp: number;
  /** Some tool could not be built: it is tried again at the next reading, as before there was a cache. */
  readonly hasFailures: boolean;
}

/** Default of `ToolRegistryOptions.recheckMs`. */
export const CATALOGUE_RECHECK_MS = 1_000;

type Claim =
  | { handle: FactoryHandle; available: true }
  | { handle: FactoryHandle; available: false; reason: string; since?: string }
  | { handle: ProviderHandle; available: true }
  /** A tool an unavailable provider served when it last was (`lastKnownTools`). */
  | { handle: ProviderHandle; available: false; reason: string; since?: string; known: ToolMetadata };

interface Claims {
  /** Every known name with its claimants: factories first, then providers, each in registration order. */
  byName: Map<string, Claim[]>;
  unavailableProviders: { handle: ProviderHandle; reason: string; since?: string }[];
}

/**
 * Knows every tool: factories own one name each, providers serve sets that may change on
 * every lookup. One plugin's fault never breaks the rest; see `diagnostics()`.
 *
 * Of several claimants of one name, the first available one in claim order wins; only a
 * provider answering undefined passes the name on. A winner that throws is a failure,
 * never a reason to hand its name to another plugin.
 */
export class ToolRegistry implements ToolCatalogue {
  private readonly faults = new FaultLog();
  private readonly factories: FactoryHandle[] = [];
  private readonly providers: ProviderHandle[] = [];
  private readonly loadDiagnostics: Diagnostic[] = [];
  private env: ToolEnvironment = createToolEnvironment();
  private bindTimeoutMs: number | undefined;
  private recheckMs = CATALOGUE_RECHECK_MS;
  private now: () => number = () => performance.now();
  /** Counts what the registry is told of: plugins added or removed, `invalidate()`. */
  private changes = 0;
  private built: Built | undefined;
  /** When factories' settings were last read (`recheckMs`). */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private known: { stamp: number; names: ReadonlySet<string> } | undefined;
  /** The factories by name, as of `changes` (a call's lookups and checks need not walk them all). */
  private factoryIndex: { changes: number; byName: Map<string, FactoryHandle[]> } | undefined;

  private constructor() {}

  /** Loads every registration in order: import, construct, bind once, check availability. */
  static async load(options: ToolRegistryOptions): Promise<ToolRegistry> {
    const registry = new ToolRegistry();
    registry.loadDiagnostics.push(...(options.diagnostics ?? []));
    const env = withCatalogue(options.environment ?? createToolEnvironment(), registry);
    registry.env = env;
    registry.bindTimeoutMs = options.bindTimeoutMs;
    registry.recheckMs = options.recheckMs ?? CATALOGUE_RECHECK_MS;
    if (options.now) registry.now = options.now;
    for (const registration of options.registrations) {
      const loaded = await loadPlugin(registration, env, registry.faults, options.bindTimeoutMs);
      if (loaded instanceof FactoryHandle) registry.factories.push(loaded);
      else if (loaded instanceof ProviderHandle) registry.providers.push(loaded);
      else registry.loadDiagnostics.push(loaded);
      // A plugin's bind may already look tools up (its environment has the catalogue): what it saw is not the end.
      registry.changes++;
    }
    // The lifecycle asks isAvailable() once after bind; later lookups ask again.
    for (const handle of registry.handles()) handle.availability();
    return registry;
  }

  /**
   * Loads one more registration while the app runs (an MCP server an admin added), exactly as
   * `load` does, after every earlier one in claim order. Returns the diagnostic when the plugin
   * cannot be used at all.
   */
  async add(registration: PluginRegistration): Promise<Diagnostic | undefined> {
    const loaded = await loadPlugin(registration, this.env, this.faults, this.bindTimeoutMs);
    if (loaded instanceof FactoryHandle) this.factories.push(loaded);
    else if (loaded instanceof ProviderHandle) this.providers.push(loaded);
    else return loaded;
    this.changes++;
    loaded.availability();
    return undefined;
  }

  /** Unloads what was registered with this source and entry, and forgets its faults; false when none was. */
  remove(source: string, entry: string): boolean {
    const matches = (handle: AnyHandle) => handle.source === source && handle.registration.entry === entry;
    let isRemoved = false;
    for (const list of [this.factories, this.providers] as AnyHandle[][]) {
      for (let index = list.length - 1; index >= 0; index -= 1) {
        if (matches(list[index]!)) {
          // The readings' stamp is a sum of change counts: the removed plugin's count stays in it,
          // so the sum only grows and never comes back to the stamp of an older reading.
          this.changes += list[index]!.changes;
          list.splice(index, 1);
          isRemoved = true;
        }
      }
    }
    this.faults.clearWhere((diagnostic) => diagnostic.source === source && diagnostic.entry === entry);
    if (isRemoved) this.changes++;
    return isRemoved;
  }

  /**
   * Says that something the catalogue shows may have changed in a way `catalogueVersion()` does
   * not observe (a setting a factory reads, a plugin's live data): the next reading is built afresh.
   */
  invalidate(): void {
    this.changes++;
  }

  /**
   * The catalogue's version: a number that moves whenever the catalogue or its diagnostics
   * change, so what a reader built from one reading (JSON, gzip, an index) can be kept while it
   * stays. Each call re-reads, from every plugin, all that can change behind the registry's back
   * and is cheap to read: availability and its reason, every available provider's names (afresh,
   * as the spec asks) and `toolsVersion()`, and the faults recorded since. The registry itself
   * counts plugins added and removed and `invalidate()`. What is not re-read on each call (a
   * factory's `overridesSchema()`, the description of a factory that cannot build its tool) is
   * read again at most every `recheckMs` (1 s), O(factories). A provider's tool metadata is
   * kept while its names and `toolsVersion()` stay (as before: `ProviderHandle.metadata`).
   * Costs O(plugins + provider names) per call; building and comparing happen only on a change.
   */
  catalogueVersion(): number {
    return this.reading().version;
  }

  /** The catalogue and diagnostics with their version, rebuilt only when `catalogueVersion()` says they may have changed. */
  reading(): CatalogueReading {
    const now = this.now();
    const isDue = now - this.checkedAt >= this.recheckMs;
    if (isDue) {
      // O(factories), and only every recheckMs: what no reading observes.
      for (const handle of this.factories) handle.observeSettings();
      this.checkedAt = now;
    }
    const stamp = this.observe();
    const built = this.built;
    if (built && built.stamp === stamp && !built.hasFailures) return built;
    const failures = { count: 0 };
    const claims = this.claims(true);
    // Built first: building the catalogue is what records the faults of failing tools.
    const tools = this.catalogueOf(claims, failures);
    const diagnostics = this.diagnosticsOf(claims);
    const isSame = built !== undefined && isSameCatalogue(built, { tools, diagnostics });
    this.built = {
      version: isSame ? built.version : (built?.version ?? 0) + 1,
      // Kept when the same, so whoever holds the last reading's objects holds this one's.
      tools: isSame ? built.tools : tools,
      diagnostics: isSame ? built.diagnostics : diagnostics,
      // What building changed (a fault recorded, names read again) is part of this reading.
      stamp: this.stampNow(),
      hasFailures: failures.count > 0,
    };
    return this.built;
  }

  /** Reads every plugin's observable state; the sum of all change counts, which moves on any change. */
  private observe(): number {
    let stamp = this.changes;
    // Names observed and not used by a build would be stale at the next one.
    for (const handle of this.providers) handle.takeObservedNames();
    for (const handle of this.factories) stamp += handle.observe();
    for (const handle of this.providers) stamp += handle.observe();
    return stamp + this.faults.version;
  }

  /** The same sum without reading the plugins again. */
  private stampNow(): number {
    let stamp = this.changes;
    for (const handle of this.factories) stamp += handle.changes;
    for (const handle of this.providers) stamp += handle.changes;
    return stamp + this.faults.version;
  }

  /**
   * Factories' names plus every available provider's current names, read afresh; the set is
   * built again only when what was read differs from last time (see `catalogueVersion`).
   */
  knownToolNames(): ReadonlySet<string> {
    const stamp = this.observe();
    if (this.known?.stamp === stamp) return this.known.names;
    const names = new Set<string>();
    for (const factory of this.factories) names.add(factory.name);
    for (const provider of this.providers) {
      // Observed just now exactly when available; a provider whose names failed serves none.
      const current = provider.takeObservedNames();
      if (current?.ok) for (const name of current.names) names.add(name);
      // An unavailable provider's remembered tools are known too: unavailable, never missing.
      else if (!current && !provider.availability().available) for (const name of provider.knownTools().keys()) names.add(name);
    }
    this.known = { stamp: this.stampNow(), names };
    return names;
  }

  /** Every group the loaded plugins use, sorted. */
  groups(): string[] {
    return [...new Set(this.handles().map((handle) => handle.group))].sort(compareStrings);
  }

  /** One entry per known tool and per unavailable bundle, sorted by group then name (see `reading`). */
  catalogue(): CatalogueEntry[] {
    return [...this.reading().tools];
  }

  /**
   * The catalogue and the diagnostics from one reading of every provider's names, so the
   * two agree (see `reading`).
   */
  snapshot(): { tools: CatalogueEntry[]; diagnostics: Diagnostic[] } {
    const { tools, diagnostics } = this.reading();
    return { tools: [...tools], diagnostics: [...diagnostics] };
  }

  private catalogueOf({ byName, unavailableProviders }: Claims, failures: { count: number }): CatalogueEntry[] {
    const entries: CatalogueEntry[] = [];
    for (const [name, claims] of byName) {
      const entry = this.entryFor(name, claims, failures);
      if (entry) entries.push(entry);
    }
    const bundleNames = new Set<string>();
    for (const { handle, reason, since } of unavailableProviders) {
      // Two unavailable bundles of one group still need names of their own.
      const name = bundleNames.has(`${handle.group}_*`) ? `${handle.group}_* (${handle.label})` : `${handle.group}_*`;
      bundleNames.add(name);
      entries.push({
        name,
        group: handle.group,
        description: `Every tool of the ${handle.group} bundle`,
        parametersSchema: {},
        overridesSchema: {},
        available: false,
        unavailableReason: reason,
        ...(since === undefined ? {} : { unavailableSince: since }),
        kind: 'provider',
        source: handle.source,
        streamsResultToUser: false,
      });
    }
    return entries.sort((a, b) => compareStrings(a.group, b.group) || compareStrings(a.name, b.name));
  }

  /**
   * The catalogue entry of one known name, from its claimants only (without reading the rest of
   * the catalogue); undefined for a name no factory or available provider claims.
   */
  entry(name: string): CatalogueEntry | undefined {
    // Claimants are asked in order and only until one answers: a factory's tool does not make
    // every provider list its names (a tool call reads its entry each time).
    return this.entryFor(name, this.claimsFor(name), { count: 0 });
  }

  /** Same as `catalogue()`; lets the registry serve as the `ToolCatalogue` service. */
  entries(): CatalogueEntry[] {
    return this.catalogue();
  }

  /**
   * A fresh tool for one call. Factories own their name; providers that list the name
   * are asked in order, and one answering undefined passes it to the next.
   */
  resolve(agentTool: AgentTool, scope: ToolCallScope): Tool {
    const name = agentTool.toolName;
    let unavailableReason: string | undefined;
    for (const claim of this.claimsFor(name)) {
      if (!claim.available) {
        unavailableReason ??= claim.reason;
        continue;
      }
      let tool: Tool | undefined;
      try {
        tool =
          claim.handle instanceof FactoryHandle
            ? claim.handle.create(agentTool, scope)
            : claim.handle.create(name, agentTool, scope);
      } catch (error) {
        throw new ToolResolutionError('failed', name, `Tool "${name}" could not be built: ${errorMessage(error)}`, {
          cause: error,
        });
      }
      if (tool) return tool;
    }
    if (unavailableReason !== undefined) {
      throw new ToolResolutionError('unavailable', name, `Tool "${name}" is unavailable: ${unavailableReason}`);
    }
    throw new ToolResolutionError('unknown', name, `No tool named "${name}" is known`);
  }

  /**
   * The plugin's own check of an agent's overrides for `toolName` (`checkOverrides`), asked of
   * the first available claimant in claim order (the one `resolve` uses), or of the first
   * factory claiming the name when none is available. Empty when no plugin claims the name or
   * the claimant has no check. A plugin that throws is logged like any fault, and its
   * overrides count as unchecked: one problem says so.
   */
  checkOverrides(toolName: string, overrides: Readonly<Record<string, unknown>>): OverridesProblem[] {
    return this.overridesChecker()(toolName, overrides);
  }

  /**
   * `checkOverrides` for many assignments at once (a request's worth): every provider's names
   * are read once, on the first check, instead of once per assignment.
   */
  overridesChecker(): (toolName: string, overrides: Readonly<Record<string, unknown>>) => OverridesProblem[] {
    let providerWinners: Map<string, ProviderHandle> | undefined;
    return (toolName, overrides) => {
      const factories = this.factoriesNamed(toolName);
      const available = factories.find((handle) => handle.availability().available);
      if (available) return this.askCheck(available, toolName, overrides);
      // Providers are read only for a name no available factory owns, and then once for all names;
      // not at all when none of them checks and no factory is waiting to be the fallback.
      if (factories.length === 0 && !this.providers.some((handle) => handle.hasOverridesCheck)) return [];
      providerWinners ??= this.providerWinners();
      const provider = providerWinners.get(toolName);
      if (provider) return this.askCheck(provider, toolName, overrides);
      return factories[0] ? this.askCheck(factories[0], toolName, overrides) : [];
    };
  }

  /** The first available provider serving each name, from one reading of every provider's names. */
  private providerWinners(): Map<string, ProviderHandle> {
    const winners = new Map<string, ProviderHandle>();
    for (const handle of this.providers) {
      if (!handle.availability().available) continue;
      for (const name of handle.toolNames()) if (!winners.has(name)) winners.set(name, handle);
    }
    return winners;
  }

  private askCheck(handle: AnyHandle, toolName: string, overrides: Readonly<Record<string, unknown>>): OverridesProblem[] {
    try {
      return handle instanceof FactoryHandle ? handle.checkOverrides(overrides) : handle.checkOverrides(toolName, overrides);
    } catch (error) {
      return [{ pointer: '', message: `These settings could not be checked, so they are not accepted: ${handle.label} failed in checkOverrides(): ${errorMessage(error)}` }];
    }
  }

  /** Failed plugins, name conflicts and warnings, as they stand now. */
  diagnostics(): Diagnostic[] {
    return [...this.reading().diagnostics];
  }

  private diagnosticsOf({ byName }: Claims): Diagnostic[] {
    const conflicts: Diagnostic[] = [];
    for (const [name, claims] of byName) {
      if (claims.length < 2) continue;
      const ordered = [...claims.filter((c) => c.available), ...claims.filter((c) => !c.available)];
      const labels = ordered.map((c) => c.handle.label);
      const [winner, ...losers] = labels;
      const outcome = ordered[0]!.available
        ? `${winner} wins (the first available in load order: built-ins, plugin folders, then npm dependencies), so ${losers.join(' and ')} ${losers.length === 1 ? 'is' : 'are'} not used for this name`
        : 'none of them is available';
      // Filed under the plugin that loses: that is usually the one to rename.
      const loser = ordered[1]!.handle;
      conflicts.push({
        kind: 'conflict',
        source: loser.source,
        entry: loser.registration.entry,
        file: loser.registration.file,
        toolName: name,
        claimants: labels,
        message: `Tool name "${name}" is claimed by ${labels.join(', ')}; ${outcome}. Rename the tool in one of them.`,
      });
    }
    return [...this.loadDiagnostics, ...conflicts, ...this.faults.list()];
  }

  /** The factories owning `name`, in claim order. Factories come and go only by `add`/`remove`, which count `changes`. */
  private factoriesNamed(name: string): readonly FactoryHandle[] {
    if (this.factoryIndex?.changes !== this.changes) this.factoryIndex = { changes: this.changes, byName: groupByName(this.factories) };
    return this.factoryIndex.byName.get(name) ?? [];
  }

  private handles(): AnyHandle[] {
    return [...this.factories, ...this.providers];
  }

  /** Every name's claimants; `useObserved` takes the provider names `observe()` just read instead of asking again. */
  private claims(useObserved = false): Claims {
    const byName = new Map<string, Claim[]>();
    const add = (name: string, claim: Claim) => {
      const claims = byName.get(name);
      if (claims) claims.push(claim);
      else byName.set(name, [claim]);
    };
    for (const handle of this.factories) add(handle.name, factoryClaim(handle));
    const unavailableProviders: Claims['unavailableProviders'] = [];
    for (const handle of this.providers) {
      const availability = handle.availability();
      if (!availability.available) {
        const known = handle.knownTools();
        if (known.size === 0) unavailableProviders.push({ handle, ...availability });
        else for (const [name, metadata] of known) add(name, { handle, ...availability, known: metadata });
        continue;
      }
      const current = (useObserved ? handle.takeObservedNames() : undefined) ?? handle.currentNames();
      if (!current.ok) unavailableProviders.push({ handle, reason: current.reason });
      else for (const name of current.names) add(name, { handle, available: true });
    }
    return { byName, unavailableProviders };
  }

  /** The claimants of one name, in the order `claims()` gives, without building the rest. */
  private *claimsFor(name: string): Generator<Claim> {
    for (const handle of this.factoriesNamed(name)) yield factoryClaim(handle);
    for (const handle of this.providers) {
      const availability = handle.availability();
      if (availability.available) {
        if (handle.toolNames().has(name)) yield { handle, available: true };
        continue;
      }
      const known = handle.knownTools().get(name);
      if (known) yield { handle, ...availability, known };
    }
  }

  /** The entry of one name, from the same claimant `resolve` would use; undefined when nothing claims it. */
  private entryFor(name: string, claimants: Iterable<Claim>, failures: { count: number }): CatalogueEntry | undefined {
    const claims: Claim[] = [];
    for (const claim of claimants) {
      claims.push(claim);
      if (!claim.available) continue;
      let metadata: ToolMetadata | undefined;
      try {
        metadata = claim.handle instanceof FactoryHandle ? claim.handle.metadata() : claim.handle.metadata(name);
      } catch (error) {
        failures.count++;
        return toEntry(name, claim.handle, emptyMetadata, {
          available: false,
          reason: `Its tool could not be built: ${errorMessage(error)}`,
        });
      }
      if (metadata) return toEntry(name, claim.handle, metadata, { available: true });
    }
    if (claims.length === 0) return undefined;
    const unavailable = claims.find((claim) => !claim.available);
    if (unavailable && !unavailable.available) {
      const metadata = 'known' in unavailable ? unavailable.known : (unavailable.handle.knownMetadata() ?? unbuiltMetadata(unavailable.handle));
      return toEntry(name, unavailable.handle, metadata, unavailable);
    }
    failures.count++;
    return toEntry(name, claims[0]!.handle, emptyMetadata, {
      available: false,
      reason: 'Its provider lists the name but does not build a tool for it',
    });
  }
}

function groupByName(factories: readonly FactoryHandle[]): Map<string, FactoryHandle[]> {
  const byName = new Map<string, FactoryHandle[]>();
  for (const handle of factories) {
    const same = byName.get(handle.name);
    if (same) same.push(handle);
    else byName.set(handle.name, [handle]);
  }
  return byName;
}

const emptyMetadata: ToolMetadata = { description: '', parametersSchema: {}, streamsResultToUser: false };

/** What is known of a tool that was never built: a factory may describe it itself. */
function unbuiltMetadata(handle: AnyHandle): ToolMetadata {
  const description = handle instanceof FactoryHandle ? handle.factoryDescription() : undefined;
  return description === undefined ? emptyMetadata : { ...emptyMetadata, description };
}

function factoryClaim(handle: FactoryHandle): Claim {
  const availability = handle.availability();
  return availability.available
    ? { handle, available: true }
    : { handle, ...availability };
}

function toEntry(
  name: string,
  handle: AnyHandle,
  metadata: ToolMetadata,
  availability: { available: true } | { available: false; reason: string; since?: string },
): CatalogueEntry {
  return {
    name,
    group: handle.group,
    description: metadata.description,
    parametersSchema: metadata.parametersSchema,
    overridesSchema: handle instanceof FactoryHandle ? handle.overridesSchema() : {},
    available: availability.available,
    ...(availability.available ? {} : { unavailableReason: availability.reason, ...(availability.since === undefined ? {} : { unavailableSince: availability.since }) }),
    kind: handle.kind,
    source: handle.source,
    streamsResultToUser: metadata.streamsResultToUser,
    ...(metadata.annotations ? { annotations: metadata.annotations } : {}),
  };
}

/** The host's environment plus the registry's own catalogue, unless the host gave one. */
function withCatalogue(inner: ToolEnvironment, catalogue: ToolCatalogue): ToolEnvironment {
  const isCatalogue = (key: ServiceKey<unknown>) => key.id === TOOL_CATALOGUE.id && inner.get(key) === undefined;
  return {
    get: <T>(key: ServiceKey<T>) => (isCatalogue(key) ? (catalogue as T) : inner.get(key)),
    require: <T>(key: ServiceKey<T>) => (isCatalogue(key) ? (catalogue as T) : inner.require(key)),
    getString: (name) => inner.getString(name),
    requireString: (name) => inner.requireString(name),
  };
}
