import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastRoute } from './fast-routes.mjs';

/** Answers one request with the handler `fastRouteOf` found, written as Next writes a route's answer. */
export function serveFast(route: FastRoute, req: IncomingMessage, res: ServerResponse): Promise<void>;
