/**
 * How long since `iso`, in words ("2 min", "3 hours", "1 day"), as of `now`; undefined under
 * 45 seconds, which callers say in their own words ("just now", "under a minute").
 */
export function timeSpan(iso: string, now: number): string | undefined {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return undefined;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.round(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** How long ago `iso` was, in words ("2 min ago", "just now", "3 days ago"), as of `now`. */
export function timeAgo(iso: string, now: number): string {
  const span = timeSpan(iso, now);
  return span === undefined ? 'just now' : `${span} ago`;
}

/** "10:42:13 UTC, 4 Dec" of an ISO time: the same on the server and in the browser. */
export function clockText(iso: string): string {
  const date = new Date(iso);
  return `${date.toISOString().slice(11, 19)} UTC, ${date.getUTCDate()} ${date.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}`;
}
