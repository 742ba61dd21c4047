import { HISTOGRAM_COLUMNS, LATENCY_BUCKET_COUNT, quantileOf } from './latency-buckets';
import type { ErrorKind } from './usage-outcome';

/** The figures of some calls: counts, errors by kind, duration percentiles, result sizes. */
export interface UsageStats {
  calls: number;
  ok: number;
  errors: Record<ErrorKind, number>;
  /** Errors of every kind ÷ calls; 0 for no calls. */
  errorRate: number;
  durationMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  resultBytes: { total: number; mean: number };
}

/** Summed rollup columns as SQL answers them (bigint sums arrive as strings from PostgreSQL). */
export type SummedRow = Record<'calls' | 'ok' | 'bad_arguments' | 'tool_errors' | 'timeouts' | 'unavailable' | 'denied' | 'duration_ms_sum' | 'duration_ms_max' | 'result_bytes_sum' | (typeof HISTOGRAM_COLUMNS)[number], number | string | bigint | null>;

/** Summed rollups, in memory, before percentiles are read from the histogram. */
export interface Sums {
  calls: number;
  ok: number;
  errors: Record<ErrorKind, number>;
  durationMsSum: number;
  durationMsMax: number;
  resultBytesSum: number;
  histogram: number[];
}

const num = (value: number | string | bigint | null | undefined): number => (value === null || value === undefined ? 0 : Number(value));

/** No calls. */
export function emptySums(): Sums {
  return {
    calls: 0,
    ok: 0,
    errors: { badArguments: 0, toolError: 0, timeout: 0, unavailable: 0, denied: 0 },
    durationMsSum: 0,
    durationMsMax: 0,
    resultBytesSum: 0,
    histogram: new Array<number>(LATENCY_BUCKET_COUNT).fill(0),
  };
}

/** A SQL row of summed columns as sums. */
export function sumsOf(row: SummedRow): Sums {
  return {
    calls: num(row.calls),
    ok: num(row.ok),
    errors: { badArguments: num(row.bad_arguments), toolError: num(row.tool_errors), timeout: num(row.timeouts), unavailable: num(row.unavailable), denied: num(row.denied) },
    durationMsSum: num(row.duration_ms_sum),
    durationMsMax: num(row.duration_ms_max),
    resultBytesSum: num(row.result_bytes_sum),
    histogram: HISTOGRAM_COLUMNS.map((column) => num(row[column])),
  };
}

/** Adds `more` into `into`. */
export function addSums(into: Sums, more: Sums): Sums {
  into.calls += more.calls;
  into.ok += more.ok;
  for (const kind of Object.keys(into.errors) as ErrorKind[]) into.errors[kind] += more.errors[kind];
  into.durationMsSum += more.durationMsSum;
  into.durationMsMax = Math.max(into.durationMsMax, more.durationMsMax);
  into.resultBytesSum += more.resultBytesSum;
  more.histogram.forEach((count, index) => {
    into.histogram[index] = (into.histogram[index] ?? 0) + count;
  });
  return into;
}

/** The figures of summed rollups. */
export function statsOf(sums: Sums): UsageStats {
  const errors = Object.values(sums.errors).reduce((total, count) => total + count, 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    calls: sums.calls,
    ok: sums.ok,
    errors: { ...sums.errors },
    errorRate: sums.calls === 0 ? 0 : round(errors / sums.calls),
    durationMs: {
      p50: quantileOf(sums.histogram, 0.5, sums.durationMsMax),
      p95: quantileOf(sums.histogram, 0.95, sums.durationMsMax),
      p99: quantileOf(sums.histogram, 0.99, sums.durationMsMax),
      mean: sums.calls === 0 ? 0 : round(sums.durationMsSum / sums.calls),
      max: round(sums.durationMsMax),
    },
    resultBytes: { total: sums.resultBytesSum, mean: sums.calls === 0 ? 0 : Math.round(sums.resultBytesSum / sums.calls) },
  };
}

/** The width of one point of a usage series. */
export type UsageBucket = 'minute' | 'hour' | 'day';
/** What a usage answer may be broken down by. */
export type UsageDimension = 'agent' | 'tool' | 'server';

/** One point of the series: the bucket's start and its figures. */
export type UsagePoint = UsageStats & { start: string };

/** The usage of a range: its figures, a series with every bucket (empty ones as zeros), and a breakdown when asked. */
export interface UsageReport {
  from: string;
  to: string;
  bucket: UsageBucket;
  totals: UsageStats;
  series: UsagePoint[];
  groups?: (UsageStats & { key: string; callsSeries?: number[] })[];
  /** The runtime's time limit of one call (TOOL_CALL_TIMEOUT_MS), to compare durations with. */
  callLimitMs: number;
}
