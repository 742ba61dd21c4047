import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { subscribeChanges, type ApprovalChange, type ChangeEvent } from '@/lib/events';
import { trackOpenStream } from '@/lib/runtime/open-streams';

/** A comment line this often keeps proxies from closing an idle stream. */
export const APPROVAL_STREAM_HEARTBEAT_MS = 15_000;
/** A stream ends after this long; the browser's EventSource opens a new one, checking the session again. */
export const APPROVAL_STREAM_MAX_MS = 30 * 60_000;
/** Open approval streams one person may hold on one instance (a few tabs); the next is refused with 429. */
export const MAX_APPROVAL_STREAMS_PER_USER = 5;
/** What the browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
const RECONNECT_MS = 5_000;
/** The longest timer Node keeps exactly; a later expiry is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** The data of one `approval` event: which held call changed, and how. */
export interface ApprovalEventData {
  approvalId: string;
  change: ApprovalChange;
}

/** What `approvalEventsResponse` needs; tests shorten the timings. */
export interface ApprovalEventsOptions {
  db: Db;
  actor: Actor;
  signal: AbortSignal;
  heartbeatMs?: number;
  maxMs?: number;
}

const host = globalThis as typeof globalThis & { approvalStreams?: Map<string, number> };

/**
 * `GET /api/v1/approvals/events`: a `text/event-stream` of `approval` events (`data` is
 * {@link ApprovalEventData}) for people who decide (`approvals:decide`). A call held, decided or
 * used on any instance arrives through the change bus (PostgreSQL NOTIFY between instances);
 * `expired` is sent by the stream itself when the next pending or approved call's time passes.
 * The stream carries no approval's content: clients read the list again. A heartbeat comment
 * every {@link APPROVAL_STREAM_HEARTBEAT_MS}; it ends when the client goes away, when the
 * person's sessions end or their role changes, after {@link APPROVAL_STREAM_MAX_MS}, and at
 * shutdown. AppError `too_many_requests` past {@link MAX_APPROVAL_STREAMS_PER_USER} per person.
 */
export function approvalEventsResponse({ db, actor, signal, heartbeatMs = APPROVAL_STREAM_HEARTBEAT_MS, maxMs = APPROVAL_STREAM_MAX_MS }: ApprovalEventsOptions): Response {
  authorize(actor, 'approvals:decide');
  host.approvalStreams ??= new Map();
  const streams = host.approvalStreams;
  const open = streams.get(actor.id) ?? 0;
  if (open >= MAX_APPROVAL_STREAMS_PER_USER) {
    throw new AppError('too_many_requests', `You have ${open} approval streams open already (at most ${MAX_APPROVAL_STREAMS_PER_USER}): close a tab, or read GET /api/v1/approvals`, { retryAfterSeconds: 30 });
  }
  streams.set(actor.id, open + 1);

  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let isEnded = false;
  const timers: { heartbeat?: ReturnType<typeof setInterval>; expiry?: ReturnType<typeof setTimeout>; end?: ReturnType<typeof setTimeout> } = {};
  let unsubscribe = () => {};
  let forget = () => {};

  const write = (text: string) => {
    if (isEnded || !controller) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      end();
    }
  };
  const send = (data: ApprovalEventData) => write(`event: approval\ndata: ${JSON.stringify(data)}\n\n`);
  const end = () => {
    if (isEnded) return;
    isEnded = true;
    clearInterval(timers.heartbeat);
    clearTimeout(timers.expiry);
    clearTimeout(timers.end);
    unsubscribe();
    forget();
    signal.removeEventListener('abort', end);
    const left = (streams.get(actor.id) ?? 1) - 1;
    if (left > 0) streams.set(actor.id, left);
    else streams.delete(actor.id);
    try {
      controller?.close();
    } catch {
      // Cancelled by the client already.
    }
  };

  // The next moment a pending call, or an approved one not yet run, runs out: its `expired` event.
  const scheduleExpiry = async () => {
    const now = new Date().toISOString();
    const next = await db
      .selectFrom('tool_approvals')
      .select(['id', 'expires_at'])
      .where('status', 'in', ['pending', 'approved'])
      .where('expires_at', '>', now)
      .orderBy('expires_at')
      .limit(1)
      .executeTakeFirst()
      .catch(() => undefined);
    if (isEnded) return;
    clearTimeout(timers.expiry);
    if (!next) return;
    const delay = Math.max(0, Date.parse(next.expires_at) - Date.now());
    timers.expiry = setTimeout(() => {
      if (delay <= MAX_TIMER_MS) send({ approvalId: next.id, change: 'expired' });
      void scheduleExpiry();
    }, Math.min(delay + 50, MAX_TIMER_MS));
  };

  const onChange = (event: ChangeEvent) => {
    if (event.kind === 'approvals') {
      send({ approvalId: event.approvalId, change: event.change });
      void scheduleExpiry();
    } else if (event.kind === 'user-sessions' && actor.kind === 'user' && event.userId === actor.userId) {
      // Signed out, disabled or given another role: the reconnect is checked afresh.
      end();
    }
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      write(`retry: ${RECONNECT_MS}\n: approvals\n\n`);
      unsubscribe = subscribeChanges(onChange);
      forget = trackOpenStream(end);
      timers.heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      timers.end = setTimeout(end, maxMs);
      if (signal.aborted) end();
      else signal.addEventListener('abort', end);
      void scheduleExpiry();
    },
    cancel() {
      end();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
  });
}

/** How many approval streams are open in this process; for tests. */
export function openApprovalStreams(actorId: string): number {
  return host.approvalStreams?.get(actorId) ?? 0;
}
