import { queryOptions } from '@tanstack/react-query';
import type { CatalogueFirstScreen } from './first-screen';
import type { CatalogueSummary } from './tool-summary';

/** The list page's catalogue, from `GET /api/v1/tools?view=summary`. */
export async function fetchCatalogueSummary(): Promise<CatalogueSummary> {
  let response: Response;
  // Not preloaded from the page's layout: a link's prefetch would fetch it then, and a later visit
  // (after a server was added, say) would be handed that older answer.
  try {
    response = await fetch('/api/v1/tools?view=summary');
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
  staleTime: 30_000,
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
