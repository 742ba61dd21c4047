import { z } from 'zod';

/** One held call, arguments with secret values masked. */
export const ApprovalSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  toolName: z.string(),
  shownName: z.string().meta({ description: 'The name the model called it by' }),
  arguments: z.unknown().meta({ description: 'The call\'s arguments; values the schema marks secret, and values under credential-like names, read "[redacted]"' }),
  status: z.enum(['pending', 'approved', 'denied', 'used', 'expired']),
  requestedBy: z.string(),
  requestedByName: z.string(),
  requestedAt: z.string().meta({ format: 'date-time' }),
  expiresAt: z.string().meta({ format: 'date-time', description: 'Until when a pending call may be decided, an approved one run, or a denial holds' }),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
  usedAt: z.string().nullable(),
  url: z.string().meta({ description: 'The approvals page with this approval open' }),
});

/** `GET /api/v1/approvals`. */
export const ApprovalListSchema = z.object({
  approvals: z.array(ApprovalSchema),
  pendingCount: z.number().int().meta({ description: 'How many calls wait for a decision now' }),
});

/** `?view=` of the approvals list. */
export const ApprovalListQuerySchema = z.strictObject({
  view: z.enum(['pending', 'recent']).optional().meta({ description: 'pending (default): calls waiting for a decision; recent: decided, used and expired ones' }),
});

/** `?waitSeconds=` of one approval: wait while it is pending. */
export const ApprovalWaitQuerySchema = z.strictObject({
  waitSeconds: z.coerce.number().int().min(0).max(30).optional().meta({ description: 'Wait up to this many seconds (at most 30) while the approval is pending' }),
});

/** The body of `POST /api/v1/approvals/{id}/decision`. */
export const DecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'deny']),
  comment: z.string().max(1000).optional(),
});

/** What invoke answers (202) for a held call. */
export const HeldCallSchema = z.object({
  status: z.literal('pending'),
  approvalId: z.string(),
  url: z.string().meta({ description: 'The approvals page, where a person decides' }),
  poll: z.string().meta({ description: 'GET it (with ?waitSeconds=) to learn the decision; once approved, call again with the same arguments' }),
  expiresAt: z.string().meta({ format: 'date-time' }),
  message: z.string(),
});
