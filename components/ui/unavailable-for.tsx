'use client';

import { useSyncExternalStore } from 'react';
import { clockText, timeSpan } from '@/lib/client/time-ago';

// One clock for every "unavailable for …" on the page (a catalogue shows many rows), ticking every 30 s.
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onTick: () => void): () => void {
  listeners.add(onTick);
  timer ??= setInterval(() => listeners.forEach((listener) => listener()), TICK_MS);
  return () => {
    listeners.delete(onTick);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time now, to the second (the same value until the next second, as a snapshot must be). */
function currentSecond(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

/**
 * "unavailable for 3 min" since `since` (an ISO time), kept current while the page is open; the
 * exact time in the `<time>` element's `dateTime` and title and for screen readers. Rendered on
 * the server as "unavailable since 10:42:13 UTC, 4 Dec" (the server does not know the reader's now).
 */
export function UnavailableFor({ since, className }: { since: string; className?: string }) {
  const now = useSyncExternalStore(subscribe, currentSecond, () => undefined);
  const exact = clockText(since);
  if (now === undefined) {
    return (
      <time dateTime={since} className={className}>
        unavailable since {exact}
      </time>
    );
  }
  const span = timeSpan(since, now);
  return (
    <time dateTime={since} title={`Unavailable since ${exact}`} className={className}>
      unavailable for {span ?? 'under a minute'}
      <span className="sr-only"> (since {exact})</span>
    </time>
  );
}

/** " (unavailable for 3 min)" after a reason, when the time it went away is known; nothing otherwise. */
export function UnavailableForSuffix({ since }: { since: string | undefined }) {
  if (!since) return null;
  return (
    <>
      {' ('}
      <UnavailableFor since={since} />)
    </>
  );
}
