import 'server-only';
import { toAssignment } from '@/lib/assignments/assignment';
import { saveAssignment } from '@/lib/assignments/save-assignment';
import { agentTarget, assignmentTarget, ruleTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { toAgentLayer } from '@/lib/policy/tool-policy';
import { toRule } from '@/lib/rules/rule';
import type { Agent } from './agent';
import { createAgent } from './create-agent';
import { lockAgent } from './lock-agent';

/** What `cloneAgent` needs. */
export interface CloneAgentOptions {
  db: Db;
  actor: Actor;
  /** The agent to copy. */
  sourceId: string;
  /** The copy's id (default: the slug of its name), name and description (default: the source's). */
  input: { id?: string; name: string; description?: string };
}

/**
 * Creates a new agent (through `createAgent`, whose event names the source) with a copy of every assignment of
 * another, settings and approved faces included (a tool changed upstream stays changed upstream on the copy, lib/drift), of its group rules,
 * of its tool policies (shown names, descriptions, call policies) and of its token budget, in one transaction: one audit event for
 * the agent, one per tool, one per rule, one per policy and one for the budget. AppError `forbidden`, `not_found` for the source, `invalid` for a bad id or name,
 * `conflict` when the id is taken.
 */
export async function cloneAgent({ db, actor, sourceId, input }: CloneAgentOptions): Promise<{ agent: Agent; assignmentCount: number }> {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'clone agents (the copy would be outside its set)');
  const result = await inTransaction(db, async (trx) => {
    const source = await lockAgent(trx, sourceId);
    const description = input.description ?? source.description;
    const agent = await createAgent({ db: trx, actor, input: { ...input, description }, auditExtra: { clonedFrom: sourceId } });
    const id = agent.id;
    const assignments = await trx.selectFrom('assignments').selectAll().where('agent_id', '=', sourceId).orderBy('tool_name').execute();
    for (const assignment of assignments) {
      // The copy is served what the source is served: the source's approved face, not the provider's newer one.
      const approval = { entry: undefined, copyFrom: sourceId };
      await saveAssignment(trx, { actor, agentId: id, toolName: assignment.tool_name, overrides: toAssignment(assignment).overrides, existing: undefined, approval });
    }
    const rules = await trx.selectFrom('agent_rules').selectAll().where('agent_id', '=', sourceId).orderBy('group_name').execute();
    for (const rule of rules) {
      const copy = await trx
        .insertInto('agent_rules')
        .values({ agent_id: id, group_name: rule.group_name, exclude: rule.exclude, version: 1, created_at: agent.createdAt, updated_at: agent.createdAt })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAuditEvent(trx, { actor, action: 'rule.create', target: ruleTarget(id, rule.group_name), before: null, after: toRule(copy) });
    }
    const policies = await trx.selectFrom('agent_tool_policies').selectAll().where('agent_id', '=', sourceId).orderBy('tool_name').execute();
    for (const policy of policies) {
      const copy = await trx
        .insertInto('agent_tool_policies')
        .values({ ...policy, agent_id: id, version: 1, created_at: agent.createdAt, updated_at: agent.createdAt })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAuditEvent(trx, { actor, action: 'policy.put', target: assignmentTarget(id, policy.tool_name), before: null, after: toAgentLayer(copy) });
    }
    const budget = await trx.selectFrom('agent_token_budgets').selectAll().where('agent_id', '=', sourceId).executeTakeFirst();
    if (budget) {
      await trx.insertInto('agent_token_budgets').values({ agent_id: id, tokens: budget.tokens, version: 1, updated_at: agent.createdAt }).execute();
      await recordAuditEvent(trx, { actor, action: 'token-budget.put', target: agentTarget(id), before: null, after: { tokens: budget.tokens } });
    }
    return { agent, assignmentCount: assignments.length };
  });
  await publishChange({ kind: 'agent-tools', agentId: result.agent.id });
  return result;
}
