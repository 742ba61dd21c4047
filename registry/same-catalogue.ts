import type { CatalogueEntry } from './catalogue';
import type { Diagnostic } from './diagnostics';

/**
 * Whether two readings of the catalogue say the same, entry by entry and field by field. Cheaper
 * than serializing 10,000 entries: scalars by value, schemas and annotations by identity (the
 * registry builds a tool's metadata once and reuses it) or else by their JSON.
 */
export function isSameCatalogue(
  a: { readonly tools: readonly CatalogueEntry[]; readonly diagnostics: readonly Diagnostic[] },
  b: { readonly tools: readonly CatalogueEntry[]; readonly diagnostics: readonly Diagnostic[] },
): boolean {
  if (a.tools.length !== b.tools.length) return false;
  for (let index = 0; index < a.tools.length; index++) {
    if (!isSameEntry(a.tools[index]!, b.tools[index]!)) return false;
  }
  return a.diagnostics === b.diagnostics || JSON.stringify(a.diagnostics) === JSON.stringify(b.diagnostics);
}

// Every field of CatalogueEntry takes part; the tests change each one and expect a change.
function isSameEntry(a: CatalogueEntry, b: CatalogueEntry): boolean {
  return (
    a.name === b.name &&
    a.group === b.group &&
    a.description === b.description &&
    a.available === b.available &&
    a.unavailableReason === b.unavailableReason &&
    a.unavailableSince === b.unavailableSince &&
    a.kind === b.kind &&
    a.source === b.source &&
    a.streamsResultToUser === b.streamsResultToUser &&
    isSameJson(a.parametersSchema, b.parametersSchema) &&
    isSameJson(a.overridesSchema, b.overridesSchema) &&
    isSameJson(a.annotations, b.annotations)
  );
}

// Empty schemas are common (a new `{}` for every unavailable bundle) and compared without JSON.
function isSameJson(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

function isEmpty(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}
