import { QueryClient } from '@tanstack/react-query';

// Prefetched data crosses from server to browser as one JSON string rather than as an object
// tree: React's flight encoding of 10,000 objects costs far more on both ends than
// JSON.stringify and JSON.parse of the same data.
const serializeData = (data: unknown): string => JSON.stringify(data);
const deserializeData = (data: unknown): unknown => (typeof data === 'string' ? JSON.parse(data) : data);

/** A query client for one server render; its `dehydrate` output is ready for `HydrationBoundary`. */
export function makeServerQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { dehydrate: { serializeData } } });
}

/** The browser's query client; reads what the server dehydrated. */
export function makeBrowserQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 }, hydrate: { deserializeData } } });
}
