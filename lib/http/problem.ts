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
  return new Response(JSON.stringify({ type: 'about:blank', ...problem }), {
    ...init,
    status: problem.status,
    headers: { ...init?.headers, 'content-type': 'application/problem+json' },
  });
}

type Handler<A extends unknown[]> = (...args: A) => Promise<Response>;

/** Wraps a route handler so an unexpected error is logged and answered as a 500 problem. */
export function withProblemDetails<A extends unknown[]>(handler: Handler<A>): Handler<A> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      console.error('Unhandled error in API route', error);
      return problemResponse({
        title: 'Internal Server Error',
        status: 500,
        detail: 'The server failed to answer this request; the error was logged.',
      });
    }
  };
}
