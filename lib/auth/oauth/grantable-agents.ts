import 'server-only';
import type { Db } from '@/lib/db/schema';
import { can, type UserActor } from '../actor';

/** The most agents the consent page offers at once; the one asked for is always among them. */
export const MAX_GRANTABLE_AGENTS = 500;

/** An agent the consent page offers. */
export interface GrantableAgent {
  id: string;
  name: string;
}

/**
 * The agents a user may let a client reach: those the user may use over MCP themself. That is
 * the `runtime` permission (admins); for anyone else, none, so no one hands a client more than
 * they hold.
 */
export async function grantableAgents({ db, actor, include }: { db: Db; actor: UserActor; include?: string }): Promise<GrantableAgent[]> {
  if (!can(actor, 'runtime')) return [];
  const rows = await db.selectFrom('agents').select(['id', 'name']).orderBy('name').orderBy('id').limit(MAX_GRANTABLE_AGENTS).execute();
  if (include !== undefined && !rows.some((row) => row.id === include)) {
    const asked = await db.selectFrom('agents').select(['id', 'name']).where('id', '=', include).executeTakeFirst();
    if (asked) rows.unshift(asked);
  }
  return rows;
}

/** Of `agentIds`, those the user may not grant (missing agents, or all of them without `runtime`); empty when all may be. */
export async function ungrantable({ db, actor, agentIds }: { db: Db; actor: UserActor; agentIds: readonly string[] }): Promise<string[]> {
  if (!can(actor, 'runtime')) return [...agentIds];
  if (agentIds.length === 0) return [];
  const found = new Set((await db.selectFrom('agents').select('id').where('id', 'in', agentIds).execute()).map((row) => row.id));
  return agentIds.filter((id) => !found.has(id));
}
