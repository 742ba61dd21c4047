import type { Selectable } from 'kysely';
import type { ToolApprovalsTable } from '@/lib/db/schema';

/** Where a held call stands: `expired` once its time passed while pending or approved but unused. */
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'used' | 'expired';

/** A held call as people and the runtime see it: arguments with secret values masked, never the hash's input. */
export interface ApprovalView {
  id: string;
  agentId: string;
  toolName: string;
  /** The name the model called it by. */
  shownName: string;
  arguments: unknown;
  status: ApprovalStatus;
  requestedBy: string;
  requestedByName: string;
  /** ISO 8601. */
  requestedAt: string;
  /** Until when it may be decided (pending) or its call run (approved). */
  expiresAt: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  comment: string | null;
  usedAt: string | null;
  /** The approvals page, where a person decides. */
  url: string;
}

/** The path of the approvals page with one approval open. */
export function approvalPagePath(id: string): string {
  return `/approvals?id=${encodeURIComponent(id)}`;
}

/** A stored approval as the app sees it, its status read against `now`. */
export function toApprovalView(row: Selectable<ToolApprovalsTable>, now: Date = new Date()): ApprovalView {
  const isLive = row.status === 'pending' || row.status === 'approved';
  return {
    id: row.id,
    agentId: row.agent_id,
    toolName: row.tool_name,
    shownName: row.shown_name,
    arguments: JSON.parse(row.arguments) as unknown,
    status: isLive && row.expires_at <= now.toISOString() ? 'expired' : (row.status as ApprovalStatus),
    requestedBy: row.requested_by,
    requestedByName: row.requested_by_name,
    requestedAt: row.requested_at,
    expiresAt: row.expires_at,
    decidedBy: row.decided_by,
    decidedByName: row.decided_by_name,
    decidedAt: row.decided_at,
    comment: row.comment,
    usedAt: row.used_at,
    url: approvalPagePath(row.id),
  };
}
