import 'server-only';
import type { Selectable } from 'kysely';
import { findAssignmentRow } from '@/lib/assignments/find-assignment-row';
import type { AssignmentsTable, Db } from '@/lib/db/schema';
import { subscribeChanges } from '@/lib/events';

/**
 * How long a stored assignment read for a tool call is trusted without reading it again. Every
 * change to an agent's tools publishes `agent-tools` (lib/events): this instance forgets the
 * agent's entries at once, another hears it through PostgreSQL NOTIFY, and this limit bounds
 * the wait when that notice is lost or cannot travel (SQLite shared by two processes).
 */
export const ASSIGNMENT_CACHE_MS = 3_000;
const MAX_CACHED = 10_000;

interface CachedRow {
  row: Selectable<AssignmentsTable>;
  /** `performance.now()` when the row was read. */
  readAt: number;
}

interface AssignmentCacheState {
  /** Per database (tests open many), by agent id, then tool name. */
  byDb: WeakMap<Db, Map<string, Map<string, CachedRow>>>;
  /** Every cache map, to forget an agent in all of them. */
  maps: Set<WeakRef<Map<string, Map<string, CachedRow>>>>;
  isSubscribed: boolean;
  /** Counts forgets: a read that overlapped one is not kept (it may predate the change). */
  forgets: number;
}

// On globalThis: the route bundle and the front door's fast path (registered from instrumentation)
// are bundled apart, and a change heard by one must clear what the other reads.
const host = globalThis as typeof globalThis & { toolsAdminAssignmentCache?: AssignmentCacheState };

function state(): AssignmentCacheState {
  host.toolsAdminAssignmentCache ??= { byDb: new WeakMap(), maps: new Set(), isSubscribed: false, forgets: 0 };
  return host.toolsAdminAssignmentCache;
}

function mapOf(db: Db): Map<string, Map<string, CachedRow>> {
  const cache = state();
  let map = cache.byDb.get(db);
  if (!map) {
    map = new Map();
    cache.byDb.set(db, map);
    cache.maps.add(new WeakRef(map));
  }
  if (!cache.isSubscribed) {
    cache.isSubscribed = true;
    subscribeChanges((event) => {
      if (event.kind === 'agent-tools') forgetAgent(event.agentId);
    });
  }
  return map;
}

/**
 * The stored assignment of `toolName` to `agentId` for a tool call: from the cache while fresh,
 * else read (and kept when found; a tool given by a group rule, or none, is read each time).
 */
export async function cachedAssignmentRow(db: Db, agentId: string, toolName: string): Promise<Selectable<AssignmentsTable> | undefined> {
  const map = mapOf(db);
  const cached = map.get(agentId)?.get(toolName);
  if (cached && performance.now() - cached.readAt < ASSIGNMENT_CACHE_MS) return cached.row;
  const readAt = performance.now();
  const forgets = state().forgets;
  const row = await findAssignmentRow(db, agentId, toolName);
  if (!row) {
    map.get(agentId)?.delete(toolName);
    return undefined;
  }
  if (state().forgets === forgets) {
    let tools = map.get(agentId);
    if (!tools) {
      if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as string);
      tools = new Map();
      map.set(agentId, tools);
    }
    if (tools.size >= MAX_CACHED) tools.delete(tools.keys().next().value as string);
    tools.set(toolName, { row, readAt });
  }
  return row;
}

/** Drops every kept assignment of the agent, in every cache of this process. */
export function forgetAgent(agentId: string): void {
  const cache = state();
  cache.forgets++;
  for (const ref of cache.maps) {
    const map = ref.deref();
    if (!map) cache.maps.delete(ref);
    else map.delete(agentId);
  }
}
