import 'server-only';
import { pacedJsonText } from '@/lib/pace';
import { etagOf } from './etag';

/** What a JSON answer may carry besides its body. */
export interface JsonResponseOptions {
  status?: number;
  /** The resource's version, sent as its strong ETag. */
  version?: number;
  /** Where a created resource lives. */
  location?: string;
}

/** A JSON answer with an optional ETag and Location; never cached, since it reflects stored state. */
export function jsonResponse(body: unknown, options: JsonResponseOptions = {}): Response {
  return Response.json(body, { status: options.status ?? 200, headers: jsonHeaders(options) });
}

function jsonHeaders(options: JsonResponseOptions): Headers {
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (options.version !== undefined) headers.set('etag', etagOf(options.version));
  if (options.location !== undefined) headers.set('location', options.location);
  return headers;
}

/** The response with each Set-Cookie header appended (a session Better Auth made or ended). */
export function withSetCookies(response: Response, setCookies: readonly string[]): Response {
  for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
  response.headers.set('cache-control', 'no-store');
  return response;
}

/**
 * As {@link jsonResponse}, for an answer that may be large (a configuration plan): its JSON is
 * written a list item at a time, giving way to other requests (`pacedJsonText`).
 */
export async function pacedJsonResponse(body: unknown, options: JsonResponseOptions = {}): Promise<Response> {
  const headers = jsonHeaders(options);
  headers.set('content-type', 'application/json');
  return new Response(await pacedJsonText(body), { status: options.status ?? 200, headers });
}
