import 'server-only';

/** An RFC 9457 problem details body. */
export interface ProblemDetails {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

/** Answers with `application/problem+json`. */
export function problemResponse(problem: ProblemDetails, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.set('content-type', 'application/problem+json');
  return new Response(JSON.stringify({ type: 'about:blank', ...problem }), { ...init, status: problem.status, headers });
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** The standard reason phrase of a status, used as a problem's title. */
export function statusTitle(status: number): string {
  return titles[status] ?? 'Error';
}

/** A request the HTTP layer refuses before any handler logic runs (too large, not JSON, hostile). */
export class ProblemError extends Error {
  readonly problem: ProblemDetails;

  constructor(status: number, detail: string, extensions: Record<string, unknown> = {}) {
    super(detail);
    this.name = 'ProblemError';
    this.problem = { ...extensions, title: statusTitle(status), status, detail };
  }
}

/** The 500 answer for an error nobody expected; the error itself is logged, never sent. */
export function internalErrorResponse(error: unknown): Response {
  console.error('Unhandled error in API route', error);
  return problemResponse({
    title: statusTitle(500),
    status: 500,
    detail: 'The server failed to answer this request; the error was logged.',
  });
}
