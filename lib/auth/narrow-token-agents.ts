import 'server-only';
import { AppError } from '@/lib/app-error';
import { tokenTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import type { Actor } from './actor';
import { toApiToken, type ApiToken } from './api-token';
import { authorize } from './authorize';
import { isWithin, parseStoredAgents, resolveAgentSet, storedAgents } from './token-agents';
import { agentUsesOf } from './token-agent-uses';
import { announceTokenChanged } from './token-cache';

/** What `narrowTokenAgents` needs. */
export interface NarrowTokenAgentsOptions {
  db: Db;
  actor: Actor;
  id: string;
  /** `"all"` or agent ids: the token's new agent set, within its current one. */
  agents: unknown;
}

/**
 * Narrows the agents a token reaches (audited `token.update`); it acts on the new set from its next
 * request, on every instance. A token is never widened: reaching more agents takes a new token.
 * AppError `forbidden` without `tokens:manage`, `not_found`, `invalid` for a set that is not
 * `"all"` or existing agents or that reaches an agent the token does not, `conflict` for a revoked token.
 */
export async function narrowTokenAgents({ db, actor, id, agents }: NarrowTokenAgentsOptions): Promise<ApiToken> {
  authorize(actor, 'tokens:manage');
  const requested = await resolveAgentSet(db, agents);
  const token = await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', `Token "${id}" was not found`);
    if (row.revoked_at !== null) throw new AppError('conflict', `Token "${row.name}" is revoked; its agents no longer matter`);
    if (!isWithin(requested, parseStoredAgents(row.agents))) {
      const message = 'A token\'s agents can only be narrowed: create a new token to reach other agents';
      throw new AppError('invalid', message, { errors: [{ pointer: '/agents', message }] });
    }
    const stored = storedAgents(requested);
    if (stored === row.agents) return { row, changed: false };
    const changed = await trx.updateTable('api_tokens').set({ agents: stored }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAuditEvent(trx, { actor, action: 'token.update', target: tokenTarget(id), before: toApiToken(row), after: toApiToken(changed) });
    return { row: changed, changed: true };
  });
  // After the commit: this instance forgets the old set at once, the others once they hear.
  if (token.changed) await announceTokenChanged(id);
  return toApiToken(token.row, (await agentUsesOf(db, [id])).get(id));
}
