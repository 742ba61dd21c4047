import type { ConfigPolicy } from './config-file';
import type { ConfigChange, FieldDiff } from './config-plan';
import { sameJson } from './sorted-json';

/**
 * The policy changes of one agent: `wanted` undefined (the file has no `policies` key) leaves
 * them as they are; otherwise it is the whole set, so a stored policy it leaves out is removed.
 */
export function policyChanges(agentId: string, current: Readonly<Record<string, ConfigPolicy>>, wanted: Readonly<Record<string, ConfigPolicy>> | undefined): ConfigChange[] {
  if (wanted === undefined) return [];
  const policy = (toolName: string) => ({ kind: 'policy' as const, target: `agents/${agentId}/policies/${toolName}`, agentId, toolName });
  const whose = (toolName: string) => `the policy of "${toolName}" for agent "${agentId}"`;
  return layerChanges(current, wanted, {
    create: (toolName, diffs) => ({ ...policy(toolName), action: 'create', words: `Adds ${whose(toolName)}`, diffs }),
    update: (toolName, diffs) => ({ ...policy(toolName), action: 'update', words: `Changes ${whose(toolName)}`, diffs }),
    delete: (toolName, diffs) => ({ ...policy(toolName), action: 'delete', words: `Removes ${whose(toolName)}: its group default and the tool's own texts apply again`, diffs }),
  });
}

/** The group default changes: `wanted` undefined (no `toolDefaults` key) leaves them; otherwise it is the whole set. */
export function toolDefaultChanges(current: Readonly<Record<string, ConfigPolicy>>, wanted: Readonly<Record<string, ConfigPolicy>> | undefined): ConfigChange[] {
  if (wanted === undefined) return [];
  const layer = (toolName: string) => ({ kind: 'tool-default' as const, target: `tools/${toolName}/policy`, toolName });
  const whose = (toolName: string) => `the group default of "${toolName}" (for every agent)`;
  return layerChanges(current, wanted, {
    create: (toolName, diffs) => ({ ...layer(toolName), action: 'create', words: `Adds ${whose(toolName)}`, diffs }),
    update: (toolName, diffs) => ({ ...layer(toolName), action: 'update', words: `Changes ${whose(toolName)}`, diffs }),
    delete: (toolName, diffs) => ({ ...layer(toolName), action: 'delete', words: `Removes ${whose(toolName)}: the tool's own texts apply again`, diffs }),
  });
}

/** The token budget change of one agent: `wanted` undefined leaves it; null returns it to the default. */
export function tokenBudgetChanges(agentId: string, current: number | null, wanted: number | null | undefined): ConfigChange[] {
  if (wanted === undefined || wanted === current) return [];
  const budget = { kind: 'token-budget' as const, target: `agents/${agentId}/token-budget`, agentId };
  const tokens = (count: number) => `${count.toLocaleString('en-US')} tokens`;
  if (current === null) return [{ ...budget, action: 'create', words: `Sets the token budget of agent "${agentId}" to ${tokens(wanted ?? 0)}`, diffs: [{ field: 'tokens', after: wanted }] }];
  if (wanted === null) return [{ ...budget, action: 'delete', words: `Removes the token budget of agent "${agentId}": the default applies again`, diffs: [{ field: 'tokens', before: current }] }];
  return [{ ...budget, action: 'update', words: `Changes the token budget of agent "${agentId}" from ${tokens(current)} to ${tokens(wanted)}`, diffs: [{ field: 'tokens', before: current, after: wanted }] }];
}

type Make = (toolName: string, diffs: FieldDiff[]) => ConfigChange;

function layerChanges(current: Readonly<Record<string, ConfigPolicy>>, wanted: Readonly<Record<string, ConfigPolicy>>, make: { create: Make; update: Make; delete: Make }): ConfigChange[] {
  const changes: ConfigChange[] = [];
  for (const [toolName, policy] of Object.entries(wanted)) {
    const before = current[toolName];
    if (before === undefined) changes.push(make.create(toolName, policyDiffs(undefined, policy)));
    else if (!sameJson(before, policy)) changes.push(make.update(toolName, policyDiffs(before, policy)));
  }
  for (const [toolName, policy] of Object.entries(current)) {
    if (!(toolName in wanted)) changes.push(make.delete(toolName, policyDiffs(policy, undefined)));
  }
  return changes;
}

/** One diff per field that differs: `displayName`, `description`, `parameterDescriptions.<name>`, `callPolicy` (null fields are absent). */
function policyDiffs(before: ConfigPolicy | undefined, after: ConfigPolicy | undefined): FieldDiff[] {
  const flat = (policy: ConfigPolicy | undefined): Record<string, unknown> => {
    if (!policy) return {};
    const entries: Record<string, unknown> = {};
    if (policy.displayName !== null) entries.displayName = policy.displayName;
    if (policy.description !== null) entries.description = policy.description;
    for (const [name, text] of Object.entries(policy.parameterDescriptions)) entries[`parameterDescriptions.${name}`] = text;
    if (policy.callPolicy !== null) entries.callPolicy = policy.callPolicy;
    return entries;
  };
  const old = flat(before);
  const next = flat(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return fields.flatMap((field): FieldDiff[] =>
    sameJson(old[field], next[field]) ? [] : [{ field, ...(old[field] === undefined ? {} : { before: old[field] }), ...(next[field] === undefined ? {} : { after: next[field] }) }],
  );
}
