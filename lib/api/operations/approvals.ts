import 'server-only';
import { BODY_PROBLEMS, INVALID_QUERY, type ApiOperation } from '../api-operation';
import { ApprovalListQuerySchema, ApprovalListSchema, ApprovalSchema, ApprovalWaitQuerySchema, DecisionBodySchema } from '../approval-schemas';

/** Tool calls held for a person's approval: list, read (or wait), decide. */
export const approvalOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/approvals', operationId: 'listApprovals', tag: 'approvals',
    summary: 'Held tool calls, newest first: pending ones, or recently decided, used and expired ones (admins and editors: permission approvals:decide, no token scope)',
    query: ApprovalListQuerySchema,
    success: { 200: { description: 'The approvals and how many are pending', schema: ApprovalListSchema } },
    problems: [400],
    problemDescriptions: { 400: INVALID_QUERY },
  },
  {
    method: 'GET', path: '/api/v1/approvals/events', operationId: 'streamApprovalEvents', tag: 'approvals',
    summary: 'Live approval changes as server-sent events, from every instance (admins and editors: permission approvals:decide, no token scope). Each `approval` event\'s data is `{"approvalId", "change"}` with change `requested`, `decided`, `used` or `expired`; read the list again on each. A `: heartbeat` comment every 15 s; the stream ends after 30 minutes or when the person\'s sessions end (EventSource reconnects); at most 5 open streams per person per instance',
    success: {
      200: {
        description: 'An event stream (text/event-stream) that stays open',
        otherContent: { 'text/event-stream': { schema: { type: 'string', description: 'Server-sent events: `event: approval` with `data: {"approvalId":"…","change":"requested|decided|used|expired"}`' } } },
      },
    },
    problems: [429],
    problemDescriptions: { 403: 'A viewer, or any token', 429: 'The person has 5 approval streams open on this instance already (`Retry-After`)' },
  },
  {
    method: 'GET', path: '/api/v1/approvals/{id}', operationId: 'getApproval', tag: 'approvals',
    summary: 'One held call, for those who decide and for the caller that asked (a runtime token polls its own; `waitSeconds` waits while it is pending)',
    query: ApprovalWaitQuerySchema,
    success: { 200: { description: 'The approval', schema: ApprovalSchema } },
    problems: [400, 404],
    problemDescriptions: { 400: INVALID_QUERY, 404: 'No such approval, or not the caller\'s' },
  },
  {
    method: 'POST', path: '/api/v1/approvals/{id}/decision', operationId: 'decideApproval', tag: 'approvals',
    summary: 'Approves the held call (it may then run exactly once, within APPROVAL_TTL_MINUTES) or denies it (calls get 403), with a comment; admins and editors only, never a token, never the one who asked',
    body: DecisionBodySchema,
    success: { 200: { description: 'The decided approval', schema: ApprovalSchema } },
    problems: [...BODY_PROBLEMS, 404, 409],
    problemDescriptions: { 403: 'A viewer, any token, or the person who asked for the call', 404: 'No such approval', 409: 'It is decided or expired already (`current` holds it)' },
  },
];
