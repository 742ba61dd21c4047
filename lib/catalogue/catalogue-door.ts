import 'server-only';
import { can } from '@/lib/auth/actor';
import { actorFromNodeHeaders, keptActorFromNodeHeaders } from '@/lib/auth/request-actor';
import { nodeHeader, type NodeHeaders } from '@/lib/http/node-headers';
import { getDb, openedDb } from '@/lib/db/get-db';
import type { CatalogueBody, CatalogueView } from './catalogue-bodies';
import { matchesIfNoneMatch } from './etag';
import { catalogueBodies, readBootedCatalogue, readCatalogue } from './read-catalogue';

/** A request as the front door has it: the path with its query, and Node's headers. */
export interface DoorRequest {
  readonly url: string;
  readonly headers: NodeHeaders;
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
 * problem details and audit. Without waiting when the database, the registry, the caller's
 * token or session and the coding asked for are all kept in memory (every request but the
 * first few): a promise costs a turn and a copy of Next's async contexts, a large share of an
 * answer whose bytes are ready.
 */
export function answerCatalogueAtDoor(request: DoorRequest): DoorAnswer | undefined | Promise<DoorAnswer | undefined> {
  const view = viewOf(request.url);
  if (!view) return undefined;
  const db = openedDb();
  if (!db) return answerWaiting(request, view);
  let actor;
  try {
    actor = keptActorFromNodeHeaders(db, request.headers);
  } catch {
    return undefined;
  }
  if (actor === undefined) return answerWaiting(request, view);
  if (!actor || !can(actor, 'catalogue:read')) return undefined;
  const snapshot = readBootedCatalogue(actor);
  if (!snapshot) return answerWaiting(request, view);
  return keptAnswer(catalogueBodies().bodyOf(snapshot, view), request) ?? answerWaiting(request, view);
}

/** {@link answerCatalogueAtDoor} reading what is not kept yet: the database, the caller, the registry or the gzip coding. */
async function answerWaiting(request: DoorRequest, view: CatalogueView): Promise<DoorAnswer | undefined> {
  let actor;
  try {
    // Read straight from Node's headers: a web Request (and a copy of every header) only when
    // Better Auth must verify a session this process has not kept.
    actor = await actorFromNodeHeaders(await getDb(), request.headers);
  } catch {
    return undefined;
  }
  if (!actor || !can(actor, 'catalogue:read')) return undefined;
  const body = catalogueBodies().bodyOf(await readCatalogue(actor), view);
  const answer = keptAnswer(body, request);
  if (answer) return answer;
  // A 200 in a gzip coding not compressed yet: compressed now, once for every request.
  await body.gzipped();
  return keptAnswer(body, request);
}

/** The answers to one body, built once: its 200 in each coding and the 304 to each coding's clients. */
interface BodyAnswers {
  readonly plain: DoorAnswer;
  readonly notModified: DoorAnswer;
  readonly notModifiedGzip: DoorAnswer;
  /** Once the gzip coding is compressed. */
  gzip?: DoorAnswer;
}

/** By body: a new catalogue version is a new body, and its answers go with the old one. */
const answersByBody = new WeakMap<CatalogueBody, BodyAnswers>();

/** The answer to `request` from `body`; undefined while the gzip coding it asks for is not compressed yet. */
function keptAnswer(body: CatalogueBody, request: DoorRequest): DoorAnswer | undefined {
  const answers = answersOf(body);
  const wanted = nodeHeader(request.headers, 'if-none-match');
  if (matchesIfNoneMatch(wanted, body.etag) || matchesIfNoneMatch(wanted, body.gzipEtag)) {
    // The tag of the coding this client gets, as a 200 would have carried it.
    return request.acceptsGzip ? answers.notModifiedGzip : answers.notModified;
  }
  if (!request.acceptsGzip) return answers.plain;
  if (!answers.gzip) {
    const gzipped = body.keptGzip();
    if (!gzipped) return undefined;
    answers.gzip = answerOf(200, { etag: body.gzipEtag, 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gzipped.length) }, gzipped);
  }
  return answers.gzip;
}

function answersOf(body: CatalogueBody): BodyAnswers {
  let answers = answersByBody.get(body);
  if (!answers) {
    answers = {
      plain: answerOf(200, { etag: body.etag, 'content-type': 'application/json', 'content-length': String(body.bytes.length) }, body.bytes),
      notModified: answerOf(304, { etag: body.etag }),
      notModifiedGzip: answerOf(304, { etag: body.gzipEtag }),
    };
    answersByBody.set(body, answers);
  }
  return answers;
}

/** An answer with the headers every one carries first; shared by the requests of one version, so never changed. */
function answerOf(status: 200 | 304, headers: Record<string, string>, body?: Buffer): DoorAnswer {
  const all = { 'cache-control': 'private, no-cache', vary: VARY, ...headers };
  return body ? { status, headers: all, body } : { status, headers: all };
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
