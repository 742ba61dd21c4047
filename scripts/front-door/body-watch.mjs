// @ts-check
// The front door's watch over request bodies under way: one timer for all of them, cutting off a
// body that arrives too slowly or takes too long (408), or grows past its limit (413) before a
// route has counted it.
import { BODY_GRACE_MS, MIN_BODY_RATE, REQUEST_DEADLINE_MS } from '../../lib/http/door-constants.mjs';
import { cutOff } from './refusals.mjs';

/**
 * @typedef {object} WatchedBody
 * @property {import('node:http').IncomingMessage} req
 * @property {import('node:http').ServerResponse} res
 * @property {string} requestId
 * @property {number} maxBody
 * @property {(reason: string) => void} onRefusal
 * @property {number} started `performance.now()` when the watch began
 * @property {number} baseline the socket's bytes read by then
 */

/** How often the bodies under way are looked at. */
const BODY_CHECK_MS = 250;
/** @type {Set<WatchedBody>} */
const watchedBodies = new Set();
/** @type {NodeJS.Timeout | undefined} */
let bodyTimer;

/**
 * Watches one request's body until it is whole, answered or gone: cut off when it takes longer
 * than the deadline in all, arrives slower than the minimum rate after the grace period (408),
 * or grows past `maxBody` (413). `onRefusal` hears the reason of a cut.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ requestId: string; maxBody: number; onRefusal: (reason: string) => void }} options
 */
export function watchBody(req, res, { requestId, maxBody, onRefusal }) {
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

/**
 * Whether to go on watching this body: false once it is whole, answered, gone, or cut off here.
 * @param {WatchedBody} watched
 * @param {number} now
 */
function isBodyOnTime({ req, res, requestId, maxBody, onRefusal, started, baseline }, now) {
  if (req.complete || res.writableEnded || req.socket.destroyed) return false;
  const elapsed = now - started;
  const received = req.socket.bytesRead - baseline;
  if (received > maxBody + 64 * 1024) {
    onRefusal('too-large');
    cutOff(res, { status: 413, title: 'Content Too Large', detail: `The request body is larger than ${maxBody} bytes.`, requestId });
    return false;
  }
  const tooSlow = elapsed > BODY_GRACE_MS && received / (elapsed / 1000) < MIN_BODY_RATE;
  if (elapsed > REQUEST_DEADLINE_MS || tooSlow) {
    onRefusal('timeout');
    const detail = tooSlow
      ? `The request body arrived slower than ${MIN_BODY_RATE} bytes per second.`
      : `The request took longer than ${REQUEST_DEADLINE_MS / 1000} s to arrive.`;
    cutOff(res, { status: 408, title: 'Request Timeout', detail, requestId });
    return false;
  }
  return true;
}
