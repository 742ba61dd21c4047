import 'server-only';
import type { Db } from '@/lib/db/schema';
import { ruleEntries, toRule } from '@/lib/rules/rule';
import type { ToolRegistry } from '@/registry';

/** Which agents and tools to look at; all of them when a field is left out. */
export interface HolderScope {
  agentId?: string;
  /** Several agents (with `agentId`, both must hold). */
  agentIds?: readonly string[];
  toolNames?: readonly string[];
}

/** An agent that has a tool, by an assignment or through a group rule. */
export interface ToolHolder {
  agentId: string;
  toolName: string;
}

/**
 * The agents that have each tool through a group rule now (the group's tools in the catalogue as
 * it stands, but the excluded ones), whether or not they also have it assigned.
 */
export async function ruleHolders(db: Db, registry: ToolRegistry, scope: HolderScope = {}): Promise<ToolHolder[]> {
  if (scope.toolNames?.length === 0 || scope.agentIds?.length === 0) return [];
  let query = db.selectFrom('agent_rules').selectAll();
  if (scope.agentId !== undefined) query = query.where('agent_id', '=', scope.agentId);
  if (scope.agentIds !== undefined) query = query.where('agent_id', 'in', [...scope.agentIds]);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const catalogue = registry.catalogue();
  const known = registry.knownToolNames();
  const wanted = scope.toolNames ? new Set(scope.toolNames) : undefined;
  return rows.flatMap((row) => {
    const rule = toRule(row);
    return ruleEntries(rule, catalogue, known)
      .filter((entry) => !wanted || wanted.has(entry.name))
      .map((entry) => ({ agentId: rule.agentId, toolName: entry.name }));
  });
}

/** The agents that have the tool now, assigned or through a rule, sorted. */
export async function holdersOf(db: Db, registry: ToolRegistry, toolName: string, agentId?: string): Promise<string[]> {
  let query = db.selectFrom('assignments').select('agent_id').where('tool_name', '=', toolName);
  if (agentId !== undefined) query = query.where('agent_id', '=', agentId);
  const assigned = (await query.execute()).map((row) => row.agent_id);
  const ruled = (await ruleHolders(db, registry, { agentId, toolNames: [toolName] })).map((holder) => holder.agentId);
  return [...new Set([...assigned, ...ruled])].sort();
}

/** The names of every tool the agent has now, assigned or through a rule. */
export async function heldToolNames(db: Db, registry: ToolRegistry, agentId: string): Promise<string[]> {
  const assigned = (await db.selectFrom('assignments').select('tool_name').where('agent_id', '=', agentId).execute()).map((row) => row.tool_name);
  const ruled = (await ruleHolders(db, registry, { agentId })).map((holder) => holder.toolName);
  return [...new Set([...assigned, ...ruled])];
}
