import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { McpToolInfo } from './mcp-tool';

/** What happened to a server's connection: the kinds of its timeline. */
export type ServerEventKind = 'connected' | 'lost' | 'restarted' | 'tools_changed';

/** The tool names a `tools_changed` event is about (the server's own names, without the group prefix). */
export interface ToolChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

/** One event of a server's timeline. */
export interface ServerEvent {
  id: number;
  server: string;
  at: string;
  kind: ServerEventKind;
  /** The event in the app's own words (never an upstream's, never a value of a reference). */
  message: string;
  details?: ToolChanges;
}

/** An event before it is stored. */
export type NewServerEvent = Omit<ServerEvent, 'id' | 'at'> & { at?: string };

/** How much of a timeline is kept: at most this many events per server, none older than this. */
export const EVENTS_KEPT_PER_SERVER = 200;
export const EVENTS_KEPT_DAYS = 30;

/**
 * Stores one event and prunes the server's timeline: events older than `EVENTS_KEPT_DAYS` go, and
 * all but the newest `EVENTS_KEPT_PER_SERVER`. Returns the stored event.
 */
export async function recordServerEvent(
  db: Db,
  event: NewServerEvent,
  keep: { perServer?: number; days?: number; now?: () => Date } = {},
): Promise<ServerEvent> {
  const now = keep.now?.() ?? new Date();
  const at = event.at ?? now.toISOString();
  const inserted = await db
    .insertInto('mcp_server_events')
    .values({ server: event.server, at, kind: event.kind, message: event.message, details: event.details ? JSON.stringify(event.details) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cutoff = new Date(now.getTime() - (keep.days ?? EVENTS_KEPT_DAYS) * 86_400_000).toISOString();
  await db.deleteFrom('mcp_server_events').where('server', '=', event.server).where('at', '<', cutoff).execute();
  const kept = await db
    .selectFrom('mcp_server_events')
    .select('id')
    .where('server', '=', event.server)
    .orderBy('id', 'desc')
    .offset((keep.perServer ?? EVENTS_KEPT_PER_SERVER) - 1)
    .limit(1)
    .executeTakeFirst();
  if (kept) await db.deleteFrom('mcp_server_events').where('server', '=', event.server).where('id', '<', kept.id).execute();
  return { ...event, id: Number(inserted.id), at };
}

/** A server's events, newest first; `before` pages on by id. */
export async function readServerEvents(db: Db, server: string, { limit = 50, before }: { limit?: number; before?: number } = {}): Promise<ServerEvent[]> {
  let query = db.selectFrom('mcp_server_events').selectAll().where('server', '=', server);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    server: row.server,
    at: row.at,
    kind: row.kind as ServerEventKind,
    message: row.message,
    ...(row.details ? { details: JSON.parse(row.details) as ToolChanges } : {}),
  }));
}

/** How many events of this kind the server had since `since`. */
export async function countServerEvents(db: Db, server: string, kind: ServerEventKind, since: Date): Promise<number> {
  const row = await db
    .selectFrom('mcp_server_events')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('server', '=', server)
    .where('kind', '=', kind)
    .where('at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The tool list the server last served; empty when none is kept. */
export async function readKnownTools(db: Db, server: string): Promise<McpToolInfo[]> {
  const row = await db.selectFrom('mcp_server_tools').select('tools').where('server', '=', server).executeTakeFirst();
  if (!row) return [];
  const tools: unknown = JSON.parse(row.tools);
  return Array.isArray(tools) ? (tools as McpToolInfo[]) : [];
}

/** Keeps the tool list the server serves now (replacing the last one). */
export async function saveKnownTools(db: Db, server: string, tools: readonly McpToolInfo[], now: Date = new Date()): Promise<void> {
  const values = { server, tools: JSON.stringify(tools), updated_at: now.toISOString() };
  await db
    .insertInto('mcp_server_tools')
    .values(values)
    .onConflict((conflict) => conflict.column('server').doUpdateSet({ tools: values.tools, updated_at: values.updated_at }))
    .execute();
}

/** Forgets a removed server's timeline and tool list. */
export async function forgetServerHistory(db: Db, server: string): Promise<void> {
  await db.deleteFrom('mcp_server_events').where('server', '=', server).execute();
  await db.deleteFrom('mcp_server_tools').where('server', '=', server).execute();
}

/** What changed between two tool lists, by the server's own tool names. */
export function toolChanges(before: readonly McpToolInfo[], after: readonly McpToolInfo[]): ToolChanges {
  const old = new Map(before.map((tool) => [tool.name, tool]));
  const next = new Map(after.map((tool) => [tool.name, tool]));
  const added = [...next.keys()].filter((name) => !old.has(name)).sort();
  const removed = [...old.keys()].filter((name) => !next.has(name)).sort();
  const changed = [...next.keys()].filter((name) => {
    const was = old.get(name);
    return was !== undefined && !sameTool(was, next.get(name)!);
  }).sort();
  return { added, removed, changed };
}

/** Whether two listings of one tool say the same (description, schema, annotations). */
export function sameTool(a: McpToolInfo, b: McpToolInfo): boolean {
  return a.name === b.name && a.description === b.description && JSON.stringify(a.inputSchema) === JSON.stringify(b.inputSchema) && JSON.stringify(a.annotations) === JSON.stringify(b.annotations);
}

/** A `tools_changed` event's words: "2 added (a, b); 1 schema changed (c)". */
export function describeToolChanges({ added, removed, changed }: ToolChanges): string {
  const part = (count: number, what: string, names: string[]) => (count === 0 ? [] : [`${count} ${what} (${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''})`]);
  const parts = [...part(added.length, 'added', added), ...part(removed.length, 'removed', removed), ...part(changed.length, 'changed', changed)];
  return `Tools changed: ${parts.join('; ')}`;
}
