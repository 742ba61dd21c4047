import { etagOf } from './etag';
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
 * is the same catalogue. Telling "the same" costs a fraction of serializing 10,000 entries:
 * every scalar field is compared, overrides schemas (read afresh from factories) by their JSON,
 * parameters schemas by identity, since the registry builds them once per tool and reuses them
 * until the provider's set of names changes.
 */
export class CatalogueBodies {
  private lastKey: string | undefined;
  private readonly bodies = new Map<CatalogueView, CatalogueBody>();
  private readonly schemaIds = new WeakMap<object, number>();
  private nextSchemaId = 0;

  /** The body of `snapshot` in `view`, serialized only when the catalogue changed since last time. */
  bodyOf(snapshot: CatalogueSnapshot, view: CatalogueView): CatalogueBody {
    const key = this.keyOf(snapshot);
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.bodies.clear();
    }
    let cached = this.bodies.get(view);
    if (!cached) {
      const body = JSON.stringify(view === 'summary' ? toCatalogueSummary(snapshot) : snapshot);
      cached = { body, etag: etagOf(body) };
      this.bodies.set(view, cached);
    }
    return cached;
  }

  private keyOf({ tools, diagnostics }: CatalogueSnapshot): string {
    const parts: string[] = [];
    // Every field of CatalogueEntry takes part; the tests change each one and expect a new ETag.
    for (const tool of tools) {
      parts.push(
        tool.name,
        tool.group,
        tool.description,
        tool.available ? '1' : '0',
        tool.unavailableReason === undefined ? '\u0001' : tool.unavailableReason,
        tool.kind,
        tool.source,
        tool.streamsResultToUser ? '1' : '0',
        this.parametersKey(tool.parametersSchema),
        JSON.stringify(tool.overridesSchema),
      );
    }
    parts.push(JSON.stringify(diagnostics));
    return parts.join('\u0000');
  }

  // An empty schema is compared by content: the registry makes a new `{}` on every reading for
  // an unavailable bundle's entry, which by identity would re-serialize the catalogue each request.
  private parametersKey(schema: object): string {
    return Object.keys(schema).length === 0 ? '{}' : String(this.schemaId(schema));
  }

  private schemaId(schema: object): number {
    let id = this.schemaIds.get(schema);
    if (id === undefined) {
      id = this.nextSchemaId++;
      this.schemaIds.set(schema, id);
    }
    return id;
  }
}
