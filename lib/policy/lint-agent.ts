import 'server-only';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { listEffectiveTools } from '@/lib/runtime/list-effective-tools';
import { queryUsage } from '@/lib/usage/query-usage';
import type { ToolRegistry } from '@/registry';
import { lintTools, notCalledFindings, NOT_CALLED_DAYS, type ToolLint } from './lint-tools';
import { readTokenBudget, type TokenBudget } from './token-budget';

/** The lint of one agent's tool set, with the budget it was measured against. */
export type AgentLint = ToolLint & { agentId: string; toolCount: number; tokenBudget: TokenBudget };

/**
 * Lints the agent's effective tools (as its model receives them), and names those it has had for
 * 30 days without a call (from the usage rollups). AppError `forbidden` without `agents:read`;
 * `not_found`.
 */
export async function lintAgent({ db, registry, actor, agentId, now = new Date() }: { db: Db; registry: ToolRegistry; actor: Actor; agentId: string; now?: Date }): Promise<AgentLint> {
  authorize(actor, 'agents:read');
  const tokenBudget = await readTokenBudget({ db, actor, agentId });
  const { tools } = await listEffectiveTools({ db, registry, actor, agentId });
  const lint = lintTools(tools, tokenBudget.tokens);
  const [usage, joined] = await Promise.all([
    queryUsage({ db, actor, agent: agentId, from: new Date(now.getTime() - NOT_CALLED_DAYS * 86_400_000), to: now, bucket: 'day', by: 'tool' }),
    whenToolsJoined(db, agentId),
  ]);
  const called = new Set((usage.groups ?? []).filter((group) => group.calls > 0).map((group) => group.key));
  const since = (tool: { toolName: string; group: string }) => joined.assignments.get(tool.toolName) ?? joined.rules.get(tool.group) ?? joined.agent;
  lint.findings.push(...notCalledFindings(tools, { called, since, now }));
  return { agentId, toolCount: tools.length, tokenBudget, ...lint };
}

/** When each assignment and group rule of the agent was made, and the agent itself (the fallback). */
async function whenToolsJoined(db: Db, agentId: string): Promise<{ assignments: Map<string, string>; rules: Map<string, string>; agent: string }> {
  const [assignments, rules, agent] = await Promise.all([
    db.selectFrom('assignments').select(['tool_name', 'created_at']).where('agent_id', '=', agentId).execute(),
    db.selectFrom('agent_rules').select(['group_name', 'created_at']).where('agent_id', '=', agentId).execute(),
    db.selectFrom('agents').select('created_at').where('id', '=', agentId).executeTakeFirst(),
  ]);
  return {
    assignments: new Map(assignments.map((row) => [row.tool_name, row.created_at])),
    rules: new Map(rules.map((row) => [row.group_name, row.created_at])),
    agent: agent?.created_at ?? '',
  };
}
