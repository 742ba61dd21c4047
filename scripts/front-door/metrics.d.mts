import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The app's metrics, shared by the front door and the route handlers of one process. */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  refusedRequests: Counter<'reason'>;
  toolCalls: Counter<'tool' | 'outcome'>;
  toolCallDuration: Histogram<'tool' | 'outcome'>;
  pluginProblems: Gauge;
  unavailableTools: Gauge;
  dbPoolConnections: Gauge<'state'>;
}

/** The process's metrics, created on first use. */
export function appMetrics(): AppMetrics;
