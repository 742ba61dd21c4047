import { queryOptions } from '@tanstack/react-query';
import { takeEarlySummary } from '@/lib/client/early-summary';
import type { CatalogueFirstScreen } from './first-screen';
import type { CatalogueSummary } from './tool-summary';

/** Where the list page's catalogue comes from. */
export const CATALOGUE_SUMMARY_URL = '/api/v1/tools?view=summary';

/** How long a fetched catalogue counts as current. */
const SUMMARY_STALE_MS = 30_000;

/** The list page's catalogue, from `GET /api/v1/tools?view=summary`. */
export async function fetchCatalogueSummary(): Promise<CatalogueSummary> {
  // The answer the catalogue page's first HTML asked for (early-summary.ts), taken only while it
  // is as current as a cached one would be. Not a <link rel=preload>: a route prefetch would
  // fetch it then, and a later visit (after a server was added, say) would get that older answer.
  const early = await takeEarlySummary(SUMMARY_STALE_MS);
  if (early?.body !== undefined) return early.body as CatalogueSummary;
  let response: Response;
  try {
    response = await fetch(CATALOGUE_SUMMARY_URL);
  } catch (error) {
    // The browser's own message ("Failed to fetch", "NetworkError…") tells an admin nothing.
    throw new Error('The server could not be reached. Check that it is running and your connection works.', { cause: error });
  }
  if (!response.ok) throw new Error(`The catalogue could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as CatalogueSummary;
}

/** One query for the catalogue list: the server prefetches it, the page's hook reads it. */
export const catalogueQueryOptions = queryOptions({
  queryKey: ['catalogue', 'summary'],
  queryFn: fetchCatalogueSummary,
  staleTime: SUMMARY_STALE_MS,
  retry: 1,
});

/**
 * The catalogue page's first screen, rendered by the server into the first HTML. Never fetched
 * by the browser (the whole summary is): it only carries the server's data into hydration.
 */
export const catalogueFirstScreenQueryOptions = queryOptions<CatalogueFirstScreen>({
  queryKey: ['catalogue', 'first-screen'],
  staleTime: Infinity,
});
