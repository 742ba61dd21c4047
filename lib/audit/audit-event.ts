import type { Selectable } from 'kysely';
import type { AuditEventsTable } from '@/lib/db/schema';

/** The most events one page of the audit log holds, in `lib/` and in the API alike. */
export const MAX_AUDIT_PAGE = 200;

/** What was changed: the actions the audit log knows. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every action the audit log knows, in the order the /audit page offers them. */
export const AUDIT_ACTIONS = [
  'agent.create',
  'agent.update',
  'agent.delete',
  'agent.restore',
  'assignment.put',
  'assignment.delete',
  'assignment.accept-upstream',
  'assignment.approve-first-seen',
  'todo.write',
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.sign-out',
  'auth.setup',
  'access.denied',
  'session.revoke',
  'user.create',
  'user.update',
  'user.role-from-sso',
  'user.sessions-end',
  'user.password-change',
  'user.password-change-failed',
  'token.create',
  'token.update',
  'token.revoke',
  'tool.invoke',
  'tool.throttle',
  'workflow.create',
  'workflow.update',
  'workflow.delete',
  'workflow.restore',
  'workflow.dry-run',
  'rule.create',
  'rule.update',
  'rule.delete',
  'rule.restore',
  'server.create',
  'server.update',
  'server.delete',
  'server.restore',
  'server.refresh',
  'server.reconnect',
  'secret.create',
  'secret.update',
  'secret.delete',
  'policy.put',
  'policy.delete',
  'policy-default.put',
  'policy-default.delete',
  'approval.request',
  'approval.approve',
  'approval.deny',
  'token-budget.put',
  'oauth.grant',
  'oauth.deny',
  'oauth.revoke',
  'oauth.refused',
] as const;

/** Each action in words, as the audit page shows it. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  'agent.create': 'Agent created',
  'agent.update': 'Agent changed',
  'agent.delete': 'Agent deleted',
  'agent.restore': 'Agent restored to an earlier version',
  'assignment.put': 'Tool settings saved',
  'assignment.delete': 'Tool removed from agent',
  'assignment.accept-upstream': 'Upstream change to a tool accepted',
  'assignment.approve-first-seen': 'Tool first seen for an agent: its version approved',
  'todo.write': 'Todo list written',
  'auth.sign-in': 'Signed in',
  'auth.sign-in-failed': 'Sign-in failed',
  'auth.sign-out': 'Signed out',
  'auth.setup': 'First admin set up',
  'access.denied': 'Access refused',
  'session.revoke': 'Session ended',
  'user.create': 'User added',
  'user.update': 'User changed',
  'user.role-from-sso': 'Role set by single sign-on',
  'user.sessions-end': 'User\'s sessions ended',
  'user.password-change': 'Password changed',
  'user.password-change-failed': 'Password change refused',
  'token.create': 'Token created',
  'token.update': 'Token\'s agents narrowed',
  'token.revoke': 'Token revoked',
  'tool.invoke': 'Tool called',
  'tool.throttle': 'Tool calls throttled',
  'workflow.create': 'Workflow created',
  'workflow.update': 'Workflow changed',
  'workflow.delete': 'Workflow deleted',
  'workflow.restore': 'Workflow restored to an earlier version',
  'workflow.dry-run': 'Workflow dry run',
  'rule.create': 'Group rule added',
  'rule.update': 'Group rule changed',
  'rule.delete': 'Group rule removed',
  'rule.restore': 'Group rule restored to an earlier version',
  'server.create': 'Server added',
  'server.update': 'Server changed',
  'server.delete': 'Server removed',
  'server.restore': 'Server restored to an earlier version',
  'server.refresh': 'Server tools refreshed',
  'server.reconnect': 'Server reconnected',
  'secret.create': 'Secret added',
  'secret.update': 'Secret replaced',
  'secret.delete': 'Secret deleted',
  'policy.put': 'Tool policy saved',
  'policy.delete': 'Tool policy removed',
  'policy-default.put': 'Group default policy saved',
  'policy-default.delete': 'Group default policy removed',
  'approval.request': 'Call held for approval',
  'approval.approve': 'Call approved',
  'approval.deny': 'Call denied',
  'token-budget.put': 'Token budget set',
  'oauth.grant': 'MCP client given access',
  'oauth.deny': 'MCP client refused by user',
  'oauth.revoke': 'MCP client access revoked',
  'oauth.refused': 'MCP client token refused',
};

/** An action in words; an action this version does not know (a newer writer's) as its code. */
export function actionInWords(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_WORDS, action) ? AUDIT_ACTION_WORDS[action as AuditAction] : action;
}

/** What a page or an export of the audit log may be narrowed to; every given filter must hold. */
export interface AuditFilters {
  /** The acting user's or token's id. */
  actor?: string;
  /** The agent the change belongs to (the agent itself or one of its assignments). */
  agent?: string;
  /** The assigned tool the change belongs to. */
  tool?: string;
  action?: string;
  /** Only events at or after this ISO 8601 time. */
  from?: string;
  /** Only events before this ISO 8601 time. */
  to?: string;
}

/** One audited change, newest first in the log. */
export interface AuditEvent {
  /** Opaque; grows with every event. */
  id: string;
  /** ISO 8601 time of the change. */
  at: string;
  /** The acting user's or token's id. */
  actor: string;
  /** The actor's display name when the event was written. */
  actorName: string;
  action: string;
  /** The changed resource's path, e.g. `agents/demo`, `agents/demo/tools/word_count` or `sessions/s1/todos`. */
  target: string;
  /** The agent the target belongs to; null for targets outside an agent. */
  agentId: string | null;
  /** The tool of an assignment target; null otherwise. */
  toolName: string | null;
  /** The resource before the change; null for a create. */
  before: unknown;
  /** The resource after the change; null for a delete. */
  after: unknown;
}

/** The audit target of an MCP server. */
export function serverTarget(name: string): string {
  return `servers/${name}`;
}

/** The audit target of a secret of the store (its name; never its value). */
export function secretTarget(name: string): string {
  return `secrets/${name}`;
}

/** The audit target of an agent. */
export function agentTarget(agentId: string): string {
  return `agents/${agentId}`;
}

/** The audit target of one assignment. */
export function assignmentTarget(agentId: string, toolName: string): string {
  return `agents/${agentId}/tools/${toolName}`;
}

/** The audit target of one agent's todo list in one session, named by the session's hash (never its id). */
export function todoListTarget(agentId: string, sessionHash: string): string {
  return `agents/${agentId}/sessions/${sessionHash}/todos`;
}

/** The audit target of one agent's group rule. */
export function ruleTarget(agentId: string, group: string): string {
  return `agents/${agentId}/rules/${group}`;
}

/** The audit target of a stored workflow. */
export function workflowTarget(name: string): string {
  return `workflows/${name}`;
}

/** The agent and tool a target names: `agents/<id>`, `agents/<id>/tools/<tool>`, or `agents/<id>/rules/<group>` and `agents/<id>/sessions/<hash>/todos` (no tool). */
export function targetParts(target: string): { agentId: string | null; toolName: string | null } {
  const rule = /^agents\/([^/]+)\/(?:rules\/.+|sessions\/[^/]+\/todos)$/.exec(target);
  if (rule) return { agentId: rule[1] ?? null, toolName: null };
  const match = /^agents\/([^/]+)(?:\/tools\/(.+))?$/.exec(target);
  return { agentId: match?.[1] ?? null, toolName: match?.[2] ?? null };
}

/** The audit target of a tool's group default policy. */
export function toolPolicyTarget(toolName: string): string {
  return `tools/${toolName}/policy`;
}

/** The audit target of a held call. */
export function approvalTarget(id: string): string {
  return `approvals/${id}`;
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
    actor: row.actor_id,
    actorName: row.actor_name ?? row.actor_id,
    action: row.action,
    target: row.target,
    agentId: row.agent_id,
    toolName: row.tool_name,
    before: row.before === null ? null : JSON.parse(row.before),
    after: row.after === null ? null : JSON.parse(row.after),
  };
}
