import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { toAuditEvent, type AuditEvent, type AuditFilters } from './audit-event';
import type { AuditPosition } from './audit-cursor';
import { auditEventsQuery } from './audit-query';
import { flushAuditEvents } from './record-audit-event-later';

const BATCH = 500;

/** What `streamAuditEvents` needs. */
export interface StreamAuditEventsOptions {
  db: Db;
  /** Who reads; needs `audit:read`. */
  actor: Actor;
  filters?: AuditFilters;
  /** Events read per query; memory holds one batch at a time. */
  batchSize?: number;
}

/**
 * Every event matching `filters`, newest first, read in keyset batches so an export of any size
 * holds one batch in memory. Events written after its first batch are not included.
 * Errors: `forbidden` without `audit:read`; `invalid` for a `from`/`to` that is not an ISO 8601 time, thrown by this call, before
 * anything is read or sent.
 */
export function streamAuditEvents({ db, actor, filters = {}, batchSize = BATCH }: StreamAuditEventsOptions): AsyncGenerator<AuditEvent> {
  authorize(actor, 'audit:read');
  auditEventsQuery(db, filters);
  return batches(db, filters, batchSize);
}

async function* batches(db: Db, filters: AuditFilters, batchSize: number): AsyncGenerator<AuditEvent> {
  // Tool calls are written just after they answer: this instance's waiting ones go in first.
  await flushAuditEvents();
  let below: AuditPosition | undefined;
  for (;;) {
    const rows = await auditEventsQuery(db, filters, below).limit(batchSize).execute();
    for (const row of rows) yield toAuditEvent(row);
    const last = rows.at(-1);
    if (rows.length < batchSize || last === undefined) return;
    below = { at: last.at, id: Number(last.id) };
  }
}
