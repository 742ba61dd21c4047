/** The largest request body accepted, in bytes (1 MiB). */
export const MAX_BODY_BYTES: number;
/** The longest a client may take to send a whole request (30 s). */
export const REQUEST_DEADLINE_MS: number;
/** Headers must be complete within this long (10 s). */
export const HEADERS_DEADLINE_MS: number;
/** The slowest average body rate accepted after the grace period, in bytes per second. */
export const MIN_BODY_RATE: number;
/** How long a body may trickle before its rate is judged. */
export const BODY_GRACE_MS: number;
