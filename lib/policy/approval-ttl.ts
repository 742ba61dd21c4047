import 'server-only';

/** The default life of a held call, and of an approval's window to run it: 30 minutes. */
export const DEFAULT_APPROVAL_TTL_MINUTES = 30;

/**
 * `APPROVAL_TTL_MINUTES` (a positive number up to a day; fractions allowed, for tests) in
 * milliseconds: how long a held call waits for a decision, and how long an approved one may be run.
 */
export function approvalTtlMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const configured = Number(env.APPROVAL_TTL_MINUTES);
  const minutes = Number.isFinite(configured) && configured > 0 && configured <= 1440 ? configured : DEFAULT_APPROVAL_TTL_MINUTES;
  return Math.round(minutes * 60_000);
}
