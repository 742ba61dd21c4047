import 'server-only';
import type { Db } from '@/lib/db/schema';
import { readRules, ruleEntries } from '@/lib/rules/expand-rules';
import type { ToolRegistry } from '@/registry';

/** The registry names of every tool the agent is given: its assignments and what its group rules give now. */
export async function givenToolNames(db: Db, registry: ToolRegistry, agentId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('assignments').select('tool_name').where('agent_id', '=', agentId).execute();
  const names = new Set(rows.map((row) => row.tool_name));
  const rules = await readRules(db, agentId);
  if (rules.length === 0) return names;
  const catalogue = registry.catalogue();
  const known = registry.knownToolNames();
  for (const rule of rules) for (const entry of ruleEntries(rule, catalogue, known)) names.add(entry.name);
  return names;
}
