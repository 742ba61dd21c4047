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
  assignmentCount: number;
}

/** A stored agent as the app sees it. */
export function toAgent(row: Selectable<AgentsTable>, assignmentCount: number): Agent {
  return { ...auditedAgent(row), assignmentCount };
}

/** The agent as the audit log records it: its own fields, without counts of other rows. */
export function auditedAgent(row: Selectable<AgentsTable>): Omit<Agent, 'assignmentCount'> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
