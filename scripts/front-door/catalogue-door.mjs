// GET /api/v1/tools answered past Next's router, from the catalogue's bytes built once per
// catalogue version (lib/catalogue/catalogue-door.ts): the answer the route gives, without the
// router, the Web Request and Response and the copy of several megabytes each request costs. The
// app registers its answer from instrumentation-node.ts; until then, and for every request the
// answer declines (no or bad credentials, no permission, an unusual query), Next answers as before.
// Kept on globalThis: the app registers from its bundle, the front door reads from plain Node.
import { acceptsGzip } from './precompressed.mjs';

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

/** Answers a catalogue request from the app's registered answer, or hands it to `fallback`. */
export async function serveCatalogue(req, res, fallback) {
  const isGzip = acceptsGzip(req.headers['accept-encoding']);
  let answer;
  try {
    answer = await globalThis[KEY]({ url: req.url ?? CATALOGUE_PATH, headers: req.headers, acceptsGzip: isGzip });
  } catch (error) {
    // The route answers the same request with its own error handling.
    console.error('The catalogue door failed; Next answers instead', error);
  }
  if (!answer) return fallback();
  if (res.headersSent || res.writableEnded) return undefined;
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  return answer.body ? res.end(answer.body) : res.end();
}
