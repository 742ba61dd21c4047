import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import { AppError } from '@/lib/app-error';
import { agentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { toAgent, type Agent } from './agent';
import { checkAgentDescription, checkAgentId, checkAgentName } from './agent-input';
import { slugify } from './agent-rules';

/** What `createAgent` needs. */
export interface CreateAgentOptions {
  db: Db;
  actor: Actor;
  /** `id` defaults to the slug of `name`. */
  input: { id?: string; name: string; description?: string };
  /** Recorded beside the agent in its `agent.create` event, e.g. the agent it was cloned from. */
  auditExtra?: Record<string, unknown>;
}

/**
 * Creates an agent at version 1 (in the caller's transaction when `db` is one) and records its
 * `agent.create` event. AppError `forbidden` without `agents:write`, `invalid` for bad input,
 * `conflict` when the id is taken.
 */
export async function createAgent({ db, actor, input, auditExtra = {} }: CreateAgentOptions): Promise<Agent> {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'create agents (the new agent would be outside its set)');
  const name = checkAgentName(input.name);
  const description = checkAgentDescription(input.description ?? '');
  const id = checkAgentId(input.id ?? idFromName(name));
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    // ON CONFLICT rather than a read first: two instances creating one id at once cannot both win.
    const row = await trx
      .insertInto('agents')
      .values({ id, name, description, version: 1, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('conflict', `An agent with id "${id}" already exists`);
    await recordAuditEvent(trx, { actor, action: 'agent.create', target: agentTarget(id), before: null, after: { ...toAgent(row), ...auditExtra } });
    return toAgent(row);
  });
}

/** The slug of the name; a name with no letters or digits to slug is the name's fault, not the id's. */
export function idFromName(name: string): string {
  const slug = slugify(name);
  if (slug !== '') return slug;
  throw new AppError('invalid', `"${name}" has no letters or digits to make an agent id from`, {
    errors: [{ pointer: '/name', message: 'The name has no letters or digits to make an id from; give an id' }],
  });
}
