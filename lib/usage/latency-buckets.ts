/**
 * The fixed latency histogram every usage rollup row keeps: the upper bound (in ms, inclusive)
 * of each bucket but the last, which takes everything slower. Fixed, so rows of any minute, hour,
 * agent or tool add up column by column, and p50/p95/p99 come from sums in SQL.
 */
export const LATENCY_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000, 60_000] as const;

/** How many histogram columns a row has: one per bound, plus the overflow bucket. */
export const LATENCY_BUCKET_COUNT = LATENCY_BOUNDS_MS.length + 1;

/** The histogram column names, `h00` … `h13`. */
export const HISTOGRAM_COLUMNS = Array.from({ length: LATENCY_BUCKET_COUNT }, (_, index) => `h${String(index).padStart(2, '0')}` as HistogramColumn);

/** One histogram column's name. */
export type HistogramColumn = 'h00' | 'h01' | 'h02' | 'h03' | 'h04' | 'h05' | 'h06' | 'h07' | 'h08' | 'h09' | 'h10' | 'h11' | 'h12' | 'h13';

/** The index of the bucket a call of `ms` falls in. */
export function latencyBucket(ms: number): number {
  for (let index = 0; index < LATENCY_BOUNDS_MS.length; index++) if (ms <= LATENCY_BOUNDS_MS[index]!) return index;
  return LATENCY_BOUNDS_MS.length;
}

/**
 * The `q` quantile (0 < q ≤ 1) of the calls a histogram counts, interpolated linearly inside
 * its bucket and never above the slowest call seen (`maxMs`); 0 for no calls.
 */
export function quantileOf(histogram: readonly number[], q: number, maxMs: number): number {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  const rank = q * total;
  let seen = 0;
  for (let index = 0; index < histogram.length; index++) {
    const count = histogram[index] ?? 0;
    if (count === 0) continue;
    if (seen + count >= rank) {
      const lower = index === 0 ? 0 : LATENCY_BOUNDS_MS[index - 1]!;
      const upper = index < LATENCY_BOUNDS_MS.length ? LATENCY_BOUNDS_MS[index]! : Math.max(maxMs, lower);
      const value = lower + ((rank - seen) / count) * (upper - lower);
      return Math.round(Math.min(value, maxMs) * 100) / 100;
    }
    seen += count;
  }
  return maxMs;
}
