import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { toAvailabilityFilter } from './filter-catalogue';
import type { CatalogueFirstScreen } from './first-screen';
import { catalogueBodies, readCatalogue } from './read-catalogue';

/** The page's URL parameters as Next passes them to a page. */
export type FilterParams = Record<string, string | string[] | undefined>;

/**
 * The catalogue page's first screen for the filter in its URL; AppError `forbidden` without
 * `catalogue:read`. The registry is asked whether anything changed (`ToolRegistry.reading`); the
 * grouped, search-ready catalogue and the first screens of recent filters are held while nothing
 * did, so a request neither re-reads nor re-sorts 10,000 tools.
 */
export async function readFirstScreen(actor: Actor, params: FilterParams): Promise<CatalogueFirstScreen> {
  const snapshot = await readCatalogue(actor);
  const first = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const filter = { query: first('q'), group: first('group'), availability: toAvailabilityFilter(first('availability')) };
  return catalogueBodies().firstScreenOf(snapshot, filter);
}
