import 'server-only';
import { getAgent } from '@/lib/agents/get-agent';
import { AppError } from '@/lib/app-error';
import { ruleTarget } from '@/lib/audit/audit-event';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { isPlainObject } from '@/lib/json-pointer';
import { ruleGroups } from '@/lib/rules/rule';
import { createRule, deleteRule, updateRule } from '@/lib/rules/rule-store';
import type { HistoryEvent } from './read-history';
import type { WholeObjectKind } from './object-history';

/** What a group rule was at one version: its exclusions, or `deleted` after it was removed (its exclusions then empty). */
export interface RuleSnapshot {
  group: string;
  status: 'active' | 'deleted';
  /** Tool names of the group the rule did not give. */
  exclude: string[];
}

/** What of a rule version no longer exists: excluded tools no provider offers now (kept: excluding them is harmless), and its group when no plugin serves it. */
export type RuleMissing = {
  tools: string[];
  groups: string[];
};

/** The history key of an agent's rule: `<agent id>/<group>` (agent ids have no slash). */
export function ruleKey(agentId: string, group: string): string {
  return `${agentId}/${group}`;
}

/** The agent and group of a rule's history key. */
export function ruleOfKey(key: string): { agentId: string; group: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { agentId: key, group: '' } : { agentId: key.slice(0, slash), group: key.slice(slash + 1) };
}

/** A rule as the audit stored it (a `before`: the rule with its agent, version and times), or undefined. */
export function toRuleSnapshot(value: unknown): RuleSnapshot | undefined {
  if (!isPlainObject(value) || typeof value.group !== 'string' || !Array.isArray(value.exclude)) return undefined;
  return { group: value.group, status: 'active', exclude: value.exclude.map(String) };
}

function deleted(group: string): RuleSnapshot {
  return { group, status: 'deleted', exclude: [] };
}

/** Before a change: the rule it changed or removed; before a create nothing (the history starts there); before a restore of a removed rule, the removal. */
function undoRule(after: RuleSnapshot, event: HistoryEvent): RuleSnapshot {
  return toRuleSnapshot(event.before) ?? (event.action === 'rule.restore' ? deleted(after.group) : after);
}

async function storedRule(db: Db, key: string): Promise<{ version: number; exclude: string[] } | undefined> {
  const { agentId, group } = ruleOfKey(key);
  if (!isStorableText(agentId) || !isStorableText(group)) return undefined;
  const row = await db.selectFrom('agent_rules').select(['version', 'exclude']).where('agent_id', '=', agentId).where('group_name', '=', group).executeTakeFirst();
  return row ? { version: Number(row.version), exclude: JSON.parse(row.exclude) as string[] } : undefined;
}

const ACTIONS = ['rule.create', 'rule.update', 'rule.delete', 'rule.restore'] as const;

/**
 * An agent's group rule's history: its `rule.*` changes under `agents/<id>/rules/<group>`, keyed
 * {@link ruleKey}. A removed rule keeps its history, whose newest version is `deleted`; a rule made
 * anew with the same group starts a new one. A restore goes through the rule's own edit (a removed
 * rule's through its create; a `deleted` version's through its removal), audited as `rule.restore`.
 */
export const ruleHistoryKind: WholeObjectKind<'rule', RuleSnapshot, RuleMissing> = {
  noun: 'Group rule',
  field: 'rule',
  actions: ACTIONS,
  createAction: 'rule.create',
  eventColumn: 'target',
  eventKey: (key) => {
    const { agentId, group } = ruleOfKey(key);
    return ruleTarget(agentId, group);
  },
  current: async (db, key) => {
    const { agentId, group } = ruleOfKey(key);
    const stored = await storedRule(db, key);
    if (stored) return { group, status: 'active', exclude: stored.exclude };
    const target = ruleTarget(agentId, group);
    const event = isStorableText(target)
      ? await db.selectFrom('audit_events').select('id').where('target', '=', target).where('action', 'in', [...ACTIONS]).limit(1).executeTakeFirst()
      : undefined;
    if (!event) throw new AppError('not_found', `Agent "${agentId}" has no rule for group "${group}"`);
    return deleted(group);
  },
  undo: undoRule,
  // The agent decides who may read (agents:read, a token's agent set); a removed rule's stored version is 0.
  storedVersion: async (db, actor, key) => {
    await getAgent({ db, actor, id: ruleOfKey(key).agentId });
    return (await storedRule(db, key))?.version ?? 0;
  },
  shown: (snapshot) => snapshot,
  missing: async (_db, snapshot, registry) => {
    const known = registry.knownToolNames();
    return { tools: snapshot.exclude.filter((tool) => !known.has(tool)), groups: snapshot.status === 'active' && !ruleGroups(registry).has(snapshot.group) ? [snapshot.group] : [] };
  },
  save: async ({ db, actor, registry, key, snapshot, expectedVersion, restoredFrom }) => {
    const { agentId, group } = ruleOfKey(key);
    if (snapshot.status === 'deleted') await deleteRule({ db, actor, agentId, group, expectedVersion, restoredFrom });
    else if (expectedVersion === 0) await createRule({ db, actor, registry, agentId, group, exclude: snapshot.exclude, restoredFrom });
    else await updateRule({ db, actor, registry, agentId, group, exclude: snapshot.exclude, expectedVersion, restoredFrom });
  },
};
