import 'server-only';
import { agentNotFound } from '@/lib/agents/agent-not-found';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { HISTORY_ACTIONS, sortedKeys, undoEvent, type AgentSnapshot } from './agent-snapshot';
import { readHistory, type HistoryKind, type VersionRecord } from './read-history';

/** One version of an agent: the state after one audited change (its target `agents/<id>`, `…/tools/<tool>` or `…/rules/<group>`). */
export type AgentVersionRecord = VersionRecord<AgentSnapshot>;

/** The agent as stored now, as a snapshot; AppError `not_found` without it. */
export async function currentSnapshot(db: Db, id: string): Promise<AgentSnapshot> {
  const agent = isStorableText(id) ? await db.selectFrom('agents').select(['name', 'description']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!agent) throw agentNotFound(id);
  const assignments = await db.selectFrom('assignments').select(['tool_name', 'overrides']).where('agent_id', '=', id).execute();
  const rules = await db.selectFrom('agent_rules').select(['group_name', 'exclude']).where('agent_id', '=', id).execute();
  return {
    name: agent.name,
    description: agent.description,
    tools: sortedKeys(Object.fromEntries(assignments.map((row) => [row.tool_name, JSON.parse(row.overrides) as Record<string, unknown>]))),
    rules: sortedKeys(Object.fromEntries(rules.map((row) => [row.group_name, JSON.parse(row.exclude) as string[]]))),
  };
}

/** An agent's history: its own events and those of its assignments and group rules (all carry its id). */
export const agentHistoryKind: HistoryKind<AgentSnapshot> = {
  noun: 'Agent',
  actions: HISTORY_ACTIONS,
  createAction: 'agent.create',
  eventColumn: 'agent_id',
  eventKey: (id) => id,
  current: currentSnapshot,
  undo: undoEvent,
};

/** Every version of an agent, oldest first (see `readHistory`). No permission check: callers check theirs. */
export async function readAgentHistory(db: Db, id: string): Promise<AgentVersionRecord[]> {
  return readHistory(db, agentHistoryKind, id);
}
