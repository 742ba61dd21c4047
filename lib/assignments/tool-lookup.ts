import 'server-only';
import type { CatalogueEntry, ToolRegistry } from '@/registry';

/** Finds the catalogue entry of a tool the registry knows now; undefined for an unknown name. */
export type ToolLookup = (toolName: string) => CatalogueEntry | undefined;

/**
 * One reading of the registry for a request. The catalogue also lists unavailable bundles
 * under placeholder names (`group_*`): their tools' names cannot be asked for (the spec forbids
 * calling an unavailable provider), so a name outside the known ones that starts with such a
 * bundle's `group_` is taken to be one of its tools, unavailable for the bundle's reason,
 * rather than reported missing while the bundle only waits for a setting.
 */
export function toolLookup(registry: ToolRegistry): ToolLookup {
  const known = registry.knownToolNames();
  const entries = new Map<string, CatalogueEntry>();
  const offlineBundles: CatalogueEntry[] = [];
  for (const entry of registry.catalogue()) {
    if (known.has(entry.name)) entries.set(entry.name, entry);
    else if (entry.kind === 'provider' && !entry.available) offlineBundles.push(entry);
  }
  return (toolName) => {
    const entry = entries.get(toolName);
    if (entry) return entry;
    const bundle = offlineBundles.find(({ group }) => toolName.startsWith(`${group}_`));
    return bundle && { ...bundle, name: toolName };
  };
}
