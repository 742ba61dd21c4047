import 'server-only';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { reachableAgentIds, type Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { AppError } from '@/lib/app-error';
import type { Database, Db } from '@/lib/db/schema';
import { flushUsage } from './record-usage';
import { cachedUsage, keepUsage, usageGeneration } from './usage-cache';
import { HISTOGRAM_COLUMNS } from './latency-buckets';
import { MAX_POINTS } from './usage-limits';
import { runtimeLimits } from '@/lib/runtime/runtime-limits';
import { addSums, emptySums, statsOf, sumsOf, type Sums, type SummedRow, type UsageBucket, type UsageDimension, type UsagePoint, type UsageReport } from './usage-stats';

export type { UsageBucket, UsageDimension, UsagePoint, UsageReport } from './usage-stats';

/** A breakdown carries each group's calls per bucket up to this many points (a sparkline). */
const MAX_SPARK_POINTS = 62;
const BUCKET_MS: Record<UsageBucket, number> = { minute: 60_000, hour: 3600_000, day: 86_400_000 };
/** At most this many groups in a breakdown, the busiest first. */
const MAX_GROUPS = 500;

/** What `queryUsage` needs. */
export interface QueryUsageOptions {
  db: Db;
  actor: Actor;
  agent?: string;
  tool?: string;
  server?: string;
  from: Date;
  to: Date;
  bucket: UsageBucket;
  /** Also answer each agent's, tool's or server's figures over the whole range. */
  by?: UsageDimension;
}

/**
 * The recorded tool calls matching every filter, from `from` (floored to the bucket) to `to`
 * (exclusive), from the rollups of the bucket's width (minute, hour or day rows). Calls still
 * waiting in this instance's buffer are written first. A token limited to agents sees only
 * theirs. AppError `forbidden` without
 * `agents:read`; `invalid` (pointer `/bucket`) when the series would pass {@link MAX_POINTS}.
 */
export async function queryUsage(options: QueryUsageOptions): Promise<UsageReport> {
  const { db, actor, bucket } = options;
  authorize(actor, 'agents:read');
  const width = BUCKET_MS[bucket];
  const from = Math.floor(options.from.getTime() / width) * width;
  const to = options.to.getTime();
  const points = Math.ceil((to - from) / width);
  if (points > MAX_POINTS) {
    throw new AppError('invalid', `That range has ${points} ${bucket}s; ask for at most ${MAX_POINTS} points (a wider bucket or a shorter range)`, {
      errors: [{ pointer: '/bucket', message: `At most ${MAX_POINTS} points per series` }],
    });
  }
  await flushUsage();
  const fromIso = new Date(from).toISOString();
  const toIso = new Date(to).toISOString();
  // Rows start on bucket bounds, so `start < to` reads the same rows up to the next bound: the key
  // holds the range as bounds, the filters, the breakdown and a limited token's agents; never the caller otherwise (authorized above).
  const bound = Math.ceil(to / width) * width;
  // A token limited to agents sees their calls only (an id no agent has stands for an empty set).
  const reachable = reachableAgentIds(actor);
  const agentsSeen = reachable && (reachable.length > 0 ? [...reachable] : ['']);
  const cacheKey = JSON.stringify([bucket, from, bound, options.agent ?? null, options.tool ?? null, options.server ?? null, options.by ?? null, agentsSeen ?? null]);
  const limits = { to: toIso, callLimitMs: runtimeLimits().timeoutMs };
  const cached = cachedUsage(db, cacheKey);
  if (cached) return { ...cached, ...limits };
  const generation = usageGeneration(db);
  const where = (eb: ExpressionBuilder<Database, 'usage_rollups'>): Expression<SqlBool> => {
    const terms = [
      eb('resolution', '=', bucket),
      eb('bucket_start', '>=', fromIso),
      eb('bucket_start', '<', toIso),
    ];
    if (options.agent !== undefined) terms.push(eb('agent_id', '=', options.agent));
    if (agentsSeen) terms.push(eb('agent_id', 'in', agentsSeen));
    if (options.tool !== undefined) terms.push(eb('tool_name', '=', options.tool));
    if (options.server !== undefined) terms.push(eb('server', '=', options.server));
    return eb.and(terms);
  };
  const column = options.by && ({ agent: 'agent_id', tool: 'tool_name', server: 'server' } as const)[options.by];
  const starts: string[] = [];
  for (let start = from; start < to; start += width) starts.push(new Date(start).toISOString());
  const byPoint = new Map<string, Sums>();
  let groups: { key: string; sums: Sums; calls?: number[] }[] | undefined;
  if (column && points <= MAX_SPARK_POINTS) {
    // One read for the series, the breakdown and each group's sparkline: cells by group and bucket, added up here.
    const cells = await db
      .selectFrom('usage_rollups')
      .where(where)
      .select([sql<string>`${sql.ref(column)}`.as('key'), sql<string>`bucket_start`.as('point'), ...summed()])
      .groupBy([sql.ref(column), sql.ref('bucket_start')])
      .execute();
    const position = new Map(starts.map((start, at) => [start, at]));
    const byKey = new Map<string, { key: string; sums: Sums; calls: number[] }>();
    for (const cell of cells) {
      const sums = sumsOf(cell as unknown as SummedRow);
      const at = position.get(cell.point);
      let group = byKey.get(cell.key);
      if (!group) byKey.set(cell.key, (group = { key: cell.key, sums: emptySums(), calls: new Array<number>(starts.length).fill(0) }));
      addSums(group.sums, sums);
      if (at !== undefined) group.calls[at] = sums.calls;
      addSums(byPoint.get(cell.point) ?? byPoint.set(cell.point, emptySums()).get(cell.point)!, sums);
    }
    groups = [...byKey.values()].sort((a, b) => b.sums.calls - a.sums.calls || a.key.localeCompare(b.key)).slice(0, MAX_GROUPS);
  } else {
    const rows = await db.selectFrom('usage_rollups').where(where).select([sql<string>`bucket_start`.as('point'), ...summed()]).groupBy('bucket_start').execute();
    for (const row of rows) byPoint.set(row.point, sumsOf(row as unknown as SummedRow));
    if (column) {
      const rows = await db
        .selectFrom('usage_rollups')
        .where(where)
        .select([sql<string>`${sql.ref(column)}`.as('key'), ...summed()])
        .groupBy(column)
        .orderBy(sql`sum(calls)`, 'desc')
        .limit(MAX_GROUPS)
        .execute();
      groups = rows.map((row) => ({ key: row.key, sums: sumsOf(row as unknown as SummedRow) }));
    }
  }
  const total = emptySums();
  const series: UsagePoint[] = starts.map((start) => {
    const sums = byPoint.get(start) ?? emptySums();
    addSums(total, sums);
    return { start, ...statsOf(sums) };
  });
  const report: UsageReport = { from: fromIso, to: toIso, bucket, totals: statsOf(total), series, callLimitMs: limits.callLimitMs };
  if (groups) report.groups = groups.map(({ key, sums, calls }) => ({ key, ...statsOf(sums), ...(calls ? { callsSeries: calls } : {}) }));
  keepUsage(db, cacheKey, generation, { from: report.from, bucket, totals: report.totals, series, ...(report.groups ? { groups: report.groups } : {}) });
  return report;
}

const SUMMED_COLUMNS = ['calls', 'ok', 'bad_arguments', 'tool_errors', 'timeouts', 'unavailable', 'denied', 'duration_ms_sum', 'result_bytes_sum', ...HISTOGRAM_COLUMNS] as const;

function summed() {
  return [...SUMMED_COLUMNS.map((column) => sql<number | string>`sum(${sql.ref(column)})`.as(column)), sql<number | string>`max(duration_ms_max)`.as('duration_ms_max')];
}
