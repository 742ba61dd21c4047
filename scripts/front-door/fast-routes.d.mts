/** A route handler as Next calls it: a web Request and its parameters as a promise. */
export type FastRouteHandler<P = { id: string; toolName: string }> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

/** A matched request: the handler and its route parameters. */
export interface FastRoute {
  handler: FastRouteHandler<Record<string, string>>;
  params: Record<string, string>;
}

/** Called by the app once it has started: the invoke route's POST handler, the assignment route's PUT and the agents list's GET. */
export function registerFastRoutes(routes: { invoke: FastRouteHandler; putAssignment?: FastRouteHandler; agentsList?: FastRouteHandler<Record<string, string>> }): void;

/** The registered handler and its route parameters for this request, or undefined when Next must answer. */
export function fastRouteOf(method: string | undefined, pathname: string): FastRoute | undefined;
