// @ts-check
// How the front door answers a request it refuses, or cuts off: a problem details body (an HTML
// page to a browser asking for a page), and a connection closed without losing that answer.
import { MAX_BODY_BYTES } from '../../lib/http/door-constants.mjs';
import { setHeaderPairs } from './security-headers.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/**
 * A refusal's detail without anything the request sent. Trust boundary: the app's own answers may
 * reach an upstream's error text (an MCP server URL pointing at this app), and a request's headers
 * may carry what its sender resolved from secrets (an Origin or Host made of `${secret:…}`
 * references); so no refusal repeats a header value. What the door quotes ("…", which a value
 * with quotes of its own cannot close early: everything from the first quote to the last goes)
 * and any whole header value of 3 characters or more becomes "(as sent)".
 * @param {string} detail
 * @param {IncomingMessage} req
 */
export function withoutEchoes(detail, req) {
  let text = detail.replace(/"[\s\S]*"/, '(as sent)');
  for (const value of Object.values(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) {
      if (one.length >= 3) text = text.split(one).join('(as sent)');
    }
  }
  return text;
}

/**
 * Refuses a request before Next sees it: `head` (name, value pairs) and the problem, then the
 * connection closes once any body still coming has been read and dropped (`linger`).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {readonly string[]} head
 * @param {{ status: number; title: string; detail: string; requestId: string }} problem
 */
export function refuse(req, res, head, problem) {
  problem = { ...problem, detail: withoutEchoes(problem.detail, req) };
  setHeaderPairs(res, head);
  res.once('finish', () => linger(req));
  res.setHeader('connection', 'close');
  const wantsHtml = !(req.url ?? '/').startsWith('/api/') && /text\/html/.test(req.headers.accept ?? '');
  if (wantsHtml) sendHtml(res, problem);
  else sendProblem(res, problem);
  // The answer says "close", so no client sends another request on this connection; but
  // Node would close it the moment the answer is out, and a client still sending its body
  // would then get a reset that throws our answer away. linger() closes it instead.
  /** @type {ServerResponse & { _last: boolean }} */ (res)._last = false;
}

/**
 * Answers (when nothing was sent yet) and closes the connection, so the rest of the body is never read.
 * @param {ServerResponse} res
 * @param {{ status: number; title: string; detail: string; requestId: string }} problem
 */
export function cutOff(res, problem) {
  if (res.headersSent) {
    res.socket?.destroy();
    return;
  }
  res.once('finish', () => res.socket?.destroy());
  sendProblem(res, problem);
}

/** The most of a refused body read (and dropped) before the connection is simply cut. */
const LINGER_BYTES = 4 * MAX_BODY_BYTES;
const LINGER_MS = 2_000;

/**
 * After refusing a request whose body may still be coming, reads and drops that body for a
 * moment before closing: closing at once would make the client's kernel discard our answer
 * (a reset) while it is still sending. Nothing is held, so memory stays flat.
 * @param {IncomingMessage} req
 */
function linger(req) {
  const socket = req.socket;
  if (req.complete) return void socket.end();
  let dropped = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  req.on('data', (/** @type {Buffer} */ chunk) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  req.once('end', () => {
    clearTimeout(timer);
    socket.end();
  });
}

/**
 * @param {ServerResponse} res
 * @param {{ status: number; title: string; detail: string; requestId: string }} problem
 */
function sendProblem(res, { status, title, detail, requestId }) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/problem+json');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('connection', 'close');
  const body = JSON.stringify({ type: 'about:blank', title, status, detail, requestId });
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * @param {ServerResponse} res
 * @param {{ status: number; title: string; detail: string; requestId: string }} problem
 */
function sendHtml(res, { status, title, detail, requestId }) {
  const escape = (/** @type {string} */ text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status} ${escape(title)}</title></head>`
    + `<body><h1>${escape(title)}</h1><p>${escape(detail)}</p><p>Request id: <code>${requestId}</code></p></body></html>`);
}
