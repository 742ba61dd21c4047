import 'server-only';
import { subscribeChanges } from '@/lib/events';

/** How often an open stream re-reads its list anyway: catches catalogue changes nobody announced. */
const RECHECK_MS = 5000;

/**
 * Calls `onChanged` whenever the fingerprint `read()` gives changes: re-read on every change
 * event for this agent or the catalogue (from any instance, through the change bus) and every
 * few seconds. Returns the function that stops watching.
 */
export function watchToolList(agentId: string, read: () => Promise<string>, onChanged: () => void): () => void {
  let last: Promise<string | undefined> = read().catch(() => undefined);
  let stopped = false;
  const recheck = () => {
    last = last.then(async (previous) => {
      if (stopped) return previous;
      try {
        const current = await read();
        if (previous !== undefined && current !== previous) onChanged();
        return current;
      } catch {
        // The agent may be gone or the database busy: keep the last known list and try again later.
        return previous;
      }
    });
  };
  const unsubscribe = subscribeChanges((event) => {
    // Any change but another agent's set, a revoked token or ended sessions may change this agent's list.
    if (event.kind === 'agent-tools' ? event.agentId === agentId : event.kind !== 'token-revoked' && event.kind !== 'token-changed' && event.kind !== 'user-sessions') recheck();
  });
  const timer = setInterval(recheck, RECHECK_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    unsubscribe();
  };
}
