import 'server-only';
import { agentNotFound } from '@/lib/agents/agent-not-found';
import { mayReachAgent, type Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';

/**
 * Checks that the agent exists, for callers already authorized for the runtime (whose tokens
 * need not read agents), and, given the actor, that it may reach the agent (a token limited to
 * other agents gets the same answer as for a missing one). AppError `not_found` naming the agent.
 */
export async function requireAgent(db: Db, agentId: string, actor?: Actor): Promise<void> {
  if (actor && !mayReachAgent(actor, agentId)) throw agentNotFound(agentId);
  const row = await db.selectFrom('agents').select('id').where('id', '=', agentId).executeTakeFirst();
  if (!row) throw agentNotFound(agentId);
}
