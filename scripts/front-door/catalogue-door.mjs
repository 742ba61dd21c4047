// GET /api/v1/tools answered past Next's router, from the catalogue's bytes built once per
// catalogue version (lib/catalogue/catalogue-door.ts): the answer the route gives, without the
// router, the Web Request and Response and the copy of several megabytes each request costs. The
// app registers its answer from instrumentation-node.ts; until then, and for every request the
// answer declines (no or bad credentials, no permission, an unusual query), Next answers as before.
// Kept on globalThis: the app registers from its bundle, the front door reads from plain Node.
import { acceptsGzip } from './precompressed.mjs';
import { setHeaderPairs } from './security-headers.mjs';

const KEY = Symbol.for('tools-admin.catalogue-door');

/** The address answered here. */
export const CATALOGUE_PATH = '/api/v1/tools';

/** Called by the app once it has started: its answer to a catalogue GET, or undefined to leave it to Next. */
export function registerCatalogueDoor(answer) {
  globalThis[KEY] = answer;
}

/**
 * Whether this request may be answered here (a GET of the catalogue once the app registered);
 * then `serveCatalogue` answers it, calling `fallback` (Next) when the app declines.
 */
export function isCatalogueRequest(method, pathname) {
  return method === 'GET' && pathname === CATALOGUE_PATH && typeof globalThis[KEY] === 'function';
}

/**
 * Answers a catalogue request from the app's registered answer, or hands it to `fallback` (Next).
 * `head` is what the front door gives every answer (name, value, name, value…). An answer the
 * app has at once (its bytes, the caller and the catalogue's version all kept in memory) goes out
 * without a wait, head and all in one `writeHead`; otherwise `head` is set at once, as for any
 * other answer, and the answer (or Next) follows. Failures past the app's answer go to `onError`.
 */
export function serveCatalogue(req, res, head, fallback, onError) {
  let answer;
  try {
    answer = globalThis[KEY]({ url: req.url ?? CATALOGUE_PATH, headers: req.headers, acceptsGzip: acceptsGzip(req.headers['accept-encoding']) });
  } catch (error) {
    answer = Promise.reject(error);
  }
  if (answer !== undefined && typeof answer.then !== 'function') {
    try {
      send(res, answer, pairsOf(answer.headers, [...head]));
    } catch (error) {
      onError(error);
    }
    return undefined;
  }
  setHeaderPairs(res, head);
  return Promise.resolve(answer)
    .catch((error) => {
      // The route answers the same request with its own error handling.
      console.error('The catalogue door failed; Next answers instead', error);
    })
    .then((waited) => (waited ? send(res, waited, pairsOf(waited.headers, [])) : fallback()))
    .catch(onError);
}

/** Writes an answer's status, `headers` (name, value pairs) and body, unless the response was answered already. */
function send(res, answer, headers) {
  if (res.headersSent || res.writableEnded) return;
  res.writeHead(answer.status, headers);
  if (answer.body) res.end(answer.body);
  else res.end();
}

/** `pairs` with `headers` (an object) added as name, value pairs. */
function pairsOf(headers, pairs) {
  for (const name in headers) pairs.push(name, headers[name]);
  return pairs;
}
