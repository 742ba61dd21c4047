/** A bucket's start as a short label: a time for minute and hour buckets, a date for days (UTC, as stored). */
export function pointLabel(start: string, bucket: 'minute' | 'hour' | 'day'): string {
  const date = new Date(start);
  if (bucket === 'day') return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
}

/** A duration in ms for people: "12 ms", "1.3 s". */
export function durationText(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s`;
  return `${ms >= 10 ? Math.round(ms) : ms.toFixed(1)} ms`;
}

/** A share of calls as a percentage. */
export function percentText(rate: number): string {
  return `${Math.round(rate * 100)} %`;
}

/** The chart colours, named by role in globals.css so dark mode follows. */
export const CHART_COLORS = {
  ok: 'var(--success)',
  badArguments: 'var(--warning)',
  toolError: 'var(--destructive)',
  timeout: 'var(--chart-timeout)',
  unavailable: 'var(--muted-foreground)',
  denied: 'var(--chart-denied)',
  p50: 'var(--primary)',
  p95: 'var(--warning)',
  p99: 'var(--destructive)',
} as const;

/** The error kinds in words, in the order the charts stack them. */
export const ERROR_LABELS = {
  badArguments: 'Bad arguments',
  toolError: 'Tool error',
  timeout: 'Timeout',
  unavailable: 'Unavailable',
  denied: 'Denied',
} as const;
