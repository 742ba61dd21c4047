import 'server-only';
import type { Selectable } from 'kysely';
import type { AgentsTable } from '@/lib/db/schema';

/** An agent as the app and the API see it. */
export interface Agent {
  id: string;
  name: string;
  description: string;
  version: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
}

/**
 * An agent in the list, with how many tools it has. The count stays out of `Agent`, whose
 * strong ETag is its version: an assignment changes the count but not the agent's version.
 */
export type AgentListItem = Agent & {
  assignmentCount: number;
  /** How many group rules it has; the tools they give are not in `assignmentCount` or `statusCounts` (they change as plugins do). */
  ruleCount: number;
  /** How many of its assignments are missing, invalid or unavailable (the list API always sends it). */
  statusCounts?: AgentStatusCounts;
};

/** An agent's assignments that need attention, by status. */
export interface AgentStatusCounts {
  missing: number;
  invalid: number;
  unavailable: number;
  /** Assigned tools changed upstream since an editor approved them, waiting for acceptance. */
  changed: number;
}

/**
 * Agents whose assignments include one of this status; `attention` means missing or invalid,
 * `changed` a pending upstream change.
 */
export type AgentStatusFilter = 'missing' | 'invalid' | 'unavailable' | 'attention' | 'changed';

/** Whether an agent with these counts passes the status filter. */
export function matchesStatusFilter(counts: AgentStatusCounts, filter: AgentStatusFilter): boolean {
  return filter === 'attention' ? counts.missing + counts.invalid > 0 : counts[filter] > 0;
}

/** A stored agent as the app sees it, and as the audit log records it. */
export function toAgent(row: Selectable<AgentsTable>): Agent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
