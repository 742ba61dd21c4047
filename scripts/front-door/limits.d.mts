/** The largest request body accepted, in bytes (1 MiB). */
export const MAX_BODY_BYTES: number;
/** The largest configuration file accepted by `POST /api/v1/config/plan` and `…/apply` (16 MiB). */
export const MAX_CONFIG_BODY_BYTES: number;
/** The largest request body accepted at `pathname`: a configuration file's limit, or {@link MAX_BODY_BYTES}. */
export function maxBodyBytesOf(pathname: string): number;
/** The longest a client may take to send a whole request (30 s). */
export const REQUEST_DEADLINE_MS: number;
/** Headers must be complete within this long (10 s). */
export const HEADERS_DEADLINE_MS: number;
/** How long an idle kept-alive connection stays open (65 s): longer than its clients keep one. */
export const KEEP_ALIVE_MS: number;
/** The slowest average body rate accepted after the grace period, in bytes per second. */
export const MIN_BODY_RATE: number;
/** How long a body may trickle before its rate is judged. */
export const BODY_GRACE_MS: number;
