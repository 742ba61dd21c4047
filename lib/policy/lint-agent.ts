import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { listEffectiveTools } from '@/lib/runtime/list-effective-tools';
import type { ToolRegistry } from '@/registry';
import { lintTools, type ToolLint } from './lint-tools';
import { readTokenBudget, type TokenBudget } from './token-budget';

/** The lint of one agent's tool set, with the budget it was measured against. */
export type AgentLint = ToolLint & { agentId: string; toolCount: number; tokenBudget: TokenBudget };

/** Lints the agent's effective tools (as its model receives them). AppError `forbidden` without `agents:read`; `not_found`. */
export async function lintAgent({ db, registry, actor, agentId }: { db: Db; registry: ToolRegistry; actor: Actor; agentId: string }): Promise<AgentLint> {
  authorize(actor, 'agents:read');
  const tokenBudget = await readTokenBudget({ db, actor, agentId });
  const { tools } = await listEffectiveTools({ db, registry, actor, agentId });
  return { agentId, toolCount: tools.length, tokenBudget, ...lintTools(tools, tokenBudget.tokens) };
}
