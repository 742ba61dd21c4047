import 'server-only';
import { AppError, type FieldError } from '@/lib/app-error';
import { checkAgentDescription, checkAgentName } from '@/lib/agents/agent-input';
import { lockAgent } from '@/lib/agents/lock-agent';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import { approveRestoredTool } from '@/lib/drift/tool-approvals';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { agentTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { Db } from '@/lib/db/schema';
import { inTransaction } from '@/lib/db/transaction';
import { publishChange } from '@/lib/events';
import { escapePointerToken } from '@/lib/json-pointer';
import { isJsonEqual } from '@/lib/json-equal';
import type { ToolRegistry } from '@/registry';
import type { AgentSnapshot } from './agent-snapshot';
import { missingParts, type AgentVersion } from './agent-versions';
import { agentHistoryKind, readAgentHistory } from './read-agent-history';
import { restoreTarget } from './read-history';

/** What `restoreAgentVersion` needs. */
export interface RestoreAgentVersionOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  id: string;
  /** The version to bring back. */
  version: number;
  /** The current version the caller read (If-Match): the newest in the agent's history. */
  expectedVersion?: number;
}

/** What a restore did: the new current version and what could not be checked because the registry lacks it. */
export interface RestoreOutcome {
  /** The agent's newest version after the restore (unchanged when there was nothing to restore). */
  current: number;
  restoredFrom: number;
  agent: AgentSnapshot;
  missing: AgentVersion['missing'];
}

/**
 * Brings an agent back to one of its versions as one new change (`agent.restore`), checked as
 * any edit, in this order: `agents:write` (`forbidden`); the agent (`not_found`); the version
 * exists (`invalid` at `/version`); its name, description and each changed tool's overrides
 * against the tool's schema and the plugin's `checkOverrides` (`invalid`, pointers under
 * `/tools/<tool>/overrides`); then If-Match on the current version (`precondition_required`,
 * `precondition_failed` with the current version). A tool or rule group the registry no longer
 * knows is kept and listed in `missing`, never dropped. A restore that changes nothing writes nothing.
 * Approved faces of tools are kept, never accepted anew (see `restoreTools`).
 */
export async function restoreAgentVersion({ db, registry, actor, id, version, expectedVersion }: RestoreAgentVersionOptions): Promise<RestoreOutcome> {
  authorize(actor, 'agents:write');
  const outcome = await inTransaction(db, async (trx) => {
    const agentRow = await lockAgent(trx, id);
    const history = await readAgentHistory(trx, id);
    const { wanted: target, now, current, checked } = restoreTarget(agentHistoryKind, id, history, version, expectedVersion, (wanted, stored) => {
      const missing = missingParts(wanted, registry);
      const name = checkAgentName(wanted.name);
      const description = checkAgentDescription(wanted.description);
      const errors = overridesErrors(wanted, stored, registry, new Set(missing.tools));
      if (errors.length > 0) throw new AppError('invalid', `Version ${version} of agent "${id}" no longer fits its tools' settings`, { errors });
      return { name, description, missing };
    });
    const { name, description, missing } = checked;
    const outcomeOf = (newest: number): RestoreOutcome => ({ current: newest, restoredFrom: version, agent: target, missing });
    if (isJsonEqual(target, now)) return outcomeOf(current);
    const at = new Date().toISOString();
    await trx.updateTable('agents').set({ name, description, version: Number(agentRow.version) + 1, updated_at: at }).where('id', '=', id).execute();
    await restoreTools(trx, actor, registry, id, target, now, at);
    await restoreRules(trx, id, target, now, at);
    await recordAuditEvent(trx, { actor, action: 'agent.restore', target: agentTarget(id), before: now, after: { ...target, restoredFrom: version } });
    return outcomeOf(current + 1);
  });
  await publishChange({ kind: 'agent-tools', agentId: id });
  return outcome;
}

/** The errors of each tool whose overrides the restore changes and the registry still knows, as a save would find them. */
function overridesErrors(target: AgentSnapshot, now: AgentSnapshot, registry: ToolRegistry, missing: ReadonlySet<string>): FieldError[] {
  const lookup = toolLookup(registry);
  const errors: FieldError[] = [];
  for (const [toolName, overrides] of Object.entries(target.tools)) {
    const entry = lookup(toolName);
    if (!entry || missing.has(toolName) || isJsonEqual(now.tools[toolName], overrides)) continue;
    for (const error of lookup.overridesErrors(entry, overrides)) {
      errors.push({ ...error, pointer: `/tools/${escapePointerToken(toolName)}${error.pointer}` });
    }
  }
  return errors;
}

/**
 * Each tool as the version had it. Approved faces (lib/drift) are not part of a version and a
 * restore never accepts an upstream change: a tool the agent has now keeps its approval; one
 * the restore brings back gets the approval the agent still holds of it (the face an editor
 * last approved for it), or, when it holds none, the tool as it is now, as a new assignment.
 */
async function restoreTools(trx: Db, actor: Actor, registry: ToolRegistry, agentId: string, target: AgentSnapshot, now: AgentSnapshot, at: string): Promise<void> {
  const lookup = toolLookup(registry);
  for (const toolName of Object.keys(now.tools)) {
    if (!Object.hasOwn(target.tools, toolName)) await trx.deleteFrom('assignments').where('agent_id', '=', agentId).where('tool_name', '=', toolName).execute();
  }
  for (const [toolName, overrides] of Object.entries(target.tools)) {
    const json = JSON.stringify(overrides);
    if (!Object.hasOwn(now.tools, toolName)) {
      await trx.insertInto('assignments').values({ agent_id: agentId, tool_name: toolName, overrides: json, version: 1, created_at: at, updated_at: at }).execute();
      await approveRestoredTool(trx, actor, agentId, lookup(toolName));
    } else if (!isJsonEqual(now.tools[toolName], overrides)) {
      await trx
        .updateTable('assignments')
        .set((eb) => ({ overrides: json, version: eb('version', '+', 1), updated_at: at }))
        .where('agent_id', '=', agentId)
        .where('tool_name', '=', toolName)
        .execute();
    }
  }
}

async function restoreRules(trx: Db, agentId: string, target: AgentSnapshot, now: AgentSnapshot, at: string): Promise<void> {
  for (const group of Object.keys(now.rules)) {
    if (!Object.hasOwn(target.rules, group)) await trx.deleteFrom('agent_rules').where('agent_id', '=', agentId).where('group_name', '=', group).execute();
  }
  for (const [group, exclude] of Object.entries(target.rules)) {
    const json = JSON.stringify(exclude);
    if (!Object.hasOwn(now.rules, group)) {
      await trx.insertInto('agent_rules').values({ agent_id: agentId, group_name: group, exclude: json, version: 1, created_at: at, updated_at: at }).execute();
    } else if (!isJsonEqual(now.rules[group], exclude)) {
      await trx
        .updateTable('agent_rules')
        .set((eb) => ({ exclude: json, version: eb('version', '+', 1), updated_at: at }))
        .where('agent_id', '=', agentId)
        .where('group_name', '=', group)
        .execute();
    }
  }
}
