import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteTemplate } from './route-labels.mjs';

/** The header that carries the client's address to the route handlers; never taken from a client. */
export const CLIENT_ADDRESS_HEADER: string;

/** Builds the request listener in front of Next's request handler. */
export function createFrontDoor(options: {
  handle: (req: IncomingMessage, res: ServerResponse) => unknown;
  env: Record<string, string | undefined>;
  logger: { info(object: object, message: string): void; error(object: object, message: string): void; isLevelEnabled(level: string): boolean };
  routes: readonly RouteTemplate[];
}): (req: IncomingMessage, res: ServerResponse) => unknown;
