import 'server-only';
import type { Db } from '@/lib/db/schema';
import { isPlainObject } from '@/lib/json-pointer';
import { compareStrings } from '@/registry';
import { CALL_POLICIES, type CallPolicy } from '@/lib/policy/tool-policy';
import type { ConfigPolicy } from './config-file';
import { layerPolicy } from './read-config-state';

/** The tool policies, token budgets and group defaults as they were at one time. */
export interface PoliciesAt {
  /** Agent id → tool name → its layer. */
  agents: Map<string, Record<string, ConfigPolicy>>;
  /** Agent id → its own token budget. */
  budgets: Map<string, number>;
  /** Tool name → its group default. */
  defaults: Record<string, ConfigPolicy>;
}

const ACTIONS = ['policy.put', 'policy.delete', 'policy-default.put', 'policy-default.delete', 'token-budget.put', 'agent.delete'] as const;

/**
 * The policies, budgets and group defaults at `at` (ISO 8601), from the audit log: each is what
 * the newest of its events at or before then left (`after`; none after a delete, or once its
 * agent was deleted). Every write of them is audited, by their APIs and by config apply alike.
 */
export async function readPoliciesAt(db: Db, at: string): Promise<PoliciesAt> {
  const when = Date.parse(at);
  const rows = await db.selectFrom('audit_events').select(['id', 'at', 'action', 'target', 'agent_id', 'tool_name', 'after']).where('action', 'in', ACTIONS).orderBy('id').execute();
  const agents = new Map<string, Map<string, ConfigPolicy>>();
  const budgets = new Map<string, number>();
  const defaults = new Map<string, ConfigPolicy>();
  for (const row of rows) {
    if (Date.parse(row.at) > when) continue;
    const after = row.after === null ? null : (JSON.parse(row.after) as unknown);
    const agentId = row.agent_id;
    if (row.action === 'agent.delete') {
      if (agentId !== null) {
        agents.delete(agentId);
        budgets.delete(agentId);
      }
    } else if (row.action === 'token-budget.put') {
      if (agentId === null) continue;
      if (isPlainObject(after) && typeof after.tokens === 'number') budgets.set(agentId, after.tokens);
      else budgets.delete(agentId);
    } else if (row.action === 'policy.put' || row.action === 'policy.delete') {
      if (agentId === null || row.tool_name === null) continue;
      const layers = agents.get(agentId) ?? new Map<string, ConfigPolicy>();
      const policy = policyOf(after);
      if (policy) layers.set(row.tool_name, policy);
      else layers.delete(row.tool_name);
      agents.set(agentId, layers);
    } else {
      const toolName = /^tools\/(.+)\/policy$/.exec(row.target)?.[1];
      if (toolName === undefined) continue;
      const policy = policyOf(after);
      if (policy) defaults.set(toolName, policy);
      else defaults.delete(toolName);
    }
  }
  return {
    agents: new Map([...agents].map(([agentId, layers]) => [agentId, inOrder(layers)])),
    budgets,
    defaults: inOrder(defaults),
  };
}

/** A layer as an audit event's `after` holds it, or undefined for none. */
function policyOf(value: unknown): ConfigPolicy | undefined {
  if (!isPlainObject(value)) return undefined;
  const text = (field: unknown) => (typeof field === 'string' ? field : null);
  const parameters: Record<string, string> = {};
  if (isPlainObject(value.parameterDescriptions)) {
    for (const [name, description] of Object.entries(value.parameterDescriptions)) if (typeof description === 'string') parameters[name] = description;
  }
  const callPolicy = (CALL_POLICIES as readonly unknown[]).includes(value.callPolicy) ? (value.callPolicy as CallPolicy) : null;
  return layerPolicy({ displayName: text(value.displayName), description: text(value.description), parameterDescriptions: parameters, callPolicy });
}

function inOrder(layers: ReadonlyMap<string, ConfigPolicy>): Record<string, ConfigPolicy> {
  return Object.fromEntries([...layers].sort(([a], [b]) => compareStrings(a, b)));
}
