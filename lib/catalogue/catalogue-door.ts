import 'server-only';
import { can } from '@/lib/auth/actor';
import { actorFromCredentials } from '@/lib/auth/request-actor';
import { getDb } from '@/lib/db/get-db';
import type { CatalogueView } from './catalogue-bodies';
import { matchesIfNoneMatch } from './etag';
import { catalogueBodies, readCatalogue } from './read-catalogue';

/** A request as the front door has it: the path with its query, and Node's headers. */
export interface DoorRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Whether the client accepts gzip (the front door's reading of Accept-Encoding). */
  readonly acceptsGzip: boolean;
}

/** What the front door sends: status, headers and, for a 200, the body's exact bytes. */
export interface DoorAnswer {
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
}

/** What Next puts in Vary on every app route answer, and the coding the body may come in. */
const VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, accept-encoding';

/**
 * `GET /api/v1/tools` answered by the front door from the bytes built once per catalogue
 * version (scripts/front-door/catalogue-door.mjs), past Next's router: the same body, ETag,
 * 304 and gzip as the route. It answers only the plain case, a caller who may read the
 * catalogue and a query the route accepts as it is; undefined for anything else (no or bad
 * credentials, no permission, another query), which the route itself then answers with its
 * problem details and audit.
 */
export async function answerCatalogueAtDoor(request: DoorRequest): Promise<DoorAnswer | undefined> {
  const view = viewOf(request.url);
  if (!view) return undefined;
  let actor;
  try {
    // Read straight from Node's headers: a web Request (and a copy of every header) only when
    // Better Auth must verify a session this process has not kept.
    actor = await actorFromCredentials(await getDb(), {
      authorization: headerValue(request.headers, 'authorization'),
      cookie: headerValue(request.headers, 'cookie'),
      headers: () => webHeaders(request.headers),
    });
  } catch {
    return undefined;
  }
  if (!actor || !can(actor, 'catalogue:read')) return undefined;
  const body = catalogueBodies().bodyOf(await readCatalogue(actor), view);
  const common = { 'cache-control': 'private, no-cache', vary: VARY };
  const wanted = headerValue(request.headers, 'if-none-match');
  if (matchesIfNoneMatch(wanted, body.etag) || matchesIfNoneMatch(wanted, body.gzipEtag)) {
    // The tag of the coding this client gets, as a 200 would have carried it.
    return { status: 304, headers: { ...common, etag: request.acceptsGzip ? body.gzipEtag : body.etag } };
  }
  if (request.acceptsGzip) {
    const gzipped = await body.gzipped();
    return {
      status: 200,
      headers: { ...common, etag: body.gzipEtag, 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gzipped.length) },
      body: gzipped,
    };
  }
  return {
    status: 200,
    headers: { ...common, etag: body.etag, 'content-type': 'application/json', 'content-length': String(body.bytes.length) },
    body: body.bytes,
  };
}

/** The view a request's query asks for, when it is one the route accepts as it is (no other parameter, no repeat). */
function viewOf(url: string): CatalogueView | undefined {
  const start = url.indexOf('?');
  if (start === -1) return 'full';
  // The query as `new URL(url).searchParams` reads it: up to a fragment, if any.
  const end = url.indexOf('#', start);
  const query = new URLSearchParams(url.slice(start + 1, end === -1 ? undefined : end));
  const keys = [...query.keys()];
  if (keys.length === 0) return 'full';
  if (keys.length !== 1 || keys[0] !== 'view') return undefined;
  const view = query.get('view');
  return view === 'full' || view === 'summary' ? view : undefined;
}

type NodeHeaders = DoorRequest['headers'];

/** One header's value as a web `Headers` gives it (repeated values joined by ", "); null when absent. */
function headerValue(headers: NodeHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Node's headers as a web `Headers`. */
function webHeaders(headers: NodeHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) web.append(name, item);
    else if (value !== undefined) web.set(name, value);
  }
  return web;
}
