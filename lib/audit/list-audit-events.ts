import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { MAX_AUDIT_PAGE, toAuditEvent, type AuditEvent, type AuditFilters } from './audit-event';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';
import { auditEventsQuery } from './audit-query';
import { flushAuditEvents } from './record-audit-event-later';

/** What `listAuditEvents` needs. */
export interface ListAuditEventsOptions {
  db: Db;
  /** Who reads; needs `audit:read`. */
  actor: Actor;
  /** Events per page, 1 to {@link MAX_AUDIT_PAGE}. */
  limit: number;
  /** The `nextCursor` of the page before; absent for the newest page. */
  cursor?: string;
  /** Only events matching every given filter. */
  filters?: AuditFilters;
}

/**
 * A page of the audit log, newest first; `nextCursor` is absent on the last page.
 * Errors: `forbidden` without `audit:read`; `invalid` for a page size out of range, a cursor this server did not give out, or a
 * `from`/`to` that is not an ISO 8601 time.
 */
export async function listAuditEvents({ db, actor, limit, cursor, filters = {} }: ListAuditEventsOptions): Promise<{
  events: AuditEvent[];
  nextCursor?: string;
}> {
  authorize(actor, 'audit:read');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_PAGE) {
    throw new AppError('invalid', `The page size must be a whole number from 1 to ${MAX_AUDIT_PAGE} (got ${limit})`);
  }
  const below = cursor === undefined ? undefined : decodeAuditCursor(cursor);
  // Tool calls are written just after they answer: this instance's waiting ones go in first.
  await flushAuditEvents();
  // New events sort above every page already given out, so paging stays stable while they arrive.
  const rows = await auditEventsQuery(db, filters, below).limit(limit + 1).execute();
  const page = rows.slice(0, limit).map(toAuditEvent);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? { events: page, nextCursor: encodeAuditCursor({ at: last.at, id: Number(last.id) }) } : { events: page };
}
