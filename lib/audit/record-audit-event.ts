import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import { targetParts, type AuditAction } from './audit-event';

/** One change to record. */
export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * Records a change in the transaction that makes it, so the event and the change are
 * committed or rolled back together. Refuses to run outside a transaction.
 */
export async function recordAuditEvent(trx: Db, { actor, action, target, before, after }: AuditEntry): Promise<void> {
  if (!trx.isTransaction) {
    throw new Error(`recordAuditEvent(${action} ${target}) must run inside the transaction that makes the change`);
  }
  const { agentId, toolName } = targetParts(target);
  await trx
    .insertInto('audit_events')
    .values({
      at: new Date().toISOString(),
      actor: actor.id,
      actor_id: actor.id,
      actor_name: actor.displayName,
      action,
      target,
      agent_id: agentId,
      tool_name: toolName,
      before: before === null || before === undefined ? null : JSON.stringify(before),
      after: after === null || after === undefined ? null : JSON.stringify(after),
    })
    .execute();
}
