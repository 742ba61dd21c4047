import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/lib/db/schema';

/** Opens a session of the agent's MCP endpoint; its id is stored so every instance accepts it. */
export async function createMcpSession(db: Db, agentId: string): Promise<string> {
  const id = randomUUID();
  await db.insertInto('mcp_sessions').values({ id, agent_id: agentId, created_at: new Date().toISOString() }).execute();
  return id;
}

/** Whether `id` is an open session of this agent's endpoint. */
export async function isMcpSessionOf(db: Db, id: string, agentId: string): Promise<boolean> {
  const row = await db.selectFrom('mcp_sessions').select('id').where('id', '=', id).where('agent_id', '=', agentId).executeTakeFirst();
  return row !== undefined;
}

/** Ends a session; answers whether there was one. */
export async function deleteMcpSession(db: Db, id: string, agentId: string): Promise<boolean> {
  const result = await db.deleteFrom('mcp_sessions').where('id', '=', id).where('agent_id', '=', agentId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
