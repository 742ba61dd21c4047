import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { agentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { toAgent, type Agent } from './agent';
import { checkAgentDescription, checkAgentName } from './agent-input';
import { lockAgent } from './lock-agent';
import { checkVersion } from '@/lib/check-version';

/** What `updateAgent` needs. */
export interface UpdateAgentOptions {
  db: Db;
  actor: Actor;
  id: string;
  /** The version the caller last read; the update is refused when the agent has moved on. */
  expectedVersion?: number;
  changes: { name?: string; description?: string };
}

/**
 * Changes an agent's name or description and raises its version. AppError `forbidden` without `agents:write`, `not_found`,
 * `precondition_required` without `expectedVersion`, `precondition_failed` (with the
 * current agent) when it is stale. A change that changes nothing writes nothing.
 */
export async function updateAgent({ db, actor, id, expectedVersion, changes }: UpdateAgentOptions): Promise<Agent> {
  authorize(actor, 'agents:write');
  const name = changes.name === undefined ? undefined : checkAgentName(changes.name);
  const description = changes.description === undefined ? undefined : checkAgentDescription(changes.description);
  return inTransaction(db, async (trx) => {
    const current = await lockAgent(trx, id);
    checkVersion(`Agent "${id}"`, current.version, expectedVersion, () => toAgent(current));
    const next = { name: name ?? current.name, description: description ?? current.description };
    if (next.name === current.name && next.description === current.description) return toAgent(current);
    const row = await trx
      .updateTable('agents')
      .set({ ...next, version: current.version + 1, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, {
      actor,
      action: 'agent.update',
      target: agentTarget(id),
      before: toAgent(current),
      after: toAgent(row),
    });
    return toAgent(row);
  });
}
