import type { Selectable } from 'kysely';
import type { AgentToolPoliciesTable, ToolPolicyDefaultsTable } from '@/lib/db/schema';

/** How a call of the tool passes: at once, after a person approves it, or never. */
export const CALL_POLICIES = ['allow', 'ask', 'deny'] as const;
export type CallPolicy = (typeof CALL_POLICIES)[number];

/** Where a value the model sees (or a call policy) comes from, lowest layer first. */
export type PolicySource = 'tool' | 'annotations' | 'group' | 'agent';

/** What one layer (the group default or one agent) sets; null and absent keys fall through. */
export interface PolicyLayer {
  toolName: string;
  displayName: string | null;
  description: string | null;
  /** Parameter name (a top-level property of the parameters schema) → its description. */
  parameterDescriptions: Record<string, string>;
  callPolicy: CallPolicy | null;
  version: number;
  /** ISO 8601. */
  updatedAt: string;
}

/** A group default as stored: a layer with the tool's catalogue group. */
export type DefaultPolicyLayer = PolicyLayer & { group: string };

/** A stored agent policy row as a layer. */
export function toAgentLayer(row: Selectable<AgentToolPoliciesTable>): PolicyLayer {
  return {
    toolName: row.tool_name,
    displayName: row.display_name,
    description: row.description,
    parameterDescriptions: JSON.parse(row.parameter_descriptions) as Record<string, string>,
    callPolicy: callPolicyOf(row.call_policy),
    version: Number(row.version),
    updatedAt: row.updated_at,
  };
}

/** A stored group default row as a layer. */
export function toDefaultLayer(row: Selectable<ToolPolicyDefaultsTable>): DefaultPolicyLayer {
  return {
    toolName: row.tool_name,
    group: row.group_name,
    displayName: row.display_name,
    description: row.description,
    parameterDescriptions: JSON.parse(row.parameter_descriptions) as Record<string, string>,
    callPolicy: callPolicyOf(row.call_policy),
    version: Number(row.version),
    updatedAt: row.updated_at,
  };
}

function callPolicyOf(value: string | null): CallPolicy | null {
  return (CALL_POLICIES as readonly string[]).includes(value ?? '') ? (value as CallPolicy) : null;
}
