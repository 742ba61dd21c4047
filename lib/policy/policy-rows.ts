import 'server-only';
import type { Selectable } from 'kysely';
import type { FieldError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { agentTarget, assignmentTarget, toolPolicyTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import type { AgentTokenBudgetsTable, AgentToolPoliciesTable, Db, ToolPolicyDefaultsTable } from '@/lib/db/schema';
import type { PolicyInput } from './policy-input';
import { toAgentLayer, toDefaultLayer } from './tool-policy';

/**
 * The writes and name checks of tool policies, group defaults and token budgets, shared by their
 * APIs (`putAgentPolicy`, `putDefaultPolicy`, `putTokenBudget`) and config apply, so the two
 * cannot drift apart: the same rows, version bumps, audit events and collision rules.
 */

/** What a layer shows for a tool: only its display name matters for collisions. */
interface Shown {
  displayName: string | null;
}

/** The layers that bear on one agent's names: its own, and the group defaults, by tool name. */
export interface NameLayers {
  agent: ReadonlyMap<string, Shown>;
  defaults: ReadonlyMap<string, Shown>;
}

/**
 * A shown name another tool of the agent already has (its own, or one a layer gives it): the
 * error at `/displayName`, or none. `given` is every tool the agent gets.
 */
export function agentNameCollisions(layers: NameLayers, given: Iterable<string>, toolName: string, displayName: string | null): FieldError[] {
  const shown = displayName ?? layers.defaults.get(toolName)?.displayName ?? toolName;
  for (const other of given) {
    if (other === toolName) continue;
    const otherShown = layers.agent.get(other)?.displayName ?? layers.defaults.get(other)?.displayName ?? other;
    if (otherShown === shown) {
      const how = otherShown === other ? 'the name of' : `the name the agent shows for`;
      return [{ pointer: '/displayName', message: `"${shown}" is already ${how} the agent's tool "${other}": the model could not tell them apart` }];
    }
  }
  return [];
}

/** Where else a name is shown, for a group default's collision check. */
export interface ShownElsewhere {
  /** Every tool name the catalogue knows. */
  knownToolNames: ReadonlySet<string>;
  /** Other tools' group defaults with their display names. */
  defaults: Iterable<{ toolName: string; displayName: string | null }>;
  /** Agents' layers with their display names. */
  agentLayers: Iterable<{ agentId: string; toolName: string; displayName: string | null }>;
}

/** A group default display name that is another tool's name, or that another layer already shows for another tool. */
export function defaultNameCollisions(toolName: string, displayName: string | null, elsewhere: ShownElsewhere): FieldError[] {
  if (displayName === null || displayName === toolName) return [];
  const clash = (message: string): FieldError[] => [{ pointer: '/displayName', message }];
  if (elsewhere.knownToolNames.has(displayName)) return clash(`"${displayName}" is the name of another tool: an agent given both could not tell them apart`);
  for (const other of elsewhere.defaults) {
    if (other.toolName !== toolName && other.displayName === displayName) return clash(`"${displayName}" is already the group default name of "${other.toolName}"`);
  }
  for (const agent of elsewhere.agentLayers) {
    if (agent.toolName !== toolName && agent.displayName === displayName) return clash(`"${displayName}" is already the name agent "${agent.agentId}" shows for "${agent.toolName}"`);
  }
  return [];
}

function layerValues(input: PolicyInput, now: string) {
  return {
    display_name: input.displayName,
    description: input.description,
    parameter_descriptions: JSON.stringify(input.parameterDescriptions),
    call_policy: input.callPolicy,
    updated_at: now,
  };
}

/** What saving an agent's layer needs; `existing` is its row as read in `trx` (undefined: none yet). */
export interface SaveAgentPolicyRow {
  actor: Actor;
  agentId: string;
  toolName: string;
  input: PolicyInput;
  existing: Selectable<AgentToolPoliciesTable> | undefined;
}

/** Inserts or updates (version + 1) an agent's layer of one tool; audited as `policy.put`. */
export async function saveAgentPolicyRow(trx: Db, { actor, agentId, toolName, input, existing }: SaveAgentPolicyRow): Promise<void> {
  const now = new Date().toISOString();
  const values = layerValues(input, now);
  const saved = existing
    ? await trx.updateTable('agent_tool_policies').set({ ...values, version: Number(existing.version) + 1 }).where('agent_id', '=', agentId).where('tool_name', '=', toolName).returningAll().executeTakeFirstOrThrow()
    : await trx.insertInto('agent_tool_policies').values({ ...values, agent_id: agentId, tool_name: toolName, version: 1, created_at: now }).returningAll().executeTakeFirstOrThrow();
  await recordAuditEvent(trx, { actor, action: 'policy.put', target: assignmentTarget(agentId, toolName), before: existing ? toAgentLayer(existing) : null, after: toAgentLayer(saved) });
}

/** Deletes an agent's layer of one tool (its group default and the tool's own words apply again); audited as `policy.delete`. */
export async function deleteAgentPolicyRow(trx: Db, actor: Actor, agentId: string, toolName: string): Promise<void> {
  const [row] = await trx.deleteFrom('agent_tool_policies').where('agent_id', '=', agentId).where('tool_name', '=', toolName).returningAll().execute();
  if (row) await recordAuditEvent(trx, { actor, action: 'policy.delete', target: assignmentTarget(agentId, toolName), before: toAgentLayer(row), after: null });
}

/** What saving a group default needs; `existing` is its row as read in `trx`. */
export interface SaveDefaultPolicyRow {
  actor: Actor;
  toolName: string;
  /** The tool's catalogue group. */
  group: string;
  input: PolicyInput;
  existing: Selectable<ToolPolicyDefaultsTable> | undefined;
}

/** Inserts or updates (version + 1) a tool's group default; audited as `policy-default.put`. */
export async function saveDefaultPolicyRow(trx: Db, { actor, toolName, group, input, existing }: SaveDefaultPolicyRow): Promise<void> {
  const now = new Date().toISOString();
  const values = { ...layerValues(input, now), group_name: group };
  const saved = existing
    ? await trx.updateTable('tool_policy_defaults').set({ ...values, version: Number(existing.version) + 1 }).where('tool_name', '=', toolName).returningAll().executeTakeFirstOrThrow()
    : await trx.insertInto('tool_policy_defaults').values({ ...values, tool_name: toolName, version: 1, created_at: now }).returningAll().executeTakeFirstOrThrow();
  await recordAuditEvent(trx, { actor, action: 'policy-default.put', target: toolPolicyTarget(toolName), before: existing ? toDefaultLayer(existing) : null, after: toDefaultLayer(saved) });
}

/** Deletes a tool's group default; audited as `policy-default.delete`. */
export async function deleteDefaultPolicyRow(trx: Db, actor: Actor, toolName: string): Promise<void> {
  const [row] = await trx.deleteFrom('tool_policy_defaults').where('tool_name', '=', toolName).returningAll().execute();
  if (row) await recordAuditEvent(trx, { actor, action: 'policy-default.delete', target: toolPolicyTarget(toolName), before: toDefaultLayer(row), after: null });
}

/** Sets an agent's token budget (version + 1), or returns it to the default (null); audited as `token-budget.put`. */
export async function saveTokenBudgetRow(trx: Db, actor: Actor, agentId: string, tokens: number | null, existing: Selectable<AgentTokenBudgetsTable> | undefined): Promise<void> {
  const now = new Date().toISOString();
  if (tokens === null) await trx.deleteFrom('agent_token_budgets').where('agent_id', '=', agentId).execute();
  else if (existing) await trx.updateTable('agent_token_budgets').set({ tokens, version: Number(existing.version) + 1, updated_at: now }).where('agent_id', '=', agentId).execute();
  else await trx.insertInto('agent_token_budgets').values({ agent_id: agentId, tokens, version: 1, updated_at: now }).execute();
  await recordAuditEvent(trx, { actor, action: 'token-budget.put', target: agentTarget(agentId), before: existing ? { tokens: Number(existing.tokens) } : null, after: tokens === null ? null : { tokens } });
}
