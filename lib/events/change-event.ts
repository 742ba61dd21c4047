import 'server-only';

/** Something changed that open views and MCP sessions may need to hear about. */
export type ChangeEvent =
  /** An agent's set of tools or their settings changed (assigned, edited, removed, agent deleted). */
  | { kind: 'agent-tools'; agentId: string }
  /** The catalogue itself changed (a provider's names, a plugin's availability). */
  | { kind: 'catalogue' }
  /** An API token was revoked: instances that keep tokens briefly must forget it. */
  | { kind: 'token-revoked'; tokenId: string }
  /** An API token's agent set was narrowed: instances that keep tokens briefly must read it again. */
  | { kind: 'token-changed'; tokenId: string }
  /** A user's session ended or the user changed (role, disabled): instances that keep sessions briefly must forget theirs. */
  | { kind: 'user-sessions'; userId: string }
  /** An MCP server was added, changed or removed: every instance re-reads the servers table. */
  | { kind: 'servers' }
  /** A tool's group default policy changed: every agent given the tool may show it differently. */
  | { kind: 'tool-defaults' }
  /** A held call was requested, decided (approved or denied) or used: open approval views refresh. */
  | { kind: 'approvals'; approvalId: string; change: ApprovalChange }
  /**
   * An MCP client answered the server's elicitation request about a held call: the instance
   * holding that call waits for it. Only the action travels, never form content.
   */
  | { kind: 'elicitation-answer'; sessionId: string; requestId: string; action: 'accept' | 'decline' | 'cancel' };

/** What happened to a held call; `expired` is sent by each open stream at the moment it passes. */
export type ApprovalChange = 'requested' | 'decided' | 'used' | 'expired';

const APPROVAL_CHANGES: readonly string[] = ['requested', 'decided', 'used', 'expired'] satisfies ApprovalChange[];
const ELICIT_ACTIONS: readonly string[] = ['accept', 'decline', 'cancel'];

/** The PostgreSQL channel change events travel on between instances. */
export const CHANGE_CHANNEL = 'tools_admin_changes';

/** Parses an event from another instance; undefined for anything else on the channel. */
export function parseChangeEvent(payload: string | undefined): { origin: string; event: ChangeEvent } | undefined {
  try {
    const value = JSON.parse(payload ?? '') as {
      origin?: unknown;
      event?: { kind?: unknown; agentId?: unknown; tokenId?: unknown; userId?: unknown; approvalId?: unknown; change?: unknown; sessionId?: unknown; requestId?: unknown; action?: unknown };
    };
    if (typeof value.origin !== 'string' || !value.event) return undefined;
    if (value.event.kind === 'catalogue') return { origin: value.origin, event: { kind: 'catalogue' } };
    if (value.event.kind === 'servers') return { origin: value.origin, event: { kind: 'servers' } };
    if (value.event.kind === 'tool-defaults') return { origin: value.origin, event: { kind: 'tool-defaults' } };
    if (value.event.kind === 'agent-tools' && typeof value.event.agentId === 'string') {
      return { origin: value.origin, event: { kind: 'agent-tools', agentId: value.event.agentId } };
    }
    if (value.event.kind === 'token-revoked' && typeof value.event.tokenId === 'string') {
      return { origin: value.origin, event: { kind: 'token-revoked', tokenId: value.event.tokenId } };
    }
    if (value.event.kind === 'token-changed' && typeof value.event.tokenId === 'string') {
      return { origin: value.origin, event: { kind: 'token-changed', tokenId: value.event.tokenId } };
    }
    if (value.event.kind === 'user-sessions' && typeof value.event.userId === 'string') {
      return { origin: value.origin, event: { kind: 'user-sessions', userId: value.event.userId } };
    }
    const { approvalId, change, sessionId, requestId, action } = value.event;
    if (value.event.kind === 'approvals' && typeof approvalId === 'string' && typeof change === 'string' && APPROVAL_CHANGES.includes(change)) {
      return { origin: value.origin, event: { kind: 'approvals', approvalId, change: change as ApprovalChange } };
    }
    if (value.event.kind === 'elicitation-answer' && typeof sessionId === 'string' && typeof requestId === 'string' && typeof action === 'string' && ELICIT_ACTIONS.includes(action)) {
      return { origin: value.origin, event: { kind: 'elicitation-answer', sessionId, requestId, action: action as 'accept' | 'decline' | 'cancel' } };
    }
  } catch {
    // Not one of ours: ignored below.
  }
  return undefined;
}
