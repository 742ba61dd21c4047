import { z } from 'zod';
import { MAX_AUDIT_PAGE } from '@/lib/audit/audit-event';

const DEFAULT_AUDIT_PAGE = 50;

/** One audited change: who did what to which target, with the state before and after. */
export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().meta({ description: 'The target before the change; null for a create' }),
  after: z.unknown().meta({ description: 'The target after the change; null for a delete' }),
});

/** The query of `GET /api/v1/audit`. */
export const AuditQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, `Use a whole number from 1 to ${MAX_AUDIT_PAGE}, in digits.`)
    .transform(Number)
    .pipe(z.number().int().min(1, `Use a whole number from 1 to ${MAX_AUDIT_PAGE}.`).max(MAX_AUDIT_PAGE, `Use a whole number from 1 to ${MAX_AUDIT_PAGE}.`))
    .default(DEFAULT_AUDIT_PAGE)
    .meta({ description: `Events per page, 1 to ${MAX_AUDIT_PAGE} in digits; ${DEFAULT_AUDIT_PAGE} when absent` }),
  cursor: z.string().min(1).max(200).optional().meta({ description: 'The nextCursor of the previous page' }),
});

/** One page of audit events, newest first. */
export const AuditPageSchema = z.object({
  events: z.array(AuditEventSchema),
  nextCursor: z.string().optional().meta({ description: 'Absent on the last page' }),
});
