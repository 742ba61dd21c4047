import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { serverTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { countServerEvents, readServerEvents, type ServerEvent } from './server-events';
import { authorizeServerChange } from './server-rules';
import { getServer } from './server-store';
import { syncedHost, viewServer, type ServerView } from './server-view';

/** A server's timeline as the API answers it. */
export interface ServerTimeline {
  events: ServerEvent[];
  restartsLastHour: number;
}

/**
 * A server's connection timeline, newest first, and its restarts in the last hour. Trust
 * boundary: anyone who may read the catalogue (`catalogue:read`), as the server itself; the
 * messages are the app's own words, never an upstream's or a secret's value. AppError
 * `forbidden`, `not_found`.
 */
export async function listServerEvents({ db, actor, name, limit, before }: { db: Db; actor: Actor; name: string; limit?: number; before?: number }): Promise<ServerTimeline> {
  await getServer({ db, actor, name });
  const [events, restartsLastHour] = await Promise.all([
    readServerEvents(db, name, { limit: limit ?? 50, before }),
    countServerEvents(db, name, 'restarted', new Date(Date.now() - 3_600_000)),
  ]);
  return { events, restartsLastHour };
}

/**
 * Connects to a server again now in this instance (the Reconnect button), without waiting for the
 * next retry; audited. Who may: whoever may change the server (`agents:write`; a stdio server:
 * `servers:stdio`, admins). AppError `forbidden`, `not_found`, `conflict` when it is disabled,
 * refused, or not running here yet.
 */
export async function reconnectServer({ db, actor, name }: { db: Db; actor: Actor; name: string }): Promise<ServerView> {
  const record = await getServer({ db, actor, name });
  authorizeServerChange(actor, record);
  if (!record.enabled) throw new AppError('conflict', `MCP server "${name}" is disabled; enable it to connect`);
  const host = await syncedHost();
  const provider = host?.provider(name);
  if (!provider) throw new AppError('conflict', `MCP server "${name}" is not running on this instance yet; try again`);
  const status = provider.status().status;
  if (status === 'invalid') throw new AppError('conflict', `MCP server "${name}" is not connected: its stored configuration is refused; change it first`);
  await provider.reconnect();
  await inTransaction(db, (trx) =>
    recordAuditEvent(trx, { actor, action: 'server.reconnect', target: serverTarget(name), before: { status }, after: { status: provider.status().status } }),
  );
  return viewServer(record, actor);
}
