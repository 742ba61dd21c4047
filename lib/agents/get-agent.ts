import 'server-only';
import { agentNotFound } from '@/lib/agents/agent-not-found';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { toAgent, type Agent } from './agent';

/** What `getAgent` needs. */
export interface GetAgentOptions {
  db: Db;
  actor: Actor;
  id: string;
}

/** One agent; AppError `forbidden` without `agents:read`, `not_found` naming the id when there is none. */
export async function getAgent({ db, actor, id }: GetAgentOptions): Promise<Agent> {
  authorize(actor, 'agents:read');
  const row = isStorableText(id) ? await db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw agentNotFound(id);
  return toAgent(row);
}
