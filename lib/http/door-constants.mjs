// @ts-check
// What the front door (scripts/front-door/, plain Node) and the app (lib/, bundled by Next) agree
// on: the limits on what a client may send, the header that carries the client's address past
// the door, and how TRUST_PROXY is read. A leaf: it imports nothing, so both sides load it as it is.

/** The largest request body accepted, in bytes (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The largest configuration file accepted by `POST /api/v1/config/plan` and `…/apply`
 * (16 MiB): a fleet's own export of 10,000 agents with two tools each is about 2 MB, over the 1 MiB above.
 */
export const MAX_CONFIG_BODY_BYTES = 16 * 1024 * 1024;

const CONFIG_FILE_PATHS = new Set(['/api/v1/config/plan', '/api/v1/config/apply']);

/**
 * The largest request body accepted at `pathname`: a configuration file's limit, or {@link MAX_BODY_BYTES}.
 * @param {string} pathname
 * @returns {number}
 */
export function maxBodyBytesOf(pathname) {
  return CONFIG_FILE_PATHS.has(pathname) ? MAX_CONFIG_BODY_BYTES : MAX_BODY_BYTES;
}

/** The longest a client may take to send a whole request, headers and body (30 s). */
export const REQUEST_DEADLINE_MS = 30_000;

/** Headers must be complete within this long (10 s). */
export const HEADERS_DEADLINE_MS = 10_000;

/** How long an idle keep-alive connection stays open (65 s): longer than its clients hold one. */
export const KEEP_ALIVE_MS = 65_000;

/** After {@link BODY_GRACE_MS}, a body must have arrived at least this fast on average (bytes/s). */
export const MIN_BODY_RATE = 1024;

/** How long a body may trickle before its rate is judged (5 s). */
export const BODY_GRACE_MS = 5_000;

/**
 * The header the door sets on every request to the client's address (the TCP peer, or behind a
 * trusted proxy the address it forwarded), replacing whatever a client sent under that name.
 */
export const CLIENT_ADDRESS_HEADER = 'x-tools-admin-client-address';

/**
 * The response header in which a route names the coding of a body it encoded itself (`gzip`):
 * Next drops a route's own `Content-Encoding`, so the front door turns this one into it. The
 * route also sends `Cache-Control: no-transform`, which keeps Next's compression off that body.
 */
export const BODY_CODING_HEADER = 'x-tools-admin-body-coding';

const OFF_WORDS = new Set(['', '0', 'false', 'no', 'off']);

/**
 * Whether TRUST_PROXY is set: any value but empty, 0, false, no or off (any case), so `1`,
 * `true` and `2` all trust the proxy. Then the client's address is the last `X-Forwarded-For`
 * entry and the scheme `X-Forwarded-Proto`; set it only behind a proxy that sets both.
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {boolean}
 */
export function isProxyTrusted(env) {
  return !OFF_WORDS.has((env.TRUST_PROXY ?? '').trim().toLowerCase());
}

/**
 * The client's address: the TCP peer (`unknown` without one), or, behind a trusted proxy, the last
 * entry of `X-Forwarded-For`, the one that proxy appended (earlier entries are the client's own
 * word). A client's own `X-Forwarded-For` is never believed otherwise.
 * @param {{ peer: string | undefined; forwardedFor: string | string[] | undefined; isTrusted: boolean }} request
 * @returns {string}
 */
export function clientAddressOf({ peer, forwardedFor, isTrusted }) {
  const own = peer?.trim() || 'unknown';
  if (!isTrusted) return own;
  const entries = String(forwardedFor ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return entries.at(-1) ?? own;
}
