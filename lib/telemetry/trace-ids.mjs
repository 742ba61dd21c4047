// @ts-check
// The trace id of each request the app traced, by request id, so the front door's log line can
// name both. The route (inside Next) sets it; the door reads and forgets it when the answer
// closes. Held on globalThis: both sides run in one process but are bundled apart.
const KEY = Symbol.for('tools-admin.trace-ids');
/** At most this many waiting ids (a request whose answer never closes must not grow the map for ever). */
const MAX_WAITING = 10_000;

/** @returns {Map<string, string>} */
function ids() {
  const holder = /** @type {{ [KEY]?: Map<string, string> }} */ (globalThis);
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/**
 * Notes the trace id of the request `requestId`.
 * @param {string} requestId
 * @param {string} traceId
 */
export function noteTraceId(requestId, traceId) {
  const map = ids();
  if (map.size >= MAX_WAITING) map.delete(/** @type {string} */ (map.keys().next().value));
  map.set(requestId, traceId);
}

/**
 * The trace id noted for `requestId`, forgotten as it is read; undefined when none was.
 * @param {string} requestId
 * @returns {string | undefined}
 */
export function takeTraceId(requestId) {
  const map = ids();
  const traceId = map.get(requestId);
  map.delete(requestId);
  return traceId;
}
