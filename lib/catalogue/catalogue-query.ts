import { queryOptions } from '@tanstack/react-query';
import type { CatalogueSummary } from './tool-summary';

/** The list page's catalogue, from `GET /api/v1/tools?view=summary`. */
export async function fetchCatalogueSummary(): Promise<CatalogueSummary> {
  let response: Response;
  try {
    response = await fetch('/api/v1/tools?view=summary', { headers: { accept: 'application/json' } });
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
