import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { MAX_AUDIT_PAGE, toAuditEvent, type AuditEvent } from './audit-event';

/** What `listAuditEvents` needs. */
export interface ListAuditEventsOptions {
  db: Db;
  actor: Actor;
  /** Events per page, 1 to {@link MAX_AUDIT_PAGE}. */
  limit: number;
  /** The `nextCursor` of the page before; absent for the newest page. */
  cursor?: string;
}

/** A page of the audit log, newest first; `nextCursor` is absent on the last page. AppError `forbidden` without `audit:read`, `invalid` for a bad limit or cursor. */
export async function listAuditEvents({ db, actor, limit, cursor }: ListAuditEventsOptions): Promise<{
  events: AuditEvent[];
  nextCursor?: string;
}> {
  authorize(actor, 'audit:read');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_PAGE) {
    throw new AppError('invalid', `The page size must be a whole number from 1 to ${MAX_AUDIT_PAGE} (got ${limit})`);
  }
  const beforeId = cursor === undefined ? undefined : decodeCursor(cursor);
  let query = db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(limit + 1);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  // Ids only grow, so paging by id stays stable while new events arrive.
  const rows = await query.execute();
  const page = rows.slice(0, limit).map(toAuditEvent);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? { events: page, nextCursor: encodeCursor(Number(last.id)) } : { events: page };
}

function encodeCursor(id: number): string {
  return Buffer.from(JSON.stringify({ before: id })).toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const before = typeof value === 'object' && value !== null ? (value as { before?: unknown }).before : undefined;
    if (typeof before === 'number' && Number.isSafeInteger(before) && before > 0) return before;
  } catch {
    // Not JSON: reported below like any other cursor this server did not give out.
  }
  throw new AppError('invalid', 'The cursor is not one this server gave out; start again from the newest page');
}
