import type { IncomingHttpHeaders } from 'node:http';

/** The parameters of the invoke route. */
export interface InvokeParams {
  id: string;
  toolName: string;
}

/** A route handler as Next calls it: a web Request and its parameters as a promise. */
export type FastRouteHandler = (request: Request, context: { params: Promise<InvokeParams> }) => Promise<Response>;

/** A request whose body the front door has read whole: no web Request is built for it. */
export interface BufferedRequest {
  headers: IncomingHttpHeaders;
  /** The body; undefined when the client left before sending all of it. */
  body: Uint8Array | undefined;
}

/** A JSON answer the front door writes itself, as the route's `Response.json` would be written. */
export interface JsonAnswer {
  kind: 'json';
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The same route for a buffered request: its answer, or undefined to leave the request to
 * the web handler (which then gets the buffered body).
 */
export type BufferedRouteHandler = (request: BufferedRequest, params: InvokeParams) => Promise<Response | JsonAnswer | undefined>;

/** A matched request: the handler and its route parameters. */
export interface FastRoute {
  handler: FastRouteHandler | ((request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>);
  buffered?: BufferedRouteHandler;
  params: InvokeParams | Record<string, string>;
}

/** Called by the app once it has started: the invoke route's POST handler, and its buffered form. */
export function registerFastRoutes(routes: {
  invoke: FastRouteHandler;
  invokeBuffered?: BufferedRouteHandler;
  /** PUT of an assignment (lib/assignments/put-assignment-route.ts). */
  putAssignment?: FastRouteHandler;
  /** The same PUT for a body already read (`putAssignmentBuffered`). */
  putAssignmentBuffered?: BufferedRouteHandler;
  /** GET /api/v1/agents (lib/agents/list-agents-route.ts). */
  agentsList?: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
}): void;

/** The registered handler and its route parameters for this request, or undefined when Next must answer. */
export function fastRouteOf(method: string | undefined, pathname: string): FastRoute | undefined;
