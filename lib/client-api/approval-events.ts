import type { QueryClient } from '@tanstack/react-query';

/** Where the live approvals stream comes from: `GET /api/v1/approvals/events`. */
export const APPROVAL_EVENTS_PATH = '/api/v1/approvals/events';
/** After the server refused or closed the stream for good, the next try waits this long (polling covers the gap). */
const REOPEN_AFTER_MS = 60_000;

/**
 * One EventSource per browser tab, shared by every view that shows approvals (the sidebar
 * badge, the approvals page): opened by the first subscriber, closed with the last. Each
 * `approval` event, and each (re)connect, marks the `['approvals']` queries of every
 * subscribed query client stale so they are read again; `isLive` says whether the stream is
 * open now (views poll slowly only while it is not).
 */
interface StreamStore {
  source?: EventSource;
  reopenTimer?: ReturnType<typeof setTimeout>;
  isLive: boolean;
  clients: Map<QueryClient, number>;
  stateListeners: Set<() => void>;
}

const store: StreamStore = { isLive: false, clients: new Map(), stateListeners: new Set() };

function setLive(isLive: boolean) {
  if (store.isLive === isLive) return;
  store.isLive = isLive;
  for (const listener of store.stateListeners) listener();
}

function refreshAll() {
  for (const client of store.clients.keys()) void client.invalidateQueries({ queryKey: ['approvals'] });
}

function open() {
  if (store.source || typeof EventSource === 'undefined') return;
  const source = new EventSource(APPROVAL_EVENTS_PATH);
  store.source = source;
  source.addEventListener('open', () => {
    setLive(true);
    // Anything that changed while the stream was away.
    refreshAll();
  });
  source.addEventListener('approval', refreshAll);
  source.addEventListener('error', () => {
    setLive(false);
    // CONNECTING: the browser retries by itself. CLOSED: refused (403, 429) or gone; try later.
    if (source.readyState !== EventSource.CLOSED) return;
    source.close();
    if (store.source === source) store.source = undefined;
    clearTimeout(store.reopenTimer);
    store.reopenTimer = setTimeout(() => {
      if (store.clients.size > 0) open();
    }, REOPEN_AFTER_MS);
  });
}

function close() {
  clearTimeout(store.reopenTimer);
  store.source?.close();
  store.source = undefined;
  setLive(false);
}

/** Keeps the shared stream open for `client` until the returned function is called. */
export function subscribeApprovalEvents(client: QueryClient): () => void {
  store.clients.set(client, (store.clients.get(client) ?? 0) + 1);
  open();
  return () => {
    const left = (store.clients.get(client) ?? 1) - 1;
    if (left > 0) store.clients.set(client, left);
    else store.clients.delete(client);
    if (store.clients.size === 0) close();
  };
}

/** For `useSyncExternalStore`: tells `listener` when the stream opens or drops. */
export function subscribeApprovalStreamState(listener: () => void): () => void {
  store.stateListeners.add(listener);
  return () => store.stateListeners.delete(listener);
}

/** Whether the stream is open now. */
export function isApprovalStreamLive(): boolean {
  return store.isLive;
}
