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
  const { entries, offlineBundles } = indexOf(registry);
  const find = (toolName: string): CatalogueEntry | undefined => {
    const entry = entries.get(toolName);
    if (entry) return entry;
    const bundle = offlineBundles.find(({ group }) => toolName.startsWith(`${group}_`));
    return bundle && { ...bundle, name: toolName };
  };
  return Object.assign(find, { overridesErrors: overridesErrorsOf(registry) });
}

interface CatalogueIndex {
  entries: Map<string, CatalogueEntry>;
  offlineBundles: CatalogueEntry[];
}

/** One per reading: the registry hands out the same tools array until something in it changes. */
const indexes = new WeakMap<readonly CatalogueEntry[], CatalogueIndex>();

function indexOf(registry: ToolRegistry): CatalogueIndex {
  const { tools } = registry.reading();
  const built = indexes.get(tools);
  if (built) return built;
  const known = registry.knownToolNames();
  const index: CatalogueIndex = { entries: new Map(), offlineBundles: [] };
  for (const entry of tools) {
    if (known.has(entry.name)) index.entries.set(entry.name, entry);
    else if (entry.kind === 'provider' && !entry.available) index.offlineBundles.push(entry);
  }
  indexes.set(tools, index);
  return index;
}

/**
 * A lookup for one call: it reads the named tool's entry alone, and the whole catalogue (as
 * {@link toolLookup}) only for a name no factory or provider claims now.
 */
export function singleToolLookup(registry: ToolRegistry): ToolLookup {
  let full: ToolLookup | undefined;
  const find = (toolName: string): CatalogueEntry | undefined => registry.entry(toolName) ?? (full ??= toolLookup(registry))(toolName);
  return Object.assign(find, { overridesErrors: overridesErrorsOf(registry) });
}

function overridesErrorsOf(registry: ToolRegistry): ToolLookup['overridesErrors'] {
  const checkOverrides = registry.overridesChecker();
  return (entry, overrides) => {
    const errors = validateOverrides(entry.overridesSchema, overrides);
    if (errors.length > 0) return errors;
    return checkOverrides(entry.name, overrides).map(({ pointer, message }): FieldError => ({ pointer: `/overrides${pointer}`, message }));
  };
}
