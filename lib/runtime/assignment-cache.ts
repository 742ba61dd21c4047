import 'server-only';
import type { Selectable } from 'kysely';
import { findAssignmentRow } from '@/lib/assignments/find-assignment-row';
import { cachedReads } from '@/lib/db/cached-reads';
import type { AssignmentsTable, Db } from '@/lib/db/schema';
import { subscribeChanges } from '@/lib/events';

/**
 * How long a stored assignment read for a tool call is trusted without reading it again. Every
 * change to an agent's tools publishes `agent-tools` (lib/events): this instance forgets the
 * agent's entries at once, another hears it through PostgreSQL NOTIFY, and this limit bounds
 * the wait when that notice is lost or cannot travel (SQLite shared by two processes).
 */
export const ASSIGNMENT_CACHE_MS = 3_000;

type AssignmentRow = Selectable<AssignmentsTable>;

/** Cached by agent and tool, forgotten by agent. */
const assignments = cachedReads<AssignmentRow>('assignments', {
  ttlMs: ASSIGNMENT_CACHE_MS,
  ownerOf: (row) => row.agent_id,
  onFirstUse: () =>
    subscribeChanges((event) => {
      if (event.kind === 'agent-tools') forgetAgent(event.agentId);
    }),
});

/**
 * The stored assignment of `toolName` to `agentId` for a tool call: from the cache while fresh,
 * else read (and cached when found; a tool given by a group rule, or none, is read each time).
 */
export function cachedAssignmentRow(db: Db, agentId: string, toolName: string): Promise<AssignmentRow | undefined> {
  return assignments.read(db, `${agentId}\u0000${toolName}`, () => findAssignmentRow(db, agentId, toolName));
}

/** Drops every cached assignment of the agent, in every cache of this process. */
export function forgetAgent(agentId: string): void {
  assignments.forget(agentId);
}
