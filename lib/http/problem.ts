import 'server-only';
import { logger } from '@/lib/log/logger';

/** An RFC 9457 problem details body. */
export interface ProblemDetails {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

/** The most field errors one answer lists; the rest are counted in a last "and N more". */
export const MAX_FIELD_ERRORS = 100;

/** The longest pointer, message or detail an answer repeats back, in characters. */
const MAX_TEXT = 1000;

/**
 * Answers with `application/problem+json`. The answer stays small whatever the request was:
 * at most {@link MAX_FIELD_ERRORS} field errors and then one "and N more", and every text
 * the client could have chosen (a pointer to a key it made up) shortened.
 */
export function problemResponse(problem: ProblemDetails, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.set('content-type', 'application/problem+json');
  const body = { type: 'about:blank', ...problem, ...cappedTexts(problem) };
  return new Response(JSON.stringify(body), { ...init, status: problem.status, headers });
}

function cappedTexts(problem: ProblemDetails): Partial<ProblemDetails> {
  const capped: Partial<ProblemDetails> = {};
  if (typeof problem.detail === 'string') capped.detail = shorten(problem.detail);
  if (Array.isArray(problem.errors)) capped.errors = cappedErrors(problem.errors);
  return capped;
}

function cappedErrors(errors: unknown[]): unknown[] {
  const shown = errors.slice(0, MAX_FIELD_ERRORS).map((error) => {
    if (typeof error !== 'object' || error === null) return error;
    const { pointer, message } = error as { pointer?: unknown; message?: unknown };
    return {
      ...error,
      ...(typeof pointer === 'string' ? { pointer: shorten(pointer) } : {}),
      ...(typeof message === 'string' ? { message: shorten(message) } : {}),
    };
  });
  const more = errors.length - shown.length;
  if (more > 0) shown.push({ pointer: '', message: `and ${more} more` });
  return shown;
}

function shorten(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)`;
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The standard reason phrase of a status, used as a problem's title. */
export function statusTitle(status: number): string {
  return titles[status] ?? 'Error';
}

/** A request the HTTP layer refuses before any handler logic runs (too large, not JSON, hostile). */
export class ProblemError extends Error {
  readonly problem: ProblemDetails;
  /** Headers the answer carries, e.g. `Allow` on a 405. */
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string, extensions: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'ProblemError';
    this.problem = { ...extensions, title: statusTitle(status), status, detail };
    this.headers = headers;
  }
}

/** The 500 answer for an error nobody expected; the error itself is logged, never sent. */
export function internalErrorResponse(error: unknown, requestId?: string): Response {
  logger.error({ err: error, requestId }, 'Unhandled error in API route');
  return problemResponse({
    title: statusTitle(500),
    status: 500,
    detail: 'The server failed to answer this request; the error was logged.',
    ...(requestId ? { requestId } : {}),
  });
}
