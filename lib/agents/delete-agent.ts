import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { toAgent } from './agent';
import { deleteAgentRows } from './delete-agent-rows';
import { checkVersion } from '@/lib/check-version';
import { lockAgent } from './lock-agent';
import { publishChange } from '@/lib/events';

/** What `deleteAgent` needs. */
export interface DeleteAgentOptions {
  db: Db;
  actor: Actor;
  id: string;
  /** The version the caller last read. */
  expectedVersion?: number;
}

/**
 * Deletes an agent and its assignments in one transaction; the audit event keeps both in
 * `before`. AppError `forbidden` without `agents:write`, `not_found`, `precondition_required`, `precondition_failed` as for updates.
 */
export async function deleteAgent({ db, actor, id, expectedVersion }: DeleteAgentOptions): Promise<{
  deletedAssignments: number;
}> {
  authorize(actor, 'agents:write');
  const deleted = await inTransaction(db, async (trx) => {
    const current = await lockAgent(trx, id);
    checkVersion(`Agent "${id}"`, current.version, expectedVersion, () => toAgent(current));
    return deleteAgentRows(trx, actor, current);
  });
  await publishChange({ kind: 'agent-tools', agentId: id });
  return deleted;
}
