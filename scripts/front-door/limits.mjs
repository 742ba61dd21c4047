// Limits on what a client may send, shared by the front door and the API's body reader.

/** The largest request body accepted, in bytes (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The largest configuration file accepted by `POST /api/v1/config/plan` and `…/apply`
 * (16 MiB): a fleet's own export of 10,000 agents with two tools each is about 2 MB, over the 1 MiB above.
 */
export const MAX_CONFIG_BODY_BYTES = 16 * 1024 * 1024;

const CONFIG_FILE_PATHS = new Set(['/api/v1/config/plan', '/api/v1/config/apply']);

/** The largest request body accepted at `pathname`: a configuration file's limit, or {@link MAX_BODY_BYTES}. */
export function maxBodyBytesOf(pathname) {
  return CONFIG_FILE_PATHS.has(pathname) ? MAX_CONFIG_BODY_BYTES : MAX_BODY_BYTES;
}

/** The longest a client may take to send a whole request, headers and body (30 s). */
export const REQUEST_DEADLINE_MS = 30_000;

/** Headers must be complete within this long (10 s). */
export const HEADERS_DEADLINE_MS = 10_000;

/** How long an idle kept-alive connection stays open (65 s): longer than its clients keep one. */
export const KEEP_ALIVE_MS = 65_000;

/** After {@link BODY_GRACE_MS}, a body must have arrived at least this fast on average (bytes/s). */
export const MIN_BODY_RATE = 1024;

/** How long a body may trickle before its rate is judged (5 s). */
export const BODY_GRACE_MS = 5_000;
