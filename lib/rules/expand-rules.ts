import 'server-only';
import type { Assignment } from '@/lib/assignments/assignment';
import { viewAssignment } from '@/lib/assignments/assignment-view';
import type { ToolLookup } from '@/lib/assignments/tool-lookup';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { initialOverrides } from '@/lib/overrides/initial-overrides';
import type { CatalogueEntry } from '@/registry';
import { ruleEntries, toRule, type AgentRule, type AgentRuleView, type RuleTool } from './rule';

export { ruleEntries };

/** The agent's rules, by group. */
export async function readRules(db: Db, agentId: string): Promise<AgentRule[]> {
  if (!isStorableText(agentId)) return [];
  const rows = await db.selectFrom('agent_rules').selectAll().where('agent_id', '=', agentId).orderBy('group_name').execute();
  return rows.map(toRule);
}

/**
 * A tool a rule gives, as an assignment: no row of its own, version 0, the tool's defaults as
 * its settings. Its status tells whether those defaults suffice.
 */
export function ruleAssignment(rule: AgentRule, entry: CatalogueEntry): Assignment {
  return {
    agentId: rule.agentId,
    toolName: entry.name,
    overrides: initialOverrides(entry.overridesSchema).overrides,
    version: 0,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  };
}

/** Each rule with the tools it covers now; a tool the agent also has assigned is marked so (the assignment wins). */
export function viewRules(
  rules: readonly AgentRule[],
  catalogue: readonly CatalogueEntry[],
  known: ReadonlySet<string>,
  assigned: ReadonlySet<string>,
  lookup: ToolLookup,
): AgentRuleView[] {
  return rules.map((rule) => {
    const tools = ruleEntries(rule, catalogue, known).map((entry): RuleTool => {
      if (assigned.has(entry.name)) return { toolName: entry.name, origin: 'assignment', status: entry.available ? 'ok' : 'unavailable' };
      const view = viewAssignment(ruleAssignment(rule, entry), lookup);
      const status = view.status === 'missing' ? 'unavailable' : view.status;
      return {
        toolName: entry.name,
        origin: 'rule',
        status,
        ...(view.unavailableReason === undefined ? {} : { unavailableReason: view.unavailableReason }),
        ...(view.unavailableSince === undefined ? {} : { unavailableSince: view.unavailableSince }),
        ...(view.errors === undefined ? {} : { errors: view.errors }),
      };
    });
    return { ...rule, toolCount: tools.filter((tool) => tool.origin === 'rule').length, tools };
  });
}
