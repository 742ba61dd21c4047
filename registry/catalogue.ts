import type { JsonSchema, ToolAnnotations } from './spi';
import type { PluginKind } from './registration';

/** What the catalogue says about one tool, or about one unavailable factory or bundle. */
export interface CatalogueEntry {
  readonly name: string;
  readonly group: string;
  readonly description: string;
  readonly parametersSchema: JsonSchema;
  readonly overridesSchema: JsonSchema;
  readonly available: boolean;
  readonly unavailableReason?: string;
  /** Since when (ISO time) it has been unavailable, when its plugin says (`unavailableSince()`); only with `unavailableReason`. */
  readonly unavailableSince?: string;
  readonly kind: PluginKind;
  /** "builtin" or the plugin package's name. */
  readonly source: string;
  readonly streamsResultToUser: boolean;
  /** The tool's behaviour hints, when it states any. */
  readonly annotations?: ToolAnnotations;
}

/** The registry's own view of the catalogue, offered to plugins such as `tool_search`. */
export interface ToolCatalogue {
  /** Every group the loaded plugins use, sorted. */
  groups(): string[];
  /** The catalogue as `ToolRegistry.catalogue()` returns it. */
  entries(): CatalogueEntry[];
}

/** The tool metadata that needs a `Tool` instance, built once per name. */
export interface ToolMetadata {
  readonly description: string;
  readonly parametersSchema: JsonSchema;
  readonly streamsResultToUser: boolean;
  readonly annotations?: ToolAnnotations;
}
