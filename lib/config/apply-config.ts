import 'server-only';
import { sql } from 'kysely';
import { AppError } from '@/lib/app-error';
import { toAgent } from '@/lib/agents/agent';
import { toAssignment } from '@/lib/assignments/assignment';
import { findAssignmentRow } from '@/lib/assignments/find-assignment-row';
import { saveAssignment } from '@/lib/assignments/save-assignment';
import { agentTarget, assignmentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { createServer, deleteServer, updateServer } from '@/lib/mcp-servers';
import type { ToolRegistry } from '@/registry';
import type { ConfigFile } from './config-file';
import { configImportActor } from './config-import-actor';
import { authorizeServerChanges, checkedFile, makePlan, type ConfigChange, type ConfigPlan } from './plan-config';
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
 * the locked state and must have the hash the admin reviewed. One audit event per change, by
 * the actor `config import`. AppError `forbidden`, `invalid` (as `planConfig`), and
 * `precondition_failed` (with the plan as it stands now) when the state changed since.
 */
export async function applyConfig({ db, registry, actor, text, prune = false, planHash }: ApplyConfigOptions): Promise<ConfigPlan> {
  authorize(actor, 'agents:write');
  const importer = configImportActor(actor);
  const servers = new Set(registry.groups());
  const plan = await inTransaction(db, async (trx) => {
    // Every writer locks its agent's row first; this waits for them and keeps them out until commit.
    if (dialectOf(trx) === 'postgres') await sql`lock table agents in exclusive mode`.execute(trx);
    const state = await readConfigState(trx);
    const file = checkedFile(text, state, registry);
    const now = makePlan(state, file, prune);
    if (now.hash !== planHash) {
      throw new AppError('precondition_failed', 'The stored configuration changed since this plan was made (or the file did); review a new plan', { current: now });
    }
    authorizeServerChanges(actor, state, now);
    const current = new Set((state.file.servers ?? []).map((server) => server.name));
    const takenGroups = new Set([...servers].filter((group) => !current.has(group)));
    for (const change of now.changes) {
      if (change.kind === 'server') await applyServerChange(trx, importer, file, state, change, takenGroups);
      else await applyChange(trx, importer, file, change);
    }
    return now;
  });
  // The servers store tells the other instances from inside this transaction; again now it is committed.
  if (plan.changes.some((change) => change.kind === 'server')) await publishChange({ kind: 'servers' });
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
  if (change.action === 'create') await createServer({ db: trx, actor, config, takenGroups });
  else await updateServer({ db: trx, actor, config, expectedVersion });
}

async function applyChange(trx: Db, actor: Actor, file: ConfigFile, change: ConfigChange): Promise<void> {
  const { agentId, toolName } = change;
  if (agentId === undefined) throw new Error(`The plan's change of ${change.target} names no agent`);
  const agent = file.agents.find((candidate) => candidate.id === agentId);
  const now = new Date().toISOString();
  if (change.kind === 'agent') {
    if (change.action === 'delete') {
      const current = await trx.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
      const assignments = await trx.deleteFrom('assignments').where('agent_id', '=', agentId).returningAll().execute();
      await trx.deleteFrom('agents').where('id', '=', agentId).execute();
      await recordAuditEvent(trx, { actor, action: 'agent.delete', target: agentTarget(agentId), before: { agent: toAgent(current), assignments: assignments.map(toAssignment) }, after: null });
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
  await saveAssignment(trx, { actor, agentId, toolName, overrides, existing });
}
