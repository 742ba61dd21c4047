// The app's front door: every request passes here before Next.js sees it. It refuses foreign
// `Host` names (DNS rebinding), cookie writes from foreign origins, bodies announced too large
// and clients that send too slowly; it gives each request an id, the security headers and a
// log line, and counts it in the metrics.
import { randomUUID } from 'node:crypto';
import { isOwnHost, isOwnOrigin, needsOwnOrigin, ownHostNames } from './own-hosts.mjs';
import { BODY_GRACE_MS, MAX_BODY_BYTES, MIN_BODY_RATE, REQUEST_DEADLINE_MS, maxBodyBytesOf } from './limits.mjs';
import { FIXED_HEADERS, RESOURCE_POLICY, newNonce, pagePolicy, setHeaderPairs } from './security-headers.mjs';
import { appMetrics } from './metrics.mjs';
import { routeLabel } from './route-labels.mjs';

/** The header that carries the client's address to the route handlers; never taken from a client. */
export const CLIENT_ADDRESS_HEADER = 'x-tools-admin-client-address';

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
/** Read once: every response carries the same pairs (name, value, name, value…) after its request id. */
const FIXED_HEADER_PAIRS = Object.entries(FIXED_HEADERS).flat();

/**
 * Builds the request listener in front of `handle` (Next's request handler). `env` supplies
 * PUBLIC_URL, ALLOWED_HOSTS and TRUST_PROXY; `logger` is a pino logger; `routes` the route
 * templates for metric labels.
 */
export function createFrontDoor({ handle, env, logger, routes }) {
  const names = ownHostNames(env);
  const trustProxy = TRUE_WORDS.has((env.TRUST_PROXY ?? '').toLowerCase());
  const metrics = appMetrics();

  return (req, res) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    const pathname = pathOf(req.url);
    const client = clientOf(req, trustProxy);
    const scheme = schemeOf(req, trustProxy);
    req.headers['x-request-id'] = requestId;
    req.headers[CLIENT_ADDRESS_HEADER] = client;
    req.headers['x-forwarded-for'] = client;
    // What every answer carries, as name, value pairs: set on the response on both ways out below
    // (a refusal, or Next).
    const head = ['x-request-id', requestId, ...FIXED_HEADER_PAIRS, 'content-security-policy', policyOf(req, pathname)];

    let refusal;
    // "close" comes whether the answer was sent whole or the client went away first. Next
    // adds ten listeners of its own to a streamed page's answer; ours is one more.
    res.setMaxListeners(res.getMaxListeners() + 2);
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const labels = { method: req.method ?? 'GET', route: routeLabel(pathname, routes), status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, seconds);
      if (refusal) metrics.refusedRequests.inc({ reason: refusal });
      // The line is built only to be written (the bench and tests run at warn).
      if (!logger.isLevelEnabled('info')) return;
      // Built in one go, in the same key order as always (a line per request: no spreads).
      const line = { requestId, method: req.method, path: pathname, route: labels.route, status: res.statusCode, ms: Math.round(seconds * 1000), client };
      if (refusal) line.refused = refusal;
      if (!res.writableFinished) line.aborted = true;
      logger.info(line, 'request');
    });

    if (!isOwnHost(req.headers.host, names)) {
      refusal = 'host';
      return refuse(req, res, head, 421, 'Misdirected Request',
        `This server does not answer for the host name "${(req.headers.host ?? '').slice(0, 100)}". Use one of its own names, or add this one to ALLOWED_HOSTS.`, requestId);
    }
    if (needsOwnOrigin(req.method ?? 'GET', req.headers)
      && !isOwnOrigin(req.headers.origin, { hostHeader: req.headers.host, scheme, publicUrl: env.PUBLIC_URL })) {
      refusal = 'origin';
      const given = req.headers.origin === undefined ? 'no Origin' : `Origin "${req.headers.origin.slice(0, 200)}"`;
      return refuse(req, res, head, 403, 'Forbidden',
        `A change sent with a cookie must come from this app's own pages; this one came with ${given}.`, requestId);
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    const maxBody = maxBodyBytesOf(pathname);
    if (declared > maxBody) {
      refusal = 'too-large';
      return refuse(req, res, head, 413, 'Content Too Large', `The request body is larger than ${maxBody} bytes.`, requestId);
    }
    // proxy.ts answers a malformed address only for requests without a body (it must not
    // buffer bodies); with one, Next's router would fail with a bare 500.
    if (hasBody(req) && pathname.startsWith('/api/') && !isDecodable(pathname)) {
      refusal = 'bad-address';
      return refuse(req, res, head, 404, 'Not Found', 'The address is not valid percent-encoding, so it names nothing here', requestId);
    }
    if (hasBody(req)) watchBody(req, res, requestId, maxBody, (reason) => (refusal = reason));
    setHeaderPairs(res, head);
    return handle(req, res);
  };
}

function isDecodable(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function pathOf(url) {
  const raw = url ?? '/';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

function clientOf(req, trustProxy) {
  const peer = req.socket.remoteAddress ?? '';
  if (!trustProxy) return peer;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return forwarded.at(-1) ?? peer;
}

function schemeOf(req, trustProxy) {
  if (req.socket.encrypted) return 'https';
  if (trustProxy && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() === 'https') return 'https';
  return 'http';
}

/** The CSP of this request's answer. */
function policyOf(req, pathname) {
  if (pathname.startsWith('/api/') || pathname.startsWith('/_next/static/')) return RESOURCE_POLICY;
  const policy = pagePolicy(newNonce());
  // Next reads the nonce from the request's policy and writes it on every script it renders.
  req.headers['content-security-policy'] = policy;
  return policy;
}

function hasBody(req) {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** How often the bodies under way are looked at. */
const BODY_CHECK_MS = 250;
/** The bodies under way, looked at together: one timer for all of them, not one per request. */
const watchedBodies = new Set();
let bodyTimer;

/**
 * Cuts a body off when it takes longer than the deadline in all, arrives slower than the
 * minimum rate after the grace period (408), or grows past the limit uncounted by a route (413).
 */
function watchBody(req, res, requestId, maxBody, onRefusal) {
  // performance.now, not Date.now: Next patches the latter with a check of its own on every call.
  watchedBodies.add({ req, res, requestId, maxBody, onRefusal, started: performance.now(), baseline: req.socket.bytesRead });
  if (bodyTimer) return;
  bodyTimer = setInterval(checkBodies, BODY_CHECK_MS);
  bodyTimer.unref();
}

function checkBodies() {
  const now = performance.now();
  for (const watched of watchedBodies) {
    if (!isBodyOnTime(watched, now)) watchedBodies.delete(watched);
  }
  if (watchedBodies.size === 0) {
    clearInterval(bodyTimer);
    bodyTimer = undefined;
  }
}

/** Whether to keep watching this body: false once it is whole, answered, gone, or cut off here. */
function isBodyOnTime({ req, res, requestId, maxBody, onRefusal, started, baseline }, now) {
  if (req.complete || res.writableEnded || req.socket.destroyed) return false;
  const elapsed = now - started;
  const received = req.socket.bytesRead - baseline;
  if (received > maxBody + 64 * 1024) {
    onRefusal('too-large');
    cutOff(res, 413, 'Content Too Large', `The request body is larger than ${maxBody} bytes.`, requestId);
    return false;
  }
  const tooSlow = elapsed > BODY_GRACE_MS && received / (elapsed / 1000) < MIN_BODY_RATE;
  if (elapsed > REQUEST_DEADLINE_MS || tooSlow) {
    onRefusal('timeout');
    const why = tooSlow
      ? `The request body arrived slower than ${MIN_BODY_RATE} bytes per second.`
      : `The request took longer than ${REQUEST_DEADLINE_MS / 1000} s to arrive.`;
    cutOff(res, 408, 'Request Timeout', why, requestId);
    return false;
  }
  return true;
}

/** Answers (when nothing was sent yet) and closes the connection, so the rest of the body is never read. */
function cutOff(res, status, title, detail, requestId) {
  if (res.headersSent) {
    res.socket?.destroy();
    return;
  }
  res.once('finish', () => res.socket?.destroy());
  sendProblem(res, status, title, detail, requestId);
}

function refuse(req, res, head, status, title, detail, requestId) {
  setHeaderPairs(res, head);
  res.once('finish', () => linger(req));
  res.setHeader('connection', 'close');
  const wantsHtml = !pathOf(req.url).startsWith('/api/') && /text\/html/.test(req.headers.accept ?? '');
  if (wantsHtml) sendHtml(res, status, title, detail, requestId);
  else sendProblem(res, status, title, detail, requestId);
  // The answer says "close", so no client sends another request on this connection; but
  // Node would close it the moment the answer is out, and a client still sending its body
  // would then get a reset that throws our answer away. linger() closes it instead.
  res._last = false;
}

/** The most of a refused body read (and dropped) before the connection is simply cut. */
const LINGER_BYTES = 4 * MAX_BODY_BYTES;
const LINGER_MS = 2_000;

/**
 * After refusing a request whose body may still be coming, reads and drops that body for a
 * moment before closing: closing at once would make the client's kernel discard our answer
 * (a reset) while it is still sending. Nothing is kept, so memory stays flat.
 */
function linger(req) {
  const socket = req.socket;
  if (req.complete) return socket.end();
  let dropped = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  req.on('data', (chunk) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  req.once('end', () => {
    clearTimeout(timer);
    socket.end();
  });
}

function sendProblem(res, status, title, detail, requestId) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/problem+json');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('connection', 'close');
  const body = JSON.stringify({ type: 'about:blank', title, status, detail, requestId });
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

function sendHtml(res, status, title, detail, requestId) {
  const escape = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status} ${escape(title)}</title></head>`
    + `<body><h1>${escape(title)}</h1><p>${escape(detail)}</p><p>Request id: <code>${requestId}</code></p></body></html>`);
}
