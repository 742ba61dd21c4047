import 'server-only';

/** The few kinds of failure that `lib/` reports; the HTTP layer maps each to one status. */
export type AppErrorCode =
  | 'not_found'
  | 'invalid'
  | 'unprocessable'
  | 'conflict'
  | 'precondition_required'
  | 'precondition_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'too_many_requests'
  /** More than may be read at once (a configuration file over CONFIG_MAX_BYTES, or too costly to read). */
  | 'too_large'
  /** Something took longer than it may (a tool call past its time limit). */
  | 'timeout';

/** One problem with one field, located by an RFC 6901 JSON Pointer into the request body. */
export interface FieldError {
  pointer: string;
  message: string;
}

/** Extra facts that travel with an AppError: field errors, or the current state on a stale write. */
export interface AppErrorDetails {
  errors?: FieldError[];
  current?: unknown;
  /** The permission a `forbidden` actor lacks. */
  permission?: string;
  /** For `too_many_requests`: when to try again, sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** The one error type `lib/` throws for expected failures. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: AppErrorDetails;

  constructor(code: AppErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
