import 'server-only';
import type { FieldError } from '@/lib/app-error';
import { validateOverrides } from '@/lib/overrides/validate-overrides';
import type { CatalogueEntry, ToolRegistry } from '@/registry';

/** Finds the catalogue entry of a tool the registry knows now; undefined for an unknown name. */
export interface ToolLookup {
  (toolName: string): CatalogueEntry | undefined;
  /**
   * What is wrong with overrides for a tool found by this lookup, pointers under `/overrides`:
   * its `overridesSchema()` first, then, once that passes, the plugin's own `checkOverrides`
   * (an existing folder, the operator's policy), which sees only schema-valid values.
   */
  overridesErrors(entry: CatalogueEntry, overrides: Readonly<Record<string, unknown>>): FieldError[];
}

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
  const find = (toolName: string): CatalogueEntry | undefined => {
    const entry = entries.get(toolName);
    if (entry) return entry;
    const bundle = offlineBundles.find(({ group }) => toolName.startsWith(`${group}_`));
    return bundle && { ...bundle, name: toolName };
  };
  const checkOverrides = registry.overridesChecker();
  const overridesErrors = (entry: CatalogueEntry, overrides: Readonly<Record<string, unknown>>): FieldError[] => {
    const errors = validateOverrides(entry.overridesSchema, overrides);
    if (errors.length > 0) return errors;
    return checkOverrides(entry.name, overrides).map(({ pointer, message }) => ({ pointer: `/overrides${pointer}`, message }));
  };
  return Object.assign(find, { overridesErrors });
}
