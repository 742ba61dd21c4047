import { ApiProblem } from './api-problem';

/** A request to `/api/v1`: a JSON body, and the version a change expects (sent as If-Match). */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  ifMatch?: number;
  /** Aborts the request (react-query passes one, and aborts a query no one waits for any more). */
  signal?: AbortSignal;
}

/** What a successful call answered. */
export interface ApiAnswer<T> {
  status: number;
  data: T;
}

/**
 * Calls the app's REST API from the browser. A problem answer throws `ApiProblem` (field
 * errors, 412's `current`); a server that cannot be reached throws a plain-words Error.
 */
export async function apiFetch<T>(path: string, { method = 'GET', body, ifMatch, signal }: ApiRequest = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (ifMatch !== undefined) headers['if-match'] = `"${ifMatch}"`;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    // The browser's own message ("Failed to fetch") tells an admin nothing.
    throw new Error('The server could not be reached. Check that it is running and your connection works.', { cause: error });
  }
  const text = await response.text();
  const parsed = text === '' ? undefined : parseJson(text);
  if (!response.ok) {
    const problem = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    throw new ApiProblem(response.status, problem, response.headers.get('etag') ?? undefined);
  }
  return { status: response.status, data: parsed as T };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
