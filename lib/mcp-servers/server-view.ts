import 'server-only';
import { can, type Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import { getToolRegistry } from '@/lib/registry-host';
import type { ServerState } from './mcp-server-provider';
import { currentServerHost } from './server-host';
import type { ServerRecord } from './server-record';
import { getServer, listServers } from './server-store';

/** A stored server with its connection in this process. */
export type ServerView = ServerRecord & Omit<ServerState, 'pid'> & { pid?: number };

/**
 * The record with this process's view of its connection. Trust boundary: `detail` holds an
 * upstream's own words (a body, stderr, at most 200 characters), so only an actor who may test
 * connections (`servers:test`: admins and editors) gets it; viewers and tokens see the kind and
 * the app's own reason only.
 */
export function viewServer(record: ServerRecord, actor: Actor): ServerView {
  const state = currentServerHost()?.status(record.name);
  if (state && (state.status !== 'disabled') === record.enabled) {
    const { detail, ...shown } = state;
    return { ...record, ...shown, ...(detail !== undefined && can(actor, 'servers:test') ? { detail } : {}) };
  }
  return { ...record, ...(record.enabled ? { status: 'connecting', toolCount: 0 } : { status: 'disabled', reason: 'The server is disabled', toolCount: 0 }) };
}

/** Every server with its status; AppError `forbidden` without `catalogue:read`. */
export async function listServerViews({ db, actor }: { db: Db; actor: Actor }): Promise<ServerView[]> {
  const records = await listServers({ db, actor });
  await syncedHost();
  return records.map((record) => viewServer(record, actor));
}

/** One server with its status; AppError `forbidden`, `not_found`. */
export async function getServerView({ db, actor, name }: { db: Db; actor: Actor; name: string }): Promise<ServerView> {
  const record = await getServer({ db, actor, name });
  await syncedHost();
  return viewServer(record, actor);
}

/** The host, after it has caught up with the table (a write just made on this instance). */
export async function syncedHost() {
  await getToolRegistry();
  const host = currentServerHost();
  await host?.sync();
  return host;
}
