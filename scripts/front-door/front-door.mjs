// @ts-check
// The app's front door: every request passes here before Next.js reads a byte of it. It refuses
// foreign `Host` names (DNS rebinding), cookie writes from foreign origins, bodies announced too
// large and clients that send too slowly; it gives each request an id, the client's address,
// the security headers (a fresh CSP nonce for a page), a log line and its metrics. Everything
// else is Next's: every request it lets in is answered by its route.
import { randomUUID } from 'node:crypto';
import { CLIENT_ADDRESS_HEADER, clientAddressOf, isProxyTrusted, maxBodyBytesOf } from '../../lib/http/door-constants.mjs';
import { logWhenClosed } from './access-log.mjs';
import { watchBody } from './body-watch.mjs';
import { passBodyCoding } from './body-coding.mjs';
import { isOwnHost, isOwnOrigin, needsOwnOrigin, ownHostNames } from './own-hosts.mjs';
import { refuse } from './refusals.mjs';
import { FIXED_HEADERS, RESOURCE_POLICY, newNonce, pagePolicy, setHeaderPairs } from './security-headers.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/** Read once: every response carries the same pairs (name, value, name, value…) after its request id. */
const FIXED_HEADER_PAIRS = Object.entries(FIXED_HEADERS).flat();

/**
 * Builds the request listener in front of `handle` (Next's request handler). `env` supplies
 * PUBLIC_URL, ALLOWED_HOSTS and TRUST_PROXY; `logger` is a pino logger; `routes` the route
 * templates for metric labels.
 * @param {{
 *   handle: (req: IncomingMessage, res: ServerResponse) => unknown;
 *   env: Readonly<Record<string, string | undefined>>;
 *   logger: import('./access-log.mjs').RequestLogger;
 *   routes: readonly import('./route-labels.mjs').RouteTemplate[];
 * }} options
 * @returns {(req: IncomingMessage, res: ServerResponse) => unknown}
 */
export function createFrontDoor({ handle, env, logger, routes }) {
  const names = ownHostNames(env);
  const isTrusted = isProxyTrusted(env);

  return (req, res) => {
    const requestId = randomUUID();
    const pathname = pathOf(req.url);
    const client = clientAddressOf({ peer: req.socket.remoteAddress, forwardedFor: req.headers['x-forwarded-for'], isTrusted });
    const scheme = schemeOf(req, isTrusted);
    req.headers['x-request-id'] = requestId;
    req.headers[CLIENT_ADDRESS_HEADER] = client;
    req.headers['x-forwarded-for'] = client;
    // What every answer carries, as name, value pairs: set on the response on both ways out below
    // (a refusal, or Next).
    const head = ['x-request-id', requestId, ...FIXED_HEADER_PAIRS, 'content-security-policy', policyOf(req, pathname)];
    /** @type {string | undefined} */
    let refusal;
    logWhenClosed(req, res, { requestId, pathname, client, routes, logger, refusal: () => refusal });
    /** @param {string} reason @param {number} status @param {string} title @param {string} detail */
    const refuseAs = (reason, status, title, detail) => {
      refusal = reason;
      refuse(req, res, head, { status, title, detail, requestId });
    };

    if (!isOwnHost(req.headers.host, names)) {
      return refuseAs('host', 421, 'Misdirected Request',
        `This server does not answer for the host name "${(req.headers.host ?? '').slice(0, 100)}". Use one of its own names, or add this one to ALLOWED_HOSTS.`);
    }
    if (needsOwnOrigin(req.method ?? 'GET', req.headers)
      && !isOwnOrigin(req.headers.origin, { hostHeader: req.headers.host, scheme, publicUrl: env.PUBLIC_URL })) {
      const given = req.headers.origin === undefined ? 'no Origin' : `Origin "${req.headers.origin.slice(0, 200)}"`;
      return refuseAs('origin', 403, 'Forbidden', `A change sent with a cookie must come from this app's own pages; this one came with ${given}.`);
    }
    const maxBody = maxBodyBytesOf(pathname, env);
    if (Number(req.headers['content-length'] ?? 0) > maxBody) {
      return refuseAs('too-large', 413, 'Content Too Large', `The request body is larger than ${maxBody} bytes.`);
    }
    // proxy.ts answers a malformed address only for requests without a body (it must not
    // buffer bodies); with one, Next's router would fail with a bare 500.
    if (hasBody(req) && pathname.startsWith('/api/') && !isDecodable(pathname)) {
      return refuseAs('bad-address', 404, 'Not Found', 'The address is not valid percent-encoding, so it names nothing here');
    }
    if (hasBody(req)) watchBody(req, res, { requestId, maxBody, onRefusal: (reason) => (refusal = reason) });
    setHeaderPairs(res, head);
    passBodyCoding(res);
    return handle(req, res);
  };
}

/** @param {string} pathname */
function isDecodable(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** @param {string | undefined} url */
function pathOf(url) {
  const raw = url ?? '/';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

/**
 * @param {IncomingMessage} req
 * @param {boolean} isTrusted
 * @returns {'http' | 'https'}
 */
function schemeOf(req, isTrusted) {
  if (/** @type {import('node:tls').TLSSocket} */ (req.socket).encrypted) return 'https';
  if (isTrusted && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() === 'https') return 'https';
  return 'http';
}

/**
 * The CSP of this request's answer.
 * @param {IncomingMessage} req
 * @param {string} pathname
 */
function policyOf(req, pathname) {
  if (pathname.startsWith('/api/') || pathname.startsWith('/_next/static/')) return RESOURCE_POLICY;
  const policy = pagePolicy(newNonce());
  // Next reads the nonce from the request's policy and writes it on every script it renders.
  req.headers['content-security-policy'] = policy;
  return policy;
}

/** @param {IncomingMessage} req */
function hasBody(req) {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}
