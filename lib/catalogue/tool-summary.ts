import type { CatalogueEntry } from '@/registry/catalogue';
import type { Diagnostic } from '@/registry/diagnostics';
import type { ToolAnnotations } from '@/registry/spi';

/**
 * What the catalogue list shows of a tool: the entry without its schemas. Flags are present
 * only when they hold, which keeps 10,000 summaries small on the wire and in the page.
 */
export interface ToolSummary {
  readonly name: string;
  readonly group: string;
  readonly description: string;
  /** "builtin" or the plugin package's name. */
  readonly source: string;
  /** Present exactly when the tool is unavailable. */
  readonly unavailableReason?: string;
  /** Since when it has been unavailable (ISO time), when its plugin says (an MCP server that went away). */
  readonly unavailableSince?: string;
  /** Served by a `MultiToolProvider`. */
  readonly isBundle?: true;
  readonly streamsResultToUser?: true;
  /** The factory's overrides schema declares at least one setting. */
  readonly hasSettings?: true;
  /** The tool's behaviour hints, when it states any (MCP servers' tools do). */
  readonly annotations?: ToolAnnotations;
}

/** `GET /api/v1/tools?view=summary`: the list page's data, a fraction of the full catalogue's bytes. */
export interface CatalogueSummary {
  readonly tools: readonly ToolSummary[];
  readonly diagnostics: readonly Diagnostic[];
}

/** The full catalogue, as `GET /api/v1/tools` answers it. */
export interface CatalogueSnapshot {
  readonly tools: readonly CatalogueEntry[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Drops the schemas, keeping whether the overrides schema declares at least one setting. */
export function toToolSummary(entry: CatalogueEntry): ToolSummary {
  return {
    name: entry.name,
    group: entry.group,
    description: entry.description,
    source: entry.source,
    ...(entry.available ? {} : { unavailableReason: entry.unavailableReason || 'Unavailable for an unknown reason', ...sinceOf(entry) }),
    ...(entry.kind === 'provider' ? { isBundle: true } : {}),
    ...(entry.streamsResultToUser ? { streamsResultToUser: true } : {}),
    ...(hasSettings(entry.overridesSchema) ? { hasSettings: true } : {}),
    ...(entry.annotations ? { annotations: entry.annotations } : {}),
  };
}

/** `unavailableSince` of an unavailable entry, when it has one (to spread into a view of it). */
export function sinceOf(entry: Pick<CatalogueEntry, 'unavailableSince'>): { unavailableSince?: string } {
  return entry.unavailableSince === undefined ? {} : { unavailableSince: entry.unavailableSince };
}

/** The list page's view of a catalogue: every entry as its summary, the diagnostics as they are. */
export function toCatalogueSummary({ tools, diagnostics }: CatalogueSnapshot): CatalogueSummary {
  return { tools: tools.map(toToolSummary), diagnostics };
}

/** Whether the listed tool can be used now. */
export function isAvailable(tool: ToolSummary): boolean {
  return tool.unavailableReason === undefined;
}

/**
 * A schema has settings when it declares properties (or composes schemas that may). A bare
 * `additionalProperties: true` only allows unnamed keys and declares nothing to fill in.
 */
export function hasSettings(schema: Record<string, unknown>): boolean {
  const properties = schema.properties;
  if (properties && typeof properties === 'object' && Object.keys(properties).length > 0) return true;
  return ['allOf', 'anyOf', 'oneOf', 'additionalProperties', 'patternProperties'].some((key) => {
    const value = schema[key];
    return Array.isArray(value) ? value.length > 0 : value !== null && typeof value === 'object';
  });
}
