import 'server-only';
import { sql } from 'kysely';
import { toAgent } from '@/lib/agents/agent';
import { deleteAgentRows } from '@/lib/agents/delete-agent-rows';
import { toAssignment } from '@/lib/assignments/assignment';
import { findAssignmentRow } from '@/lib/assignments/find-assignment-row';
import { saveAssignment } from '@/lib/assignments/save-assignment';
import { toolLookup, type ToolLookup } from '@/lib/assignments/tool-lookup';
import { agentTarget, assignmentTarget, ruleTarget, workflowTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { createServer, deleteServer, updateServer } from '@/lib/mcp-servers';
import { toRule } from '@/lib/rules/rule';
import { toWorkflow } from '@/lib/workflows/workflow';
import { refreshWorkflowCaches } from '@/lib/workflows/workflow-cache';
import { definitionJson } from '@/lib/workflows/workflow-store';
import type { ToolRegistry } from '@/registry';
import type { ConfigFile } from './config-file';
import { applyPolicyChange } from './apply-policies';
import { configImportActor } from './config-import-actor';
import type { ConfigChange, ConfigPlan } from './config-plan';
import { parseConfig } from './parse-config';
import { checkConfigServers, checkPlanHash, planOn } from './plan-config';
import { readConfigState, type ConfigState } from './read-config-state';

/** What `applyConfig` needs. */
export interface ApplyConfigOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  text: string;
  prune?: boolean;
  /** The hash of the plan the admin reviewed. */
  planHash: string;
}

/**
 * Applies a configuration file in one transaction, all or nothing: the plan is made again on
 * the locked state and must have the hash the admin reviewed. As the plan, it opens no connection:
 * the servers it saves connect afterwards, as any saved server does (through the egress policy),
 * and their tools the file names stay unchecked, as the plan's warnings said. New server URLs
 * are checked against the egress policy before the transaction. One audit event per change, by the actor `config import`. AppError `forbidden`,
 * `invalid` (as `planConfig`), and `precondition_failed` (with the plan as it stands now) when
 * the state changed since.
 */
export async function applyConfig({ db, registry, actor, text, prune = false, planHash }: ApplyConfigOptions): Promise<ConfigPlan> {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'apply the configuration (it covers every agent)');
  const parsed = await parseConfig(text);
  const checks = await checkConfigServers({ state: await readConfigState(db), registry, actor, parsed, prune });
  const importer = configImportActor(actor);
  const servers = new Set(registry.groups());
  const lookup = toolLookup(registry);
  const plan = await inTransaction(db, async (trx) => {
    // Every writer locks its agent's row first (workflows: their own row; group defaults: their table); this waits for them and keeps them out until commit.
    if (dialectOf(trx) === 'postgres') await sql`lock table agents, workflows, tool_policy_defaults in exclusive mode`.execute(trx);
    const state = await readConfigState(trx);
    const { plan: now, file } = await planOn({ state, registry, actor, parsed, prune, servers: checks });
    checkPlanHash(now, planHash);
    const current = new Set((state.file.servers ?? []).map((server) => server.name));
    const takenGroups = new Set([...servers].filter((group) => !current.has(group)));
    for (const change of now.changes) {
      if (change.kind === 'server') await applyServerChange(trx, importer, file, state, change, takenGroups);
      else if (change.kind === 'workflow') await applyWorkflowChange(trx, importer, file, change);
      else if (change.kind === 'rule') await applyRuleChange(trx, importer, file, change);
      else if (change.kind === 'policy' || change.kind === 'tool-default' || change.kind === 'token-budget') await applyPolicyChange(trx, importer, file, change, lookup);
      else await applyChange(trx, importer, file, change, lookup);
    }
    return now;
  });
  // The servers store tells the other instances from inside this transaction; again now it is committed.
  if (plan.changes.some((change) => change.kind === 'server')) await publishChange({ kind: 'servers' });
  if (plan.changes.some((change) => change.kind === 'workflow')) {
    // This process's catalogue first, so the answer's next read shows the workflows' tools; then everyone's.
    // The change is committed: a cache that fails to reload now catches up on its next poll.
    await refreshWorkflowCaches().catch((error: unknown) => console.error('Config import: reloading the workflows failed', error instanceof Error ? error.message : error));
    await publishChange({ kind: 'catalogue' });
  }
  if (plan.changes.some((change) => change.kind === 'tool-default')) await publishChange({ kind: 'tool-defaults' });
  const agentIds = new Set(plan.changes.flatMap((change) => (change.agentId === undefined ? [] : [change.agentId])));
  for (const agentId of agentIds) await publishChange({ kind: 'agent-tools', agentId });
  return plan;
}

/** Through the servers store, so its checks, audit events and change events are the API's own. */
async function applyServerChange(trx: Db, actor: Actor, file: ConfigFile, state: ConfigState, change: ConfigChange, takenGroups: ReadonlySet<string>): Promise<void> {
  const name = change.serverName;
  if (name === undefined) throw new Error(`The plan's change of ${change.target} names no server`);
  const expectedVersion = state.versions.get(`servers/${name}`);
  if (change.action === 'delete') {
    await deleteServer({ db: trx, actor, name, expectedVersion });
    return;
  }
  const config = file.servers?.find((server) => server.name === name);
  if (!config) throw new Error(`The plan names ${change.target}, which the file does not hold`);
  // The file's new URLs were checked against the egress policy before the transaction: no DNS lookup holds its locks.
  if (change.action === 'create') await createServer({ db: trx, actor, config, takenGroups, isEgressChecked: true });
  else await updateServer({ db: trx, actor, config, expectedVersion, isEgressChecked: true });
}

/**
 * Written here rather than through the workflows store, whose check knows only the catalogue of
 * now: the plan has checked each workflow with the same `validateWorkflow` against the catalogue
 * the file makes (a server or workflow it adds). Rows and audit events are the store's.
 */
async function applyWorkflowChange(trx: Db, actor: Actor, file: ConfigFile, change: ConfigChange): Promise<void> {
  const name = change.workflowName;
  if (name === undefined) throw new Error(`The plan's change of ${change.target} names no workflow`);
  const target = workflowTarget(name);
  if (change.action === 'delete') {
    const [row] = await trx.deleteFrom('workflows').where('name', '=', name).returningAll().execute();
    if (row) await recordAuditEvent(trx, { actor, action: 'workflow.delete', target, before: toWorkflow(row), after: null });
    return;
  }
  const definition = file.workflows?.find((workflow) => workflow.name === name);
  if (!definition) throw new Error(`The plan names ${change.target}, which the file does not hold`);
  const now = new Date().toISOString();
  if (change.action === 'create') {
    const row = await trx
      .insertInto('workflows')
      .values({ name, description: definition.description, definition: definitionJson(definition), version: 1, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, { actor, action: 'workflow.create', target, before: null, after: toWorkflow(row) });
    return;
  }
  const current = await trx.selectFrom('workflows').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const row = await trx
    .updateTable('workflows')
    .set({ description: definition.description, definition: definitionJson(definition), version: Number(current.version) + 1, updated_at: now })
    .where('name', '=', name)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAuditEvent(trx, { actor, action: 'workflow.update', target, before: toWorkflow(current), after: toWorkflow(row) });
}

/** As the rules store writes them (its group check was the plan's, against the groups the file makes). */
async function applyRuleChange(trx: Db, actor: Actor, file: ConfigFile, change: ConfigChange): Promise<void> {
  const { agentId, group } = change;
  if (agentId === undefined || group === undefined) throw new Error(`The plan's change of ${change.target} names no agent or group`);
  const target = ruleTarget(agentId, group);
  if (change.action === 'delete') {
    const [row] = await trx.deleteFrom('agent_rules').where('agent_id', '=', agentId).where('group_name', '=', group).returningAll().execute();
    if (row) await recordAuditEvent(trx, { actor, action: 'rule.delete', target, before: toRule(row), after: null });
    return;
  }
  const rule = file.agents?.find((agent) => agent.id === agentId)?.rules.find((candidate) => candidate.group === group);
  if (!rule) throw new Error(`The plan names ${change.target}, which the file does not hold`);
  const now = new Date().toISOString();
  const exclude = JSON.stringify(rule.exclude);
  if (change.action === 'create') {
    const row = await trx
      .insertInto('agent_rules')
      .values({ agent_id: agentId, group_name: group, exclude, version: 1, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, { actor, action: 'rule.create', target, before: null, after: toRule(row) });
    return;
  }
  const current = await trx.selectFrom('agent_rules').selectAll().where('agent_id', '=', agentId).where('group_name', '=', group).executeTakeFirstOrThrow();
  const row = await trx
    .updateTable('agent_rules')
    .set({ exclude, version: Number(current.version) + 1, updated_at: now })
    .where('agent_id', '=', agentId)
    .where('group_name', '=', group)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAuditEvent(trx, { actor, action: 'rule.update', target, before: toRule(current), after: toRule(row) });
}

async function applyChange(trx: Db, actor: Actor, file: ConfigFile, change: ConfigChange, lookup: ToolLookup): Promise<void> {
  const { agentId, toolName } = change;
  if (agentId === undefined) throw new Error(`The plan's change of ${change.target} names no agent`);
  const agent = file.agents?.find((candidate) => candidate.id === agentId);
  const now = new Date().toISOString();
  if (change.kind === 'agent') {
    if (change.action === 'delete') {
      // As `deleteAgent`: its assignments and rules go with it, recorded in the one audit event.
      const current = await trx.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
      await deleteAgentRows(trx, actor, current);
      return;
    }
    if (!agent) throw new Error(`The plan names agent "${agentId}", which the file does not hold`);
    if (change.action === 'create') {
      const row = await trx
        .insertInto('agents')
        .values({ id: agentId, name: agent.name, description: agent.description, version: 1, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAuditEvent(trx, { actor, action: 'agent.create', target: agentTarget(agentId), before: null, after: toAgent(row) });
      return;
    }
    const current = await trx.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('agents')
      .set({ name: agent.name, description: agent.description, version: current.version + 1, updated_at: now })
      .where('id', '=', agentId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, { actor, action: 'agent.update', target: agentTarget(agentId), before: toAgent(current), after: toAgent(row) });
    return;
  }
  if (toolName === undefined) throw new Error(`The plan's change of ${change.target} names no tool`);
  const existing = await findAssignmentRow(trx, agentId, toolName);
  if (change.action === 'delete') {
    if (!existing) return;
    await trx.deleteFrom('assignments').where('agent_id', '=', agentId).where('tool_name', '=', toolName).execute();
    await recordAuditEvent(trx, { actor, action: 'assignment.delete', target: assignmentTarget(agentId, toolName), before: toAssignment(existing), after: null });
    return;
  }
  const overrides = agent?.tools[toolName];
  if (overrides === undefined) throw new Error(`The plan names ${change.target}, which the file does not hold`);
  // As through the API: an assignment the agent has keeps its approved face (lib/drift); a new one, of an
  // agent that exists or one the file creates, approves the tool as the catalogue offers it now (a tool of a
  // server the file adds is not offered yet, so it starts without one, as one assigned while unavailable).
  await saveAssignment(trx, { actor, agentId, toolName, overrides, existing, approval: { entry: lookup(toolName) } });
}
