// @ts-check
// What the front door records of every request once its answer is sent or abandoned: the
// metrics (by method, route template and status; refusals by reason) and one log line.
import { appMetrics } from '../../lib/metrics/app-metrics.mjs';
import { routeLabel } from './route-labels.mjs';
import { takeTraceId } from '../../lib/telemetry/trace-ids.mjs';

/**
 * @typedef {object} RequestLogger
 * @property {(object: object, message: string) => void} info
 * @property {(level: string) => boolean} isLevelEnabled
 */

/**
 * Records the request when its response closes (sent whole, or the client went away first).
 * `facts.refusal()` names the reason the door refused or cut it off, if it did.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ requestId: string; pathname: string; client: string; routes: readonly import('./route-labels.mjs').RouteTemplate[]; logger: RequestLogger; refusal: () => string | undefined }} facts
 */
export function logWhenClosed(req, res, { requestId, pathname, client, routes, logger, refusal }) {
  const started = process.hrtime.bigint();
  const metrics = appMetrics();
  // Next adds ten listeners of its own to a streamed page's answer; ours is one more.
  res.setMaxListeners(res.getMaxListeners() + 2);
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const labels = { method: req.method ?? 'GET', route: routeLabel(pathname, routes), status: String(res.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, seconds);
    const refused = refusal();
    if (refused) metrics.refusedRequests.inc({ reason: refused });
    // Taken whether or not the line is written, so the route's note is forgotten either way.
    const traceId = takeTraceId(requestId);
    // The line is built only to be written (the bench and tests run at warn).
    if (!logger.isLevelEnabled('info')) return;
    /** @type {Record<string, unknown>} */
    const line = { requestId, method: req.method, path: pathname, route: labels.route, status: res.statusCode, ms: Math.round(seconds * 1000), client };
    if (traceId) line.traceId = traceId;
    if (refused) line.refused = refused;
    if (!res.writableFinished) line.aborted = true;
    logger.info(line, 'request');
  });
}
