import 'server-only';
import { errorResponse } from './error-response';
import { requestIdOf } from './request-id';

/** Route parameters as Next.js passes them to a route handler: a promise of strings. */
export interface RouteContext<P> {
  params: Promise<P>;
}

/** A handler's view of one request: the request and its already-awaited route parameters. */
export type ApiHandler<P> = (request: Request, params: P) => Promise<Response>;

/**
 * Wraps one route handler: awaits its parameters and turns whatever it throws into a problem
 * details answer (see `errorResponse`) that names the request's id, so the handler itself
 * reads as its purpose.
 */
export function apiRoute<P extends Record<string, string> = Record<string, string>>(
  handler: ApiHandler<P>,
): (request: Request, context: RouteContext<P>) => Promise<Response> {
  return async (request, context) => {
    try {
      return await handler(request, await context.params);
    } catch (error) {
      return errorResponse(error, requestIdOf(request));
    }
  };
}
