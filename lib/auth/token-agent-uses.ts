import 'server-only';
import type { Db } from '@/lib/db/schema';
import type { TokenAgentUse } from './api-token';

/** How often a token's use of one agent is written: at most once a minute per token and agent. */
const AGENT_USE_RESOLUTION_MS = 60_000;
/** Past this many remembered pairs the memo starts afresh (a write a minute early costs one upsert). */
const MAX_REMEMBERED = 10_000;

/** When this process last wrote each token and agent pair, keyed `tokenId\nagentId`. */
const lastWritten = new Map<string, number>();

/**
 * Records that a token acted on an agent. Written at most once a minute per pair by this process;
 * the upsert only moves the time forward, so two instances writing the same pair agree.
 */
export async function recordTokenAgentUse(db: Db, tokenId: string, agentId: string, now = new Date()): Promise<void> {
  const key = `${tokenId}\n${agentId}`;
  const nowMs = now.getTime();
  const written = lastWritten.get(key);
  if (written !== undefined && nowMs - written < AGENT_USE_RESOLUTION_MS) return;
  if (lastWritten.size >= MAX_REMEMBERED) lastWritten.clear();
  lastWritten.set(key, nowMs);
  const at = now.toISOString();
  await db
    .insertInto('api_token_agent_uses')
    .values({ token_id: tokenId, agent_id: agentId, last_used_at: at })
    .onConflict((conflict) =>
      conflict.columns(['token_id', 'agent_id']).doUpdateSet({ last_used_at: at }).where('api_token_agent_uses.last_used_at', '<', at),
    )
    .execute();
}

/** The tokens' last uses per agent, most recent first, by token id. */
export async function agentUsesOf(db: Db, tokenIds: readonly string[]): Promise<Map<string, TokenAgentUse[]>> {
  const uses = new Map<string, TokenAgentUse[]>();
  if (tokenIds.length === 0) return uses;
  const rows = await db
    .selectFrom('api_token_agent_uses')
    .selectAll()
    .where('token_id', 'in', [...tokenIds])
    .orderBy('last_used_at', 'desc')
    .orderBy('agent_id')
    .execute();
  for (const row of rows) {
    const list = uses.get(row.token_id) ?? [];
    list.push({ agentId: row.agent_id, lastUsedAt: row.last_used_at });
    uses.set(row.token_id, list);
  }
  return uses;
}
