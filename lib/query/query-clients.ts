import { QueryClient } from '@tanstack/react-query';
import { ApiProblem } from '@/lib/client-api/api-problem';

// Prefetched data crosses from server to browser as one JSON string rather than as an object
// tree: React's flight encoding of 10,000 objects costs far more on both ends than
// JSON.stringify and JSON.parse of the same data. The string travels in a tagged wrapper, so
// the browser parses only what the server serialised, never a query whose data is a string.
interface SerializedData {
  readonly serializedJson: string;
}

/** Wraps dehydrated query data as JSON text (the server side of `deserializeData`). */
export const serializeData = (data: unknown): SerializedData => ({ serializedJson: JSON.stringify(data) });

/** Reads what `serializeData` wrote; any other data passes through untouched. */
export const deserializeData = (data: unknown): unknown => (isSerializedData(data) ? JSON.parse(data.serializedJson) : data);

function isSerializedData(data: unknown): data is SerializedData {
  return data !== null && typeof data === 'object' && Object.keys(data).length === 1 && typeof (data as Partial<SerializedData>).serializedJson === 'string';
}

/** A query client for one server render; its `dehydrate` output is ready for `HydrationBoundary`. */
export function makeServerQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { dehydrate: { serializeData } } });
}

/** The browser's query client; reads what the server dehydrated. */
export function makeBrowserQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry }, hydrate: { deserializeData } } });
}

/** Retries a failed read twice, unless the server answered that it will not succeed (a 4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiProblem && error.status < 500) return false;
  return failureCount < 2;
}
