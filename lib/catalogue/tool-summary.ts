import type { CatalogueEntry } from '@/registry/catalogue';
import type { Diagnostic } from '@/registry/diagnostics';

/** What the catalogue list shows of a tool: the entry without its schemas. */
export interface ToolSummary {
  readonly name: string;
  readonly group: string;
  readonly description: string;
  readonly available: boolean;
  readonly unavailableReason?: string;
  readonly kind: CatalogueEntry['kind'];
  readonly source: string;
  readonly streamsResultToUser: boolean;
  /** The factory's overrides schema declares at least one setting. */
  readonly hasSettings: boolean;
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

/** Drops the schemas, keeping whether the overrides schema has any setting. */
export function toToolSummary(entry: CatalogueEntry): ToolSummary {
  return {
    name: entry.name,
    group: entry.group,
    description: entry.description,
    available: entry.available,
    ...(entry.unavailableReason === undefined ? {} : { unavailableReason: entry.unavailableReason }),
    kind: entry.kind,
    source: entry.source,
    streamsResultToUser: entry.streamsResultToUser,
    hasSettings: hasSettings(entry.overridesSchema),
  };
}

/** A schema has settings when it declares properties (or composes schemas that may). */
export function hasSettings(schema: Record<string, unknown>): boolean {
  const properties = schema.properties;
  if (properties && typeof properties === 'object' && Object.keys(properties).length > 0) return true;
  return ['allOf', 'anyOf', 'oneOf', 'additionalProperties', 'patternProperties'].some((key) => {
    const value = schema[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false;
  });
}
