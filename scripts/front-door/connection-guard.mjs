// @ts-check
// The front door's watch over connections themselves, before any request: a connection must
// send a whole request line and headers within HEADERS_DEADLINE_MS of opening (Node's own
// `headersTimeout` starts counting only at a request's first byte, so a socket that sends
// nothing at all would stay open for good), and one client address may hold at most
// MAX_CONNECTIONS_PER_CLIENT connections open at once.
//
// Trust boundary: anyone who can reach the port. A silent socket is closed after 10 s; a
// connection past the cap is closed at once, unread, and the refusals of one address are
// logged once a burst (a line when they start, none while they go on). A connection that has
// sent its headers is no longer watched here: keep-alive (KEEP_ALIVE_MS) and the request's own
// limits take over, so long streams (the MCP endpoint, server-sent events) stay open.
//
// The address is the TCP peer (`clientAddressOf` without headers: no request has been read
// yet). Behind a proxy (TRUST_PROXY) every connection is the proxy's: set the cap above what the
// proxy opens, or 0 to turn it off, and cap clients at the proxy.
import { HEADERS_DEADLINE_MS, clientAddressOf, maxConnectionsPerClientOf } from '../../lib/http/door-constants.mjs';

/** How long after the last refusal of an address its burst is over, and a new one logs again (10 s). */
export const REFUSAL_BURST_QUIET_MS = 10_000;

/**
 * @typedef {{ warn: (fields: Record<string, unknown>, message: string) => void }} WarnLogger
 */

/**
 * Watches every connection `server` accepts. `env` supplies MAX_CONNECTIONS_PER_CLIENT.
 * @param {import('node:http').Server} server
 * @param {{ env: Readonly<Record<string, string | undefined>>; logger: WarnLogger; headersDeadlineMs?: number }} options
 */
export function guardConnections(server, { env, logger, headersDeadlineMs = HEADERS_DEADLINE_MS }) {
  const limit = maxConnectionsPerClientOf(env);
  /** @type {Map<string, number>} how many connections each address holds open */
  const open = new Map();
  /** @type {Map<string, { refused: number; quiet: NodeJS.Timeout }>} the refusal bursts going on */
  const bursts = new Map();
  /** @type {WeakMap<import('node:net').Socket, NodeJS.Timeout>} the deadline of each connection yet to send headers */
  const deadlines = new WeakMap();

  /** @param {string} client @param {number} held */
  const refuse = (client, held) => {
    const burst = bursts.get(client);
    if (burst) {
      burst.refused += 1;
      burst.quiet.refresh();
      return;
    }
    const quiet = setTimeout(() => bursts.delete(client), REFUSAL_BURST_QUIET_MS);
    quiet.unref();
    bursts.set(client, { refused: 1, quiet });
    logger.warn(
      { client, open: held, limit, refusal: 'too-many-connections' },
      `Refusing new connections from ${client}: it holds ${held} open, the most MAX_CONNECTIONS_PER_CLIENT allows (${limit}); logged once while this goes on`,
    );
  };

  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    const client = clientAddressOf({ peer: socket.remoteAddress, forwardedFor: undefined, isTrusted: false });
    const held = open.get(client) ?? 0;
    if (limit > 0 && held >= limit) {
      refuse(client, held);
      socket.destroy();
      return;
    }
    open.set(client, held + 1);
    const deadline = setTimeout(() => socket.destroy(), headersDeadlineMs);
    deadline.unref();
    deadlines.set(socket, deadline);
    socket.once('close', () => {
      clearTimeout(deadline);
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });

  /** @param {import('node:http').IncomingMessage} req */
  const headersArrived = (req) => {
    const deadline = deadlines.get(req.socket);
    if (deadline === undefined) return;
    clearTimeout(deadline);
    deadlines.delete(req.socket);
  };
  server.on('request', headersArrived);
  server.on('upgrade', headersArrived);
}
