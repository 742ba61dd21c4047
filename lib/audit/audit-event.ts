import type { Selectable } from 'kysely';
import type { AuditEventsTable } from '@/lib/db/schema';

/** The most events one page of the audit log holds, in `lib/` and in the API alike. */
export const MAX_AUDIT_PAGE = 200;

/** What was changed: the actions the audit log knows. */
export type AuditAction =
  | 'agent.create'
  | 'agent.update'
  | 'agent.delete'
  | 'assignment.put'
  | 'assignment.delete'
  | 'todo.write'
  | 'auth.sign-in'
  | 'auth.sign-in-failed'
  | 'auth.sign-out'
  | 'auth.setup'
  | 'access.denied'
  | 'session.revoke'
  | 'user.create'
  | 'user.update'
  | 'token.create'
  | 'token.revoke';

/** One audited change, newest first in the log. */
export interface AuditEvent {
  /** Opaque; grows with every event. */
  id: string;
  /** ISO 8601 time of the change. */
  at: string;
  /** The acting user's id. */
  actor: string;
  action: string;
  /** The changed resource's path, e.g. `agents/demo`, `agents/demo/tools/word_count` or `sessions/s1/todos`. */
  target: string;
  /** The resource before the change; null for a create. */
  before: unknown;
  /** The resource after the change; null for a delete. */
  after: unknown;
}

/** The audit target of an agent. */
export function agentTarget(agentId: string): string {
  return `agents/${agentId}`;
}

/** The audit target of one assignment. */
export function assignmentTarget(agentId: string, toolName: string): string {
  return `agents/${agentId}/tools/${toolName}`;
}

/** The audit target of one session's todo list. */
export function todoListTarget(sessionId: string): string {
  return `sessions/${sessionId}/todos`;
}

/** The audit target of a user account, by email. */
export function userTarget(email: string): string {
  return `users/${email}`;
}

/** The audit target of an API token. */
export function tokenTarget(tokenId: string): string {
  return `tokens/${tokenId}`;
}

/** A stored event as the app sees it. */
export function toAuditEvent(row: Selectable<AuditEventsTable>): AuditEvent {
  return {
    id: String(row.id),
    at: row.at,
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before === null ? null : JSON.parse(row.before),
    after: row.after === null ? null : JSON.parse(row.after),
  };
}
