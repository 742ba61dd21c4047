// @ts-check
// The server: Next.js behind the app's front door (scripts/front-door/), listening on 127.0.0.1
// unless HOST says otherwise, on PORT (3000). `npm start` runs it on a production build;
// `npm run dev` runs it with `--dev` (Next's development mode, hot reloading), so the door's
// Host and Origin checks, CSP and limits hold while developing too.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import pino from 'pino';
import { HEADERS_DEADLINE_MS, KEEP_ALIVE_MS, REQUEST_DEADLINE_MS } from '../lib/http/door-constants.mjs';
import { runBeforeExit } from '../lib/process/before-exit.mjs';
import { guardConnections } from './front-door/connection-guard.mjs';
import { createFrontDoor } from './front-door/front-door.mjs';
import { loadRouteTemplates } from './front-door/route-labels.mjs';
import { createUpgradeDoor } from './front-door/upgrade-door.mjs';
import { root } from './build-if-stale.mjs';

const isDev = process.argv.includes('--dev');
const hostname = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 3000);
// LOG_LEVEL as lib/log/logger.ts reads it: the request lines are info. One line a request is
// written to stdout off the answer's path (a write each, in order), and whatever is still
// waiting is written at once when the process exits, however it exits.
const destination = pino.destination({ dest: 1, sync: false });
const logger = pino({ level: process.env.LOG_LEVEL || 'info', base: { service: 'tools-admin' } }, destination);
process.once('exit', () => {
  try {
    destination.flushSync();
  } catch {
    // stdout already gone: nothing left to write to.
  }
});

// Next listens for upgrades (hot reloading) on this emitter instead of the server itself, so
// that they pass the upgrade door first.
const upgrades = new EventEmitter();
const app = next({ dev: isDev, dir: root, hostname, port, httpServer: /** @type {http.Server} */ (/** @type {unknown} */ (upgrades)) });
await app.prepare();

// Node's own backstops behind the front door's body watch: whole requests within the deadline,
// headers sooner, checked every second rather than every 30 s. An idle keep-alive connection is
// closed after KEEP_ALIVE_MS, longer than its clients hold one: Node's own client (5 s) and the
// proxies in front (60 s is common). With Node's 5 s on both sides, a client could send a request
// on a connection at the moment the server closed it, and get a reset instead of an answer.
const limits = { headersTimeout: HEADERS_DEADLINE_MS, requestTimeout: REQUEST_DEADLINE_MS + 1_000, connectionsCheckingInterval: 1_000, keepAliveTimeout: KEEP_ALIVE_MS };
const server = http.createServer(limits, createFrontDoor({
  handle: app.getRequestHandler(),
  env: process.env,
  logger,
  // A build's routes label the metrics; in development they are compiled on demand, and unlabelled.
  routes: isDev ? [] : loadRouteTemplates(path.join(root, '.next')),
}));
// Silent sockets closed after HEADERS_DEADLINE_MS, connections capped per client address.
guardConnections(server, { env: process.env, logger });
server.on('upgrade', createUpgradeDoor({ env: process.env, forward: (req, socket, head) => upgrades.emit('upgrade', req, socket, head) }));
server.listen(port, hostname, () => {
  const shown = hostname.includes(':') ? `[${hostname}]` : hostname;
  logger.info({ host: hostname, port, dev: isDev }, `Listening on http://${shown}:${port}`);
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    // Once no request is open, the app's waiting writes (audit events of tool calls) go in.
    server.close(() => void runBeforeExit(4_000).finally(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
