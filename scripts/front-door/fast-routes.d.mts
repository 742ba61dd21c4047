/** A route handler as Next calls it: a web Request and its parameters as a promise. */
export type FastRouteHandler = (request: Request, context: { params: Promise<{ id: string; toolName: string }> }) => Promise<Response>;

/** A matched request: the handler and its route parameters. */
export interface FastRoute {
  handler: FastRouteHandler;
  params: { id: string; toolName: string };
}

/** Called by the app once it has started: the invoke route's POST handler and the assignment route's PUT handler. */
export function registerFastRoutes(routes: { invoke: FastRouteHandler; putAssignment?: FastRouteHandler }): void;

/** The registered handler and its route parameters for this request, or undefined when Next must answer. */
export function fastRouteOf(method: string | undefined, pathname: string): FastRoute | undefined;
