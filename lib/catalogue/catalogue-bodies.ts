import 'server-only';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { isSameCatalogue } from '@/registry/same-catalogue';
import { etagOf, gzipEtagOf } from './etag';
import { indexCatalogue, type CatalogueFilter, type IndexedGroup } from './filter-catalogue';
import { firstScreenOf, type CatalogueFirstScreen } from './first-screen';
import { toCatalogueSummary, type CatalogueSnapshot, type CatalogueSummary } from './tool-summary';

/** Which shape of the catalogue a response carries: full entries, or the list page's summaries. */
export type CatalogueView = 'full' | 'summary';

/** A serialized catalogue and its ETags. */
export interface CatalogueBody {
  readonly body: string;
  /** The body's UTF-8 bytes, encoded once: what a response sends. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  /** The ETag of the body sent gzip-coded (a strong ETag names one coding). */
  readonly gzipEtag: string;
  /** The body's gzip coding, compressed off the main thread the first time it is asked for, then held for its version. */
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * What is built from one catalogue (its JSON bodies, summary and search index), held
 * while the registry's reading is the same catalogue. The registry hands back the very same
 * arrays while nothing changed (`ToolRegistry.reading`), so that is checked first, by identity,
 * at no cost; any other snapshot is compared entry by entry and field by field
 * (`isSameCatalogue`), which is still a fraction of serializing 10,000 entries.
 */
export class CatalogueBodies {
  private last: CatalogueSnapshot | undefined;
  private readonly bodies = new Map<CatalogueView, CatalogueBody>();
  private summary: CatalogueSummary | undefined;
  private index: IndexedGroup[] | undefined;
  /** First screens by filter, the most recent last. */
  private readonly firstScreens = new Map<string, CatalogueFirstScreen>();

  /** Whether `snapshot` is a new catalogue (and forgets what was built from the old one when so). */
  private isNew(snapshot: CatalogueSnapshot): boolean {
    const last = this.last;
    if (last && last.tools === snapshot.tools && last.diagnostics === snapshot.diagnostics) return false;
    const isSame = last !== undefined && isSameCatalogue(last, snapshot);
    this.last = snapshot;
    if (isSame) return false;
    this.bodies.clear();
    this.summary = undefined;
    this.index = undefined;
    this.firstScreens.clear();
    return true;
  }

  /** Whether `snapshot` differs from the one seen before it (the first one does). */
  isChanged(snapshot: CatalogueSnapshot): boolean {
    return this.isNew(snapshot);
  }

  /** The body of `snapshot` in `view`, serialized only when the catalogue changed since last time. */
  bodyOf(snapshot: CatalogueSnapshot, view: CatalogueView): CatalogueBody {
    this.isNew(snapshot);
    let cached = this.bodies.get(view);
    if (!cached) {
      cached = toBody(JSON.stringify(view === 'summary' ? this.summaryOf(snapshot) : snapshot));
      this.bodies.set(view, cached);
    }
    return cached;
  }

  /** The list page's summaries of `snapshot`, built once per catalogue. */
  summaryOf(snapshot: CatalogueSnapshot): CatalogueSummary {
    this.isNew(snapshot);
    this.summary ??= toCatalogueSummary(snapshot);
    return this.summary;
  }

  /** The summaries grouped and made ready to search, built once per catalogue. */
  indexOf(snapshot: CatalogueSnapshot): IndexedGroup[] {
    this.isNew(snapshot);
    this.index ??= indexCatalogue(this.summaryOf(snapshot).tools);
    return this.index;
  }

  /** The catalogue page's first screen for `filter`, held for the few filters asked for most recently. */
  firstScreenOf(snapshot: CatalogueSnapshot, filter: Required<CatalogueFilter>): CatalogueFirstScreen {
    const index = this.indexOf(snapshot);
    const key = JSON.stringify([filter.query, filter.group, filter.availability]);
    let screen = this.firstScreens.get(key);
    if (screen) this.firstScreens.delete(key);
    else screen = firstScreenOf(index, snapshot.diagnostics, filter);
    this.firstScreens.set(key, screen);
    if (this.firstScreens.size > MAX_FIRST_SCREENS) this.firstScreens.delete(this.firstScreens.keys().next().value!);
    return screen;
  }
}

/** First screens held per catalogue: the plain page and a few filtered links. */
const MAX_FIRST_SCREENS = 16;

const gzipAsync = promisify(gzip);

function toBody(body: string): CatalogueBody {
  const etag = etagOf(body);
  const bytes = new TextEncoder().encode(body);
  let coded: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const gzipped = () => {
    coded ??= gzipAsync(bytes).then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>);
    // A failed compression is not cached: the next request tries again.
    coded.catch(() => (coded = undefined));
    return coded;
  };
  return { body, bytes, etag, gzipEtag: gzipEtagOf(etag), gzipped };
}
