import 'server-only';
import { apiRoute, publicApiRoute, type RouteContext } from './api-route';
import { ProblemError } from './problem';

/** The methods a route file answers itself; Next answers HEAD and OPTIONS from them. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const ALL_METHODS: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Marks the handlers that only refuse, so a test can tell them from real ones. */
export const REFUSES_METHOD = Symbol.for('tools-admin.refuses-method');

type RouteHandler = ((request: Request, context: RouteContext<Record<string, string>>) => Promise<Response>) & {
  [REFUSES_METHOD]?: true;
};

/**
 * Handlers for the methods a route does not serve: each answers 405 problem details with an
 * `Allow` header naming `served` (and HEAD, OPTIONS). Next's own 405 has no body and no
 * `Allow`. Like the route itself, they answer an anonymous caller 401 first, unless `access`
 * is `public` (sign-in, setup, health). Use:
 * `export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST']);`
 */
export function otherMethods<const M extends RouteMethod>(
  served: readonly M[],
  { access = 'signed-in' }: { access?: 'signed-in' | 'public' } = {},
): Record<Exclude<RouteMethod, M>, RouteHandler> {
  const allow = [...served, ...(served.includes('GET' as M) ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const answer = async (request: Request): Promise<Response> => {
    throw new ProblemError(405, `This resource does not answer ${request.method}; it answers ${allow}.`, {}, { allow });
  };
  const refuse: RouteHandler = access === 'public' ? publicApiRoute(answer) : apiRoute({ permission: 'signed-in' }, answer);
  refuse[REFUSES_METHOD] = true;
  const handlers: Partial<Record<RouteMethod, RouteHandler>> = {};
  for (const method of ALL_METHODS) if (!served.includes(method as M)) handlers[method] = refuse;
  return handlers as Record<Exclude<RouteMethod, M>, RouteHandler>;
}
