import { etagOf } from './etag';
import type { CatalogueEntry } from '@/registry/catalogue';
import { toCatalogueSummary, type CatalogueSnapshot } from './tool-summary';

/** Which shape of the catalogue a response carries: full entries, or the list page's summaries. */
export type CatalogueView = 'full' | 'summary';

/** A serialized catalogue and its ETag. */
export interface CatalogueBody {
  readonly body: string;
  readonly etag: string;
}

/**
 * The JSON bodies of the last catalogue served, reused while a fresh reading of the registry
 * is the same catalogue. Telling "the same" costs a fraction of serializing 10,000 entries, and
 * builds nothing: each entry is compared with the last reading's, every scalar field by value,
 * overrides schemas (read afresh from factories) and annotations by identity or else their JSON, parameters
 * schemas by identity, since the registry builds them once per tool and reuses them until the
 * provider's set of names changes.
 */
export class CatalogueBodies {
  private last: CatalogueSnapshot | undefined;
  private readonly bodies = new Map<CatalogueView, CatalogueBody>();

  /** The body of `snapshot` in `view`, serialized only when the catalogue changed since last time. */
  bodyOf(snapshot: CatalogueSnapshot, view: CatalogueView): CatalogueBody {
    if (!this.last || !isSameCatalogue(this.last, snapshot)) this.bodies.clear();
    this.last = snapshot;
    let cached = this.bodies.get(view);
    if (!cached) {
      const body = JSON.stringify(view === 'summary' ? toCatalogueSummary(snapshot) : snapshot);
      cached = { body, etag: etagOf(body) };
      this.bodies.set(view, cached);
    }
    return cached;
  }
}

function isSameCatalogue(a: CatalogueSnapshot, b: CatalogueSnapshot): boolean {
  if (a.tools.length !== b.tools.length) return false;
  for (let index = 0; index < a.tools.length; index++) {
    if (!isSameEntry(a.tools[index]!, b.tools[index]!)) return false;
  }
  return a.diagnostics === b.diagnostics || JSON.stringify(a.diagnostics) === JSON.stringify(b.diagnostics);
}

// Every field of CatalogueEntry takes part; the tests change each one and expect a new ETag.
function isSameEntry(a: CatalogueEntry, b: CatalogueEntry): boolean {
  return (
    a.name === b.name &&
    a.group === b.group &&
    a.description === b.description &&
    a.available === b.available &&
    a.unavailableReason === b.unavailableReason &&
    a.kind === b.kind &&
    a.source === b.source &&
    a.streamsResultToUser === b.streamsResultToUser &&
    isSameParameters(a.parametersSchema, b.parametersSchema) &&
    (a.overridesSchema === b.overridesSchema || (isEmpty(a.overridesSchema) && isEmpty(b.overridesSchema)) || JSON.stringify(a.overridesSchema) === JSON.stringify(b.overridesSchema)) &&
    (a.annotations === b.annotations || JSON.stringify(a.annotations) === JSON.stringify(b.annotations))
  );
}

// An empty schema is compared by content: the registry makes a new `{}` on every reading for
// an unavailable bundle's entry, which by identity would re-serialize the catalogue each request.
function isSameParameters(a: object, b: object): boolean {
  return a === b || (isEmpty(a) && isEmpty(b));
}

function isEmpty(schema: object): boolean {
  for (const key in schema) if (Object.hasOwn(schema, key)) return false;
  return true;
}
