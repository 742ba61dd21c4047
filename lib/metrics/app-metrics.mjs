// The app's Prometheus metrics, one set per process. The front door (plain Node) and the
// route handlers (bundled by Next) both reach the same objects through a global symbol, so
// a request counted at the door shows on /api/metrics.
import client from 'prom-client';

const KEY = Symbol.for('tools-admin.metrics');

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status.',
      labelNames: /** @type {const} */ (['method', 'route', 'status']),
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route and status.',
      labelNames: /** @type {const} */ (['method', 'route', 'status']),
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    refusedRequests: new client.Counter({
      name: 'http_requests_refused_total',
      help: 'Requests refused at the front door, by reason.',
      labelNames: /** @type {const} */ (['reason']),
      registers: [registry],
    }),
    toolCalls: new client.Counter({
      name: 'tool_calls_total',
      help: 'Tool calls, by tool and outcome.',
      labelNames: /** @type {const} */ (['tool', 'outcome']),
      registers: [registry],
    }),
    toolCallDuration: new client.Histogram({
      name: 'tool_call_duration_seconds',
      help: 'Tool call latency, by tool and outcome.',
      labelNames: /** @type {const} */ (['tool', 'outcome']),
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers: [registry],
    }),
    pluginProblems: new client.Gauge({
      name: 'plugin_problems',
      help: 'Plugin problems the registry reports (failed plugins, conflicts, capped output).',
      registers: [registry],
    }),
    unavailableTools: new client.Gauge({
      name: 'tools_unavailable',
      help: 'Tools, factories and bundles the catalogue lists as unavailable.',
      registers: [registry],
    }),
    dbPoolConnections: new client.Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by state (total, idle, waiting clients).',
      labelNames: /** @type {const} */ (['state']),
      registers: [registry],
    }),
  };
}

/** @typedef {ReturnType<typeof createMetrics>} AppMetrics */

/**
 * The process's metrics, created on first use.
 * @returns {AppMetrics}
 */
export function appMetrics() {
  const holder = /** @type {{ [KEY]?: AppMetrics }} */ (globalThis);
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}
