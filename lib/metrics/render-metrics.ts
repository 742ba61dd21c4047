import 'server-only';
import { poolStats } from '@/lib/db/pool-stats';
import { logPluginProblems } from '@/lib/log/log-plugin-problems';
import { getToolRegistry } from '@/lib/registry-host';
import { appMetrics } from '@/lib/metrics/app-metrics.mjs';

/**
 * The Prometheus text of /api/metrics, with the gauges read now: plugin problems and
 * unavailable tools from the registry, and the database pool's connections.
 */
export async function renderMetrics(): Promise<{ text: string; contentType: string }> {
  const metrics = appMetrics();
  const { tools, diagnostics } = (await getToolRegistry()).snapshot();
  logPluginProblems(diagnostics);
  metrics.pluginProblems.set(diagnostics.length);
  metrics.unavailableTools.set(tools.filter((tool) => !tool.available).length);
  const pool = poolStats();
  if (pool) for (const [state, count] of Object.entries(pool)) metrics.dbPoolConnections.set({ state }, count);
  return { text: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}
