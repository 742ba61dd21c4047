/**
 * The tool SPI, as specified in ../shared/spec (written for Java) and DESIGN.md.
 * Java `Optional<T>` is `T | undefined`; Java default methods are optional members whose
 * defaults the registry applies (see `defaults` below).
 */

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** Hints about a tool's behaviour (MCP's tool annotations); absent means not stated. */
export interface ToolAnnotations {
  readonly title?: string;
  /** It changes nothing. */
  readonly readOnlyHint?: boolean;
  /** It may destroy or overwrite data. */
  readonly destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  readonly idempotentHint?: boolean;
  /** It reaches an open world (the internet), not a closed set of things. */
  readonly openWorldHint?: boolean;
}

/** A function the LLM can call. */
export interface Tool {
  name(): string;
  /** Shown to the LLM. */
  description(): string;
  /** JSON Schema of the arguments. */
  parametersSchema(): JsonSchema;
  execute(args: Record<string, unknown>): Promise<string>;
  /** Whether the result goes straight to the user too; default false. */
  streamsResultToUser?(): boolean;
  /**
   * Optional extension: the same result as `execute`, produced in parts (the result is the
   * concatenation of the chunks). Used only when `streamsResultToUser()` is true, to send each
   * chunk to the user as it comes (the invoke API and MCP progress notifications); a caller that
   * needs the whole text at once (an LLM) still gets `execute`. The time and output limits apply
   * to the whole stream; past them, or when the caller leaves, the host calls the iterator's
   * `return()`, so an async generator's `finally` runs once its pending step settles.
   */
  executeStream?(args: Record<string, unknown>): AsyncIterable<string>;
  /** Optional extension: behaviour hints shown in the catalogue (an MCP server's tool annotations). */
  annotations?(): ToolAnnotations | undefined;
}

/** One agent's binding of one tool. */
export interface AgentTool {
  readonly agentId: string;
  readonly toolName: string;
  readonly overrides: Readonly<Record<string, unknown>>;
}

/** The call a tool is resolved for. */
export interface ToolCallScope {
  readonly sessionId: string;
  readonly agentId: string;
  /** Who or what the call acts for, when known. */
  readonly userId?: string;
  /** "catalogue" when the registry builds a tool only to read its metadata. */
  readonly purpose: 'call' | 'catalogue';
}

/** A typed key for a host service; keys match by `id`, so a plugin can make its own. */
export interface ServiceKey<T> {
  readonly id: string;
  /** Phantom member carrying the service type; never set at run time. */
  readonly __service?: T;
}

/** Makes a typed service key. Two keys with the same id name the same service. */
export function serviceKey<T>(id: string): ServiceKey<T> {
  return { id };
}

/** The typed lookup the host fills with services and strings. */
export interface ToolEnvironment {
  get<T>(key: ServiceKey<T>): T | undefined;
  /** Throws a `MissingDependencyError` naming the key when the service is absent. */
  require<T>(key: ServiceKey<T>): T;
  getString(name: string): string | undefined;
  /** Throws a `MissingDependencyError` naming the setting when it is absent. */
  requireString(name: string): string;
}

/**
 * One problem a plugin finds in an agent's overrides: `pointer` is an RFC 6901 JSON Pointer
 * relative to the overrides object (`/baseDir`; `""` for the whole object), `message` says what
 * is wrong and how to fix it, for an admin.
 */
export interface OverridesProblem {
  readonly pointer: string;
  readonly message: string;
}

/** Owns exactly one tool name. */
export interface ToolFactory {
  /** The one tool name this factory owns. */
  name(): string;
  /** Catalogue rubric and `tool_search` filter; default "general". */
  group?(): string;
  /** Grab dependencies, once, at startup. */
  bind?(env: ToolEnvironment): void;
  /** False when configuration is missing; default true. */
  isAvailable?(): boolean;
  /** Optional extension: why `isAvailable()` is false, shown to admins. */
  unavailableReason?(): string | undefined;
  /**
   * Optional extension: since when (an ISO 8601 time) `isAvailable()` has been false, when the
   * plugin knows (a remote server that went away); shown to admins as "unavailable for 3 min".
   * Keep it out of `unavailableReason()`: the reason is words, this is the time.
   */
  unavailableSince?(): string | undefined;
  /**
   * Optional extension: what the tool does, for the catalogue while the tool cannot be built
   * (an unavailable factory is never asked to `create`). A built tool's own description wins.
   */
  description?(): string;
  /** Per-agent knobs (JSON Schema of the overrides); default `{}`. */
  overridesSchema?(): JsonSchema;
  /**
   * Optional extension: checks overrides against the host, beyond what JSON Schema can say
   * (a folder exists, a value is allowed by operator policy). Called synchronously with
   * overrides that already pass `overridesSchema()`, on every save and whenever an assignment
   * is shown; an empty array means they are fine. A throw is a plugin failure: listed under
   * plugin problems, and the overrides are taken as not checked, so they are refused.
   */
  checkOverrides?(overrides: Readonly<Record<string, unknown>>): readonly OverridesProblem[];
  create(agentTool: AgentTool, scope: ToolCallScope): Tool;
}

/** Serves a bundle of tools whose names may change at run time. */
export interface MultiToolProvider {
  /** The names served right now; re-read on every lookup, so keep it cheap. */
  toolNames(): ReadonlySet<string>;
  /** Rubric and name namespace (`group + "_" + localName`); default "general". */
  group?(): string;
  bind?(env: ToolEnvironment): void;
  /** False hides the whole bundle; default true. */
  isAvailable?(): boolean;
  /** Optional extension: why `isAvailable()` is false, shown to admins. */
  unavailableReason?(): string | undefined;
  /**
   * Optional extension: since when (an ISO 8601 time) `isAvailable()` has been false, when the
   * plugin knows (a remote server that went away); shown to admins as "unavailable for 3 min".
   * Keep it out of `unavailableReason()`: the reason is words, this is the time.
   */
  unavailableSince?(): string | undefined;
  /** Optional extension: `ToolFactory.checkOverrides` for one of its tools. */
  checkOverrides?(toolName: string, overrides: Readonly<Record<string, unknown>>): readonly OverridesProblem[];
  /** Returns undefined for a name it does not serve; the registry asks the next provider. */
  create(toolName: string, agentTool: AgentTool, scope: ToolCallScope): Tool | undefined;
  /**
   * Optional extension: a value that changes whenever a tool's description, parameters or
   * annotations change while its name stays (a remote server re-listing its tools). The
   * registry builds each tool's catalogue metadata once and keeps it while the set of names
   * and this value stay the same; it reads this on every lookup, so keep it cheap (a counter).
   */
  toolsVersion?(): string | number;
  /**
   * Optional extension: while unavailable, the tools it served when it last was (a remote server
   * that went away), by name, with what the catalogue showed of each. Each stays in the catalogue
   * under its own name, unavailable for the bundle's reason, instead of one `<group>_*` row, and
   * an agent's assignment of it is `unavailable`, not missing. Empty (or absent) keeps the single
   * bundle row. Read on lookups of an unavailable provider: return the same map while it stays the same.
   */
  lastKnownTools?(): ReadonlyMap<string, KnownTool>;
}

/** What a provider remembers of a tool it served before it went away (`MultiToolProvider.lastKnownTools`). */
export interface KnownTool {
  readonly description: string;
  readonly parametersSchema: JsonSchema;
  readonly annotations?: ToolAnnotations;
}

/** The defaults the registry applies for the optional members. */
export const defaults = {
  group: 'general',
  isAvailable: true,
  overridesSchema: Object.freeze({}) as JsonSchema,
  streamsResultToUser: false,
} as const;
