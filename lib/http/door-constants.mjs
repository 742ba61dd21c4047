// @ts-check
// What the front door (scripts/front-door/, plain Node) and the app (lib/, bundled by Next) agree
// on: the limits on what a client may send, the header that carries the client's address past
// the door, and how TRUST_PROXY is read. A leaf: it imports nothing, so both sides load it as it is.

/** The largest request body accepted, in bytes (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The largest configuration file by default (1 MiB): `CONFIG_MAX_BYTES` changes it. */
export const DEFAULT_CONFIG_MAX_BYTES = 1024 * 1024;

/**
 * The largest configuration file accepted, in bytes of UTF-8: `CONFIG_MAX_BYTES` (a positive
 * whole number), else {@link DEFAULT_CONFIG_MAX_BYTES}. The plan and apply routes answer 413 for a
 * larger `file` before parsing a byte of it, and so does `npm run config` for a larger file. A
 * fleet's own export is about 200 bytes an agent (10,000 agents with two tools each: about 2 MB).
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {number}
 */
export function configMaxBytesOf(env) {
  return positiveWholeNumber(env.CONFIG_MAX_BYTES) ?? DEFAULT_CONFIG_MAX_BYTES;
}

const CONFIG_FILE_PATHS = new Set(['/api/v1/config/plan', '/api/v1/config/apply']);

/**
 * The largest request body accepted at `pathname`: for the config plan and apply routes twice
 * the configuration file's limit (the file travels as a JSON string, whose escapes of line
 * breaks and quotes take room), else {@link MAX_BODY_BYTES}.
 * @param {string} pathname
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {number}
 */
export function maxBodyBytesOf(pathname, env) {
  return CONFIG_FILE_PATHS.has(pathname) ? 2 * configMaxBytesOf(env) : MAX_BODY_BYTES;
}

/** How many connections one client address may hold open by default (256). */
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 256;

/**
 * How many connections one client address may hold open at once: `MAX_CONNECTIONS_PER_CLIENT`
 * (a whole number; 0 turns the cap off), else {@link DEFAULT_MAX_CONNECTIONS_PER_CLIENT}.
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {number}
 */
export function maxConnectionsPerClientOf(env) {
  if ((env.MAX_CONNECTIONS_PER_CLIENT ?? '').trim() === '0') return 0;
  return positiveWholeNumber(env.MAX_CONNECTIONS_PER_CLIENT) ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT;
}

/**
 * `value` as a positive whole number, or undefined when it is unset, empty or anything else.
 * @param {string | undefined} value
 * @returns {number | undefined}
 */
function positiveWholeNumber(value) {
  const text = (value ?? '').trim();
  if (!/^\d+$/.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The longest a client may take to send a whole request, headers and body (30 s). */
export const REQUEST_DEADLINE_MS = 30_000;

/**
 * Headers must be complete within this long (10 s), counted from the connection for its first
 * request: a socket that sends nothing at all is closed then too.
 */
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
