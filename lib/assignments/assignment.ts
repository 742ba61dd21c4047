import 'server-only';
import type { Selectable } from 'kysely';
import type { FieldError } from '@/lib/app-error';
import type { AssignmentsTable } from '@/lib/db/schema';
import type { UpstreamChange } from '@/lib/drift/tool-approvals';

/** The largest stored overrides, in bytes of their JSON (64 KiB): settings, not documents. */
export const MAX_OVERRIDES_BYTES = 64 * 1024;

/** One tool assigned to one agent, with that agent's overrides for it. */
export interface Assignment {
  agentId: string;
  toolName: string;
  overrides: Record<string, unknown>;
  version: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
}

/**
 * How an assignment stands against the registry of this process: `ok`; `unavailable` (the
 * tool is known but cannot run now); `missing` (no tool of that name is known any more: the
 * assignment stays); `invalid` (the stored overrides fail the tool's current schema).
 */
export type AssignmentStatus = 'ok' | 'unavailable' | 'missing' | 'invalid';

/** An assignment with its status, as the API shows it. */
export type AssignmentView = Assignment & {
  status: AssignmentStatus;
  /** The tool's catalogue group; absent when the tool is missing. */
  group?: string;
  /** Why the tool cannot run now; present whenever the tool is unavailable, even if `status` is `invalid`. */
  unavailableReason?: string;
  /** Since when (ISO time) the tool has been unavailable, when its plugin says; only with `unavailableReason`. */
  unavailableSince?: string;
  /** What is wrong with the stored overrides (pointers start with `/overrides`); with `invalid` only. */
  errors?: FieldError[];
  /** Present when the tool's provider changed it since an editor approved it: the model still gets `approved` (see lib/drift). */
  upstreamChange?: Pick<UpstreamChange, 'approved' | 'current' | 'changed' | 'summary' | 'problems'>;
};

/** A stored assignment as the app sees it. */
export function toAssignment(row: Selectable<AssignmentsTable>): Assignment {
  return {
    agentId: row.agent_id,
    toolName: row.tool_name,
    overrides: JSON.parse(row.overrides) as Record<string, unknown>,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
