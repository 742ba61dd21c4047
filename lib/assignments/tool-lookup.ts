import 'server-only';
import type { CatalogueEntry, ToolRegistry } from '@/registry';

/** Finds the catalogue entry of a tool the registry knows now; undefined for an unknown name. */
export type ToolLookup = (toolName: string) => CatalogueEntry | undefined;

/**
 * One reading of the registry for a request. The catalogue also lists unavailable bundles
 * under placeholder names (`group_*`); only names the registry knows count as tools.
 */
export function toolLookup(registry: ToolRegistry): ToolLookup {
  const known = registry.knownToolNames();
  const entries = new Map<string, CatalogueEntry>();
  for (const entry of registry.catalogue()) if (known.has(entry.name)) entries.set(entry.name, entry);
  return (toolName) => entries.get(toolName);
}
