import 'server-only';
import type { Selectable } from 'kysely';
import { AppError } from '@/lib/app-error';
import { getAgent } from '@/lib/agents/get-agent';
import { lockAgent } from '@/lib/agents/lock-agent';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { ruleTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { checkVersion } from '@/lib/check-version';
import type { AgentRulesTable, Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import type { ToolRegistry } from '@/registry';
import { approveFirstSeenFaces } from '@/lib/drift/first-seen-faces';
import { readUpstreamChanges } from '@/lib/drift/tool-approvals';
import { readRules, viewRules } from './expand-rules';
import { ruleGroupProblem, ruleGroups, toRule, type AgentRule, type AgentRuleView } from './rule';

/** What the rule functions need. */
export interface RuleOptions {
  db: Db;
  actor: Actor;
  registry: ToolRegistry;
  agentId: string;
}

/** The agent's rules, each with the tools it gives now. AppError `forbidden` without `agents:read`, `not_found` for the agent. */
export async function listRules({ db, actor, registry, agentId }: RuleOptions): Promise<AgentRuleView[]> {
  await getAgent({ db, actor, id: agentId });
  const rules = await readRules(db, agentId);
  const assigned = new Set((await db.selectFrom('assignments').select('tool_name').where('agent_id', '=', agentId).execute()).map((row) => row.tool_name));
  return withUpstreamChanges(db, registry, agentId, viewRulesNow(registry, rules, assigned));
}

/** The rules' tools marked with their pending upstream changes (as assignments are, lib/drift). */
async function withUpstreamChanges(db: Db, registry: ToolRegistry, agentId: string, views: AgentRuleView[]): Promise<AgentRuleView[]> {
  const given = views.flatMap((view) => view.tools.filter((tool) => tool.origin === 'rule').map((tool) => tool.toolName));
  if (given.length === 0) return views;
  const upstream = await readUpstreamChanges(db, registry, agentId, given);
  if (upstream.size === 0) return views;
  return views.map((view) => ({
    ...view,
    tools: view.tools.map((tool) => {
      const change = tool.origin === 'rule' ? upstream.get(tool.toolName) : undefined;
      return change ? { ...tool, upstreamChange: { approved: change.approved, current: change.current, changed: change.changed, summary: change.summary, problems: change.problems } } : tool;
    }),
  }));
}

/** One rule with its tools; AppError `not_found` for the agent or the rule. */
export async function getRule(options: RuleOptions & { group: string }): Promise<AgentRuleView> {
  const rule = (await listRules(options)).find((candidate) => candidate.group === options.group);
  if (!rule) throw new AppError('not_found', `Agent "${options.agentId}" has no rule for group "${options.group}"`);
  return rule;
}

/**
 * Gives the agent every tool of a group, now and later, but `exclude`. AppError `forbidden`
 * without `agents:write`; `not_found` for the agent; `unprocessable` for a group no plugin uses;
 * `conflict` when the agent already has a rule for the group. With `restoredFrom` (bringing back
 * a removed rule's version, lib/history/rule-history) it is audited as `rule.restore`.
 */
export async function createRule({ db, actor, registry, agentId, group, exclude, restoredFrom }: RuleOptions & { group: string; exclude: string[]; restoredFrom?: number }): Promise<AgentRuleView> {
  authorize(actor, 'agents:write');
  checkGroup(registry, group);
  const rule = await inTransaction(db, async (trx) => {
    await lockAgent(trx, agentId);
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('agent_rules')
      .values({ agent_id: agentId, group_name: group, exclude: JSON.stringify(unique(exclude)), version: 1, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.columns(['agent_id', 'group_name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('conflict', `Agent "${agentId}" already has a rule for group "${group}"; change its exclusions instead`);
    const created = toRule(row);
    await recordAuditEvent(trx, { actor, target: ruleTarget(agentId, group), before: null, ...audited('rule.create', created, restoredFrom) });
    // The tools it gives are approved as they are now, unless the agent holds an approval of them.
    await approveFirstSeenFaces(trx, registry, { agentId });
    return created;
  });
  await publishChange({ kind: 'agent-tools', agentId });
  return (await viewOne(db, registry, rule))!;
}

/**
 * Replaces a rule's exclusions; needs the version read. AppError `not_found`, `precondition_required`,
 * `precondition_failed`. Exclusions are not checked against the catalogue: excluding a tool the group
 * does not have (any more) is harmless. With `restoredFrom` the change is audited as `rule.restore`.
 */
export async function updateRule({
  db,
  actor,
  registry,
  agentId,
  group,
  exclude,
  expectedVersion,
  restoredFrom,
}: RuleOptions & { group: string; exclude: string[]; expectedVersion?: number; restoredFrom?: number }): Promise<AgentRuleView> {
  authorize(actor, 'agents:write');
  const outcome = await inTransaction(db, async (trx) => {
    await lockAgent(trx, agentId);
    const current = await findRow(trx, agentId, group);
    if (!current) throw new AppError('not_found', `Agent "${agentId}" has no rule for group "${group}"`);
    checkVersion(`The rule for group "${group}" of agent "${agentId}"`, Number(current.version), expectedVersion, () => toRule(current));
    const next = JSON.stringify(unique(exclude));
    if (next === current.exclude) return { rule: toRule(current), changed: false };
    const row = await trx
      .updateTable('agent_rules')
      .set({ exclude: next, version: Number(current.version) + 1, updated_at: new Date().toISOString() })
      .where('agent_id', '=', agentId)
      .where('group_name', '=', group)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, { actor, target: ruleTarget(agentId, group), before: toRule(current), ...audited('rule.update', toRule(row), restoredFrom) });
    await approveFirstSeenFaces(trx, registry, { agentId });
    return { rule: toRule(row), changed: true };
  });
  if (outcome.changed) await publishChange({ kind: 'agent-tools', agentId });
  return (await viewOne(db, registry, outcome.rule))!;
}

/**
 * Removes a rule; explicit assignments of the group's tools stay. AppError `not_found`, `precondition_required`,
 * `precondition_failed`. With `restoredFrom` (restoring a `deleted` version of its history) it is audited as `rule.restore`.
 */
export async function deleteRule({ db, actor, agentId, group, expectedVersion, restoredFrom }: Omit<RuleOptions, 'registry'> & { group: string; expectedVersion?: number; restoredFrom?: number }): Promise<void> {
  authorize(actor, 'agents:write');
  await inTransaction(db, async (trx) => {
    await lockAgent(trx, agentId);
    const current = await findRow(trx, agentId, group);
    if (!current) throw new AppError('not_found', `Agent "${agentId}" has no rule for group "${group}"`);
    checkVersion(`The rule for group "${group}" of agent "${agentId}"`, Number(current.version), expectedVersion, () => toRule(current));
    await trx.deleteFrom('agent_rules').where('agent_id', '=', agentId).where('group_name', '=', group).execute();
    const after = restoredFrom === undefined ? { action: 'rule.delete' as const, after: null } : { action: 'rule.restore' as const, after: { restoredFrom } };
    await recordAuditEvent(trx, { actor, target: ruleTarget(agentId, group), before: toRule(current), ...after });
  });
  await publishChange({ kind: 'agent-tools', agentId });
}

/** The rules with their tools, from one reading of the registry. */
export function viewRulesNow(registry: ToolRegistry, rules: readonly AgentRule[], assigned: ReadonlySet<string>): AgentRuleView[] {
  if (rules.length === 0) return [];
  return viewRules(rules, registry.catalogue(), registry.knownToolNames(), assigned, toolLookup(registry));
}

async function viewOne(db: Db, registry: ToolRegistry, rule: AgentRule): Promise<AgentRuleView | undefined> {
  const assigned = new Set((await db.selectFrom('assignments').select('tool_name').where('agent_id', '=', rule.agentId).execute()).map((row) => row.tool_name));
  return viewRulesNow(registry, [rule], assigned)[0];
}

/** A change's action and `after`: a restore names the version it brought back. */
function audited(action: 'rule.create' | 'rule.update', after: AgentRule, restoredFrom: number | undefined) {
  return restoredFrom === undefined ? { action, after } : { action: 'rule.restore' as const, after: { ...after, restoredFrom } };
}

function checkGroup(registry: ToolRegistry, group: string): void {
  const problem = ruleGroupProblem(ruleGroups(registry), group);
  if (problem) throw new AppError('unprocessable', problem);
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)].sort();
}

async function findRow(db: Db, agentId: string, group: string): Promise<Selectable<AgentRulesTable> | undefined> {
  if (!isStorableText(agentId) || !isStorableText(group)) return undefined;
  return db.selectFrom('agent_rules').selectAll().where('agent_id', '=', agentId).where('group_name', '=', group).executeTakeFirst();
}
