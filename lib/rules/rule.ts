import 'server-only';
import type { Selectable } from 'kysely';
import type { AgentRulesTable } from '@/lib/db/schema';
import type { UpstreamChange } from '@/lib/drift/tool-approvals';
import type { CatalogueEntry, ToolRegistry } from '@/registry';

/** An agent's rule: every tool of `group` but the excluded ones, expanded whenever the agent's tools are read. */
export interface AgentRule {
  agentId: string;
  group: string;
  /** Tool names of the group the rule does not give. */
  exclude: string[];
  version: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** Where one of an agent's tools comes from: its own assignment, or a group rule. */
export type ToolOrigin = 'assignment' | 'rule';

/** One tool a rule covers now, as the agent's tools list shows it. */
export interface RuleTool {
  toolName: string;
  /** `assignment` when the agent also has the tool assigned: that assignment (and its settings) wins. */
  origin: ToolOrigin;
  status: 'ok' | 'unavailable' | 'invalid';
  unavailableReason?: string;
  /** Since when (ISO time) the tool has been unavailable, when its plugin says. */
  unavailableSince?: string;
  /** For `invalid`: what the tool's defaults lack (assign the tool with its settings). */
  errors?: { pointer: string; message: string }[];
  /** With origin `rule`: the provider changed the tool since it was approved for the agent; the model still gets `approved` (see lib/drift). */
  upstreamChange?: Pick<UpstreamChange, 'approved' | 'current' | 'changed' | 'summary' | 'problems'>;
}

/** A rule with the tools it gives now. */
export type AgentRuleView = AgentRule & {
  /** How many tools the rule gives the agent now (those not assigned explicitly). */
  toolCount: number;
  tools: RuleTool[];
};

/** A stored rule as the app sees it. */
export function toRule(row: Selectable<AgentRulesTable>): AgentRule {
  return {
    agentId: row.agent_id,
    group: row.group_name,
    exclude: JSON.parse(row.exclude) as string[],
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The groups a new rule may name: every group a plugin, bundle or catalogue entry uses now. */
export function ruleGroups(registry: ToolRegistry): Set<string> {
  return new Set([...registry.groups(), ...registry.catalogue().map((entry) => entry.group)]);
}

/** Why a new rule may not name `group` (no plugin serves it), or undefined when it may. */
export function ruleGroupProblem(groups: ReadonlySet<string>, group: string): string | undefined {
  return groups.has(group) ? undefined : `No plugin serves a group named "${group}", so it cannot be given as a rule`;
}

/** Whether a catalogue entry is one of a group's tools (not an unavailable bundle's placeholder). */
function isToolOf(entry: CatalogueEntry, group: string, known: ReadonlySet<string>): boolean {
  return entry.group === group && known.has(entry.name);
}

/** The tools the rules cover in a catalogue reading, in catalogue order. */
export function ruleEntries(rule: AgentRule, catalogue: readonly CatalogueEntry[], known: ReadonlySet<string>): CatalogueEntry[] {
  const excluded = new Set(rule.exclude);
  return catalogue.filter((entry) => isToolOf(entry, rule.group, known) && !excluded.has(entry.name));
}
