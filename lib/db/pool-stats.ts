import 'server-only';
import type pg from 'pg';

const holder = globalThis as typeof globalThis & { toolsAdminPools?: Set<pg.Pool> };

/** Remembers a PostgreSQL pool so the metrics can report its use. */
export function trackPool(pool: pg.Pool): void {
  holder.toolsAdminPools ??= new Set();
  holder.toolsAdminPools.add(pool);
}

/** Connections of every open PostgreSQL pool of this process: total, idle and clients waiting for one. */
export function poolStats(): { total: number; idle: number; waiting: number } | undefined {
  const pools = [...(holder.toolsAdminPools ?? [])];
  for (const pool of pools) if (pool.ended) holder.toolsAdminPools?.delete(pool);
  const open = pools.filter((pool) => !pool.ended);
  if (open.length === 0) return undefined;
  return open.reduce(
    (sum, pool) => ({ total: sum.total + pool.totalCount, idle: sum.idle + pool.idleCount, waiting: sum.waiting + pool.waitingCount }),
    { total: 0, idle: 0, waiting: 0 },
  );
}
