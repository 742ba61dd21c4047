import 'server-only';
import { isPlainObject } from '@/lib/json-pointer';
import type { HistoryEvent } from './read-history';

/** What an agent was at one point of its history: what an admin can edit, without bookkeeping. */
export interface AgentSnapshot {
  name: string;
  description: string;
  /** Each assigned tool's overrides, by tool name. */
  tools: Record<string, Record<string, unknown>>;
  /** Each group rule's excluded tools, by group. */
  rules: Record<string, string[]>;
}

/** The audit actions that change what an agent is, in the order they apply. */
export const HISTORY_ACTIONS = [
  'agent.create',
  'agent.update',
  'agent.restore',
  'assignment.put',
  'assignment.delete',
  'rule.create',
  'rule.update',
  'rule.delete',
  'rule.restore',
] as const;


/**
 * The snapshot before `event`, from the snapshot after it: each event's `before` is what its
 * target was, so walking back from the stored agent gives every earlier version.
 */
export function undoEvent(after: AgentSnapshot, event: HistoryEvent): AgentSnapshot {
  const before = event.before;
  switch (event.action) {
    case 'agent.update':
      return isPlainObject(before) ? { ...after, name: String(before.name ?? after.name), description: String(before.description ?? after.description) } : after;
    case 'agent.restore':
      return toSnapshot(before) ?? after;
    case 'assignment.put':
    case 'assignment.delete': {
      if (!event.toolName) return after;
      const tools = { ...after.tools };
      if (isPlainObject(before) && isPlainObject(before.overrides)) tools[event.toolName] = before.overrides;
      else delete tools[event.toolName];
      return { ...after, tools };
    }
    case 'rule.create':
    case 'rule.update':
    case 'rule.delete':
    case 'rule.restore': {
      const group = /\/rules\/(.+)$/.exec(event.target)?.[1];
      if (!group) return after;
      const rules = { ...after.rules };
      if (isPlainObject(before) && Array.isArray(before.exclude)) rules[group] = before.exclude.map(String);
      else delete rules[group];
      return { ...after, rules };
    }
    default:
      return after;
  }
}

/** A stored snapshot (an `agent.restore` event's before or after) read back; undefined when it is not one. */
export function toSnapshot(value: unknown): AgentSnapshot | undefined {
  if (!isPlainObject(value) || typeof value.name !== 'string' || typeof value.description !== 'string') return undefined;
  const tools: AgentSnapshot['tools'] = {};
  if (isPlainObject(value.tools)) for (const [name, overrides] of Object.entries(value.tools)) if (isPlainObject(overrides)) tools[name] = overrides;
  const rules: AgentSnapshot['rules'] = {};
  if (isPlainObject(value.rules)) for (const [group, exclude] of Object.entries(value.rules)) if (Array.isArray(exclude)) rules[group] = exclude.map(String);
  return { name: value.name, description: value.description, tools: sortedKeys(tools), rules: sortedKeys(rules) };
}

/** The same record with its keys in order, so snapshots compare and read the same way every time. */
export function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
