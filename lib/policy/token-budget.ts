import 'server-only';
import { AppError } from '@/lib/app-error';
import { lockAgent } from '@/lib/agents/lock-agent';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { checkVersion } from '@/lib/check-version';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { requireAgent } from '@/lib/runtime/require-agent';
import { saveTokenBudgetRow } from './policy-rows';

/** The budget when an agent has none of its own: TOOL_TOKEN_BUDGET, else 8,000 tokens. */
export function defaultTokenBudget(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const configured = Number(env.TOOL_TOKEN_BUDGET);
  return Number.isInteger(configured) && configured > 0 ? configured : 8_000;
}

/** An agent's token budget and where it comes from; `version` is its ETag (0: none of its own). */
export interface TokenBudget {
  agentId: string;
  tokens: number;
  source: 'default' | 'agent';
  version: number;
}

/** The agent's budget. AppError `forbidden` without `agents:read`; `not_found` for the agent. */
export async function readTokenBudget({ db, actor, agentId }: { db: Db; actor: Actor; agentId: string }): Promise<TokenBudget> {
  authorize(actor, 'agents:read');
  await requireAgent(db, agentId);
  const row = await db.selectFrom('agent_token_budgets').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
  return row ? { agentId, tokens: Number(row.tokens), source: 'agent', version: Number(row.version) } : { agentId, tokens: defaultTokenBudget(), source: 'default', version: 0 };
}

/**
 * Sets the agent's budget (`tokens`), or returns it to the default (null). AppError `forbidden`
 * without `agents:write`; `not_found`; the version (`precondition_required` / `precondition_failed`).
 * Audited as `token-budget.put`.
 */
export async function putTokenBudget({ db, actor, agentId, tokens, expectedVersion }: { db: Db; actor: Actor; agentId: string; tokens: number | null; expectedVersion?: number }): Promise<TokenBudget> {
  authorize(actor, 'agents:write');
  await inTransaction(db, async (trx) => {
    await lockAgent(trx, agentId);
    const existing = await trx.selectFrom('agent_token_budgets').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
    const subject = `The token budget of agent "${agentId}"`;
    if (existing) checkVersion(subject, existing.version, expectedVersion, () => ({ agentId, tokens: existing.tokens, source: 'agent', version: existing.version }));
    else if (expectedVersion !== undefined && expectedVersion !== 0) throw new AppError('precondition_failed', `${subject} is the default, so version ${expectedVersion} cannot be current`);
    await saveTokenBudgetRow(trx, actor, agentId, tokens, existing);
  });
  return readTokenBudget({ db, actor, agentId });
}
