import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { compiledOnce } from '@/lib/db/compiled-once';
import type { Db } from '@/lib/db/schema';
import { auditActorName } from './actor-label';
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
export async function recordAuditEvent(trx: Db, entry: AuditEntry): Promise<void> {
  await recordAuditEvents(trx, [entry]);
}

/** Records several events in one statement, inside the caller's transaction (see {@link recordAuditEvent}). */
export async function recordAuditEvents(trx: Db, entries: readonly AuditEntry[]): Promise<void> {
  const first = entries[0];
  if (!first) return;
  if (!trx.isTransaction) {
    throw new Error(`recordAuditEvent(${first.action} ${first.target}) must run inside the transaction that makes the change`);
  }
  const at = new Date().toISOString();
  const rows = entries.map(({ actor, action, target, before, after }) => {
    const { agentId, toolName } = targetParts(target);
    return {
      at,
      actor: actor.id,
      actor_id: actor.id,
      actor_name: auditActorName(actor),
      action,
      target,
      agent_id: agentId,
      tool_name: toolName,
      before: before === null || before === undefined ? null : JSON.stringify(before),
      after: after === null || after === undefined ? null : JSON.stringify(after),
    };
  });
  const [only] = rows;
  if (rows.length === 1 && only) {
    await insertOne(trx, only.at, only.actor, only.actor_id, only.actor_name, only.action, only.target, only.agent_id, only.tool_name, only.before, only.after);
    return;
  }
  await trx.insertInto('audit_events').values(rows).execute();
}

type EventValues = [string, string, string, string | null, string, string, string | null, string | null, string | null, string | null];

/** One event's INSERT, compiled once: every change records one, a save of settings among them. */
const insertOne = compiledOnce<EventValues, unknown>(10, (trx, at, actor, actorId, actorName, action, target, agentId, toolName, before, after) =>
  trx.insertInto('audit_events').values({ at, actor, actor_id: actorId, actor_name: actorName, action, target, agent_id: agentId, tool_name: toolName, before, after }),
);
