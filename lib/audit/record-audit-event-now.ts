import 'server-only';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { recordAuditEvent, type AuditEntry } from './record-audit-event';

/** Records an event that is not part of a data change (a sign-in, a refused request) in a transaction of its own. */
export async function recordAuditEventNow(db: Db, entry: AuditEntry): Promise<void> {
  await inTransaction(db, (trx) => recordAuditEvent(trx, entry));
}
