import type { ApprovalView } from './approval';

/**
 * Thrown by the call path when a call waits for a person's approval: not a failure (nothing ran,
 * nothing is wrong), so not an AppError. Invoke answers it 202, the MCP endpoint a tool error.
 */
export class HeldCallError extends Error {
  readonly approval: ApprovalView;

  constructor(approval: ApprovalView) {
    super(`The call of "${approval.shownName}" awaits a person's approval: approval ${approval.id}, at ${approval.url}, until ${approval.expiresAt}. Call again with the same arguments once it is approved.`);
    this.name = 'HeldCallError';
    this.approval = approval;
  }
}
