import 'server-only';
import { agentNotFound } from '@/lib/agents/agent-not-found';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { HISTORY_ACTIONS, sortedKeys, undoEvent, type AgentSnapshot } from './agent-snapshot';

/** One version of an agent: the state after one audited change. */
export interface AgentVersionRecord {
  /** 1 for the oldest change kept, counting up; the newest is the agent as it is now. */
  version: number;
  /** ISO 8601 time of the change. */
  at: string;
  actor: string;
  actorName: string;
  action: string;
  /** The changed part: `agents/<id>`, `agents/<id>/tools/<tool>` or `agents/<id>/rules/<group>`. */
  target: string;
  /** For a restore: the version it brought back. */
  restoredFrom?: number;
  snapshot: AgentSnapshot;
}

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

/**
 * Every version of an agent, oldest first, from its audit events since it was last created:
 * the newest is the stored agent, and each earlier one is the later one with the change's
 * `before` put back. No permission check: callers check theirs.
 */
export async function readAgentHistory(db: Db, id: string): Promise<AgentVersionRecord[]> {
  const now = await currentSnapshot(db, id);
  const rows = await db
    .selectFrom('audit_events')
    .select(['id', 'at', 'actor_id', 'actor_name', 'action', 'target', 'tool_name', 'before', 'after'])
    .where('agent_id', '=', id)
    .where('action', 'in', [...HISTORY_ACTIONS])
    .orderBy('id', 'asc')
    .execute();
  // An agent deleted and made again under the same id starts a new history.
  const lastCreate = rows.findLastIndex((row) => row.action === 'agent.create');
  const kept = lastCreate < 0 ? rows : rows.slice(lastCreate);
  const versions: AgentVersionRecord[] = new Array<AgentVersionRecord>(kept.length);
  let snapshot = now;
  for (let index = kept.length - 1; index >= 0; index -= 1) {
    const row = kept[index]!;
    const before = row.before === null ? null : (JSON.parse(row.before) as unknown);
    const after = row.after === null ? null : (JSON.parse(row.after) as unknown);
    const restoredFrom = row.action === 'agent.restore' && typeof after === 'object' && after !== null ? (after as { restoredFrom?: unknown }).restoredFrom : undefined;
    versions[index] = {
      version: index + 1,
      at: row.at,
      actor: row.actor_id,
      actorName: row.actor_name ?? row.actor_id,
      action: row.action,
      target: row.target,
      ...(typeof restoredFrom === 'number' ? { restoredFrom } : {}),
      snapshot,
    };
    snapshot = undoEvent(snapshot, { action: row.action, target: row.target, toolName: row.tool_name, before });
  }
  return versions;
}
