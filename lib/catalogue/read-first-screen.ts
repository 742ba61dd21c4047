import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { CatalogueBodies } from './catalogue-bodies';
import { indexCatalogue, toAvailabilityFilter, type IndexedGroup } from './filter-catalogue';
import { firstScreenOf, type CatalogueFirstScreen } from './first-screen';
import { readCatalogue } from './read-catalogue';
import { toCatalogueSummary } from './tool-summary';

const host = globalThis as typeof globalThis & {
  catalogueBodies?: CatalogueBodies;
  catalogueIndex?: { etag: string; index: IndexedGroup[] };
};

/** The page's URL parameters as Next passes them to a page. */
export type FilterParams = Record<string, string | string[] | undefined>;

/**
 * The catalogue page's first screen for the filter in its URL; AppError `forbidden` without
 * `catalogue:read`. The registry is read afresh; the grouped, search-ready catalogue is kept
 * while the summary's ETag stays the same, so a request does not re-sort 10,000 tools.
 */
export async function readFirstScreen(actor: Actor, params: FilterParams): Promise<CatalogueFirstScreen> {
  const snapshot = await readCatalogue(actor);
  host.catalogueBodies ??= new CatalogueBodies();
  const { etag } = host.catalogueBodies.bodyOf(snapshot, 'summary');
  if (host.catalogueIndex?.etag !== etag) {
    host.catalogueIndex = { etag, index: indexCatalogue(toCatalogueSummary(snapshot).tools) };
  }
  const first = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const filter = { query: first('q'), group: first('group'), availability: toAvailabilityFilter(first('availability')) };
  return firstScreenOf(host.catalogueIndex.index, snapshot.diagnostics, filter);
}
