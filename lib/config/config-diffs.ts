import { compareStrings } from '@/registry';
import type { ConfigAgent, ConfigRule, ConfigServer, ConfigWorkflow } from './config-file';
import type { ConfigChange, FieldDiff } from './config-plan';
import { policyChanges, tokenBudgetChanges } from './policy-diffs';
import { policyEntry } from './render-config';
import { sameJson, sortedJson } from './sorted-json';

/**
 * The changes of one agent the file lists: the agent itself, its assignments and its rules
 * (deletions only with prune), its tool policies and its token budget (when the file has the key).
 */
export function agentChanges(current: ConfigAgent | undefined, agent: ConfigAgent, prune: boolean): ConfigChange[] {
  const target = `agents/${agent.id}`;
  const changes: ConfigChange[] = [];
  if (!current) {
    changes.push({
      kind: 'agent',
      action: 'create',
      target,
      agentId: agent.id,
      diffs: [{ field: 'name', after: agent.name }, ...(agent.description === '' ? [] : [{ field: 'description', after: agent.description }])],
    });
  } else {
    const diffs: FieldDiff[] = [];
    if (current.name !== agent.name) diffs.push({ field: 'name', before: current.name, after: agent.name });
    if (current.description !== agent.description) diffs.push({ field: 'description', before: current.description, after: agent.description });
    if (diffs.length > 0) changes.push({ kind: 'agent', action: 'update', target, agentId: agent.id, diffs });
  }
  const had = current?.tools ?? {};
  for (const [toolName, overrides] of Object.entries(agent.tools)) {
    const before = had[toolName];
    const assignment = { kind: 'assignment' as const, target: `${target}/tools/${toolName}`, agentId: agent.id, toolName };
    if (before === undefined) changes.push({ ...assignment, action: 'create', diffs: overrideDiffs({}, overrides) });
    else if (!sameJson(before, overrides)) changes.push({ ...assignment, action: 'update', diffs: overrideDiffs(before, overrides) });
  }
  if (prune) {
    for (const toolName of Object.keys(had)) {
      if (toolName in agent.tools) continue;
      changes.push({ kind: 'assignment', action: 'delete', target: `${target}/tools/${toolName}`, agentId: agent.id, toolName, diffs: overrideDiffs(had[toolName] ?? {}, undefined) });
    }
  }
  changes.push(...ruleChanges(agent.id, current?.rules ?? [], agent.rules, prune));
  changes.push(...policyChanges(agent.id, current?.policies ?? {}, agent.policies));
  changes.push(...tokenBudgetChanges(agent.id, current?.tokenBudget ?? null, agent.tokenBudget));
  return changes;
}

/** The diffs of an agent the file leaves out, as prune deletes it: its fields, tools and rules. */
export function agentDeletion(agent: ConfigAgent): ConfigChange {
  return {
    kind: 'agent',
    action: 'delete',
    target: `agents/${agent.id}`,
    agentId: agent.id,
    diffs: [
      { field: 'name', before: agent.name },
      ...(agent.description === '' ? [] : [{ field: 'description', before: agent.description }]),
      ...Object.keys(agent.tools).map((toolName) => ({ field: `tools.${toolName}`, before: agent.tools[toolName] })),
      ...agent.rules.map((rule) => ({ field: `rules.${rule.group}`, before: { exclude: rule.exclude } })),
      ...Object.entries(agent.policies ?? {}).map(([toolName, policy]) => ({ field: `policies.${toolName}`, before: policyEntry(policy) })),
      ...(agent.tokenBudget === undefined || agent.tokenBudget === null ? [] : [{ field: 'tokenBudget', before: agent.tokenBudget }]),
    ],
  };
}

function ruleChanges(agentId: string, current: readonly ConfigRule[], wanted: readonly ConfigRule[], prune: boolean): ConfigChange[] {
  const had = new Map(current.map((rule) => [rule.group, rule]));
  const rule = (group: string) => ({ kind: 'rule' as const, target: `agents/${agentId}/rules/${group}`, agentId, group });
  const changes: ConfigChange[] = [];
  for (const { group, exclude } of wanted) {
    const before = had.get(group);
    if (!before) changes.push({ ...rule(group), action: 'create', diffs: exclude.length === 0 ? [] : [{ field: 'exclude', after: exclude }] });
    else if (!sameJson(before.exclude, exclude)) changes.push({ ...rule(group), action: 'update', diffs: [{ field: 'exclude', before: before.exclude, after: exclude }] });
  }
  if (prune) {
    const groups = new Set(wanted.map(({ group }) => group));
    for (const { group, exclude } of current) {
      if (!groups.has(group)) changes.push({ ...rule(group), action: 'delete', diffs: exclude.length === 0 ? [] : [{ field: 'exclude', before: exclude }] });
    }
  }
  return changes;
}

/** One diff per top-level setting that differs (the whole value of a nested one). */
function overrideDiffs(before: Record<string, unknown>, after: Record<string, unknown> | undefined): FieldDiff[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after ?? {})])].sort();
  return keys.flatMap((key): FieldDiff[] => {
    const old = before[key];
    const next = after?.[key];
    if (sameJson(old, next)) return [];
    return [{ field: `overrides.${key}`, ...(old === undefined ? {} : { before: sortedJson(old) }), ...(next === undefined ? {} : { after: sortedJson(next) }) }];
  });
}

/** The server changes from the stored servers to the file's (deletions only with prune). */
export function serverChanges(current: readonly ConfigServer[], wanted: readonly ConfigServer[], prune: boolean): ConfigChange[] {
  const had = new Map(current.map((server) => [server.name, server]));
  const changes: ConfigChange[] = [];
  for (const server of wanted) {
    const before = had.get(server.name);
    const diffs = serverDiffs(before, server);
    if (before && diffs.length === 0) continue;
    changes.push({ kind: 'server', action: before ? 'update' : 'create', target: `servers/${server.name}`, serverName: server.name, diffs });
  }
  if (prune) {
    const names = new Set(wanted.map((server) => server.name));
    for (const server of current) {
      if (names.has(server.name)) continue;
      changes.push({ kind: 'server', action: 'delete', target: `servers/${server.name}`, serverName: server.name, diffs: serverDiffs(server, undefined) });
    }
  }
  return changes;
}

/** One diff per field of a server (`env.<name>` and `headers.<name>` per entry), leaving out its name. */
function serverDiffs(before: ConfigServer | undefined, after: ConfigServer | undefined): FieldDiff[] {
  const flat = (server: ConfigServer | undefined): Record<string, unknown> => {
    if (!server) return {};
    const entries: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(server)) {
      if (field === 'name') continue;
      if ((field === 'env' || field === 'headers') && typeof value === 'object' && value !== null) {
        for (const [key, entry] of Object.entries(value)) entries[`${field}.${key}`] = entry;
      } else {
        entries[field] = value;
      }
    }
    return entries;
  };
  const order = ['enabled', 'transport', 'command', 'args', 'url'];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return fieldDiffs(flat(before), flat(after), (a, b) => rank(a) - rank(b) || compareStrings(a, b));
}

/** The workflow changes from the stored workflows to the file's (deletions only with prune). */
export function workflowChanges(current: readonly ConfigWorkflow[], wanted: readonly ConfigWorkflow[], prune: boolean): ConfigChange[] {
  const had = new Map(current.map((workflow) => [workflow.name, workflow]));
  const changes: ConfigChange[] = [];
  const workflow = (name: string) => ({ kind: 'workflow' as const, target: `workflows/${name}`, workflowName: name });
  for (const wantedOne of wanted) {
    const before = had.get(wantedOne.name);
    if (before && sameJson(before, wantedOne)) continue;
    changes.push({ ...workflow(wantedOne.name), action: before ? 'update' : 'create', diffs: workflowDiffs(before, wantedOne) });
  }
  if (prune) {
    const names = new Set(wanted.map(({ name }) => name));
    for (const stored of current) {
      if (!names.has(stored.name)) changes.push({ ...workflow(stored.name), action: 'delete', diffs: workflowDiffs(stored, undefined) });
    }
  }
  return changes;
}

/**
 * A workflow's diffs: `description`, `output`, one `inputs.<name>` per input and one
 * `steps.<id>` per step, and `inputs` or `steps` with the names in order when the order moved.
 */
function workflowDiffs(before: ConfigWorkflow | undefined, after: ConfigWorkflow | undefined): FieldDiff[] {
  const flat = (workflow: ConfigWorkflow | undefined): Record<string, unknown> => {
    if (!workflow) return {};
    const entries: Record<string, unknown> = {};
    if (workflow.description !== '') entries.description = workflow.description;
    for (const { name, ...input } of workflow.inputs) entries[`inputs.${name}`] = input;
    for (const { id, ...step } of workflow.steps) entries[`steps.${id}`] = step;
    if (workflow.output !== '') entries.output = workflow.output;
    return entries;
  };
  const old = flat(before);
  const next = flat(after);
  // Inputs or steps on both sides whose order changed: the new order as a whole.
  for (const [field, names] of [
    ['inputs', (workflow?: ConfigWorkflow) => workflow?.inputs.map((input) => input.name) ?? []],
    ['steps', (workflow?: ConfigWorkflow) => workflow?.steps.map((step) => step.id) ?? []],
  ] as const) {
    const was = names(before);
    const is = names(after);
    const shared = (list: string[], other: string[]) => list.filter((name) => other.includes(name));
    if (before && after && !sameJson(shared(was, is), shared(is, was))) {
      old[field] = was;
      next[field] = is;
    }
  }
  const position = (workflow: ConfigWorkflow | undefined, field: string) => {
    const order = ['description', 'inputs', ...(workflow?.inputs.map(({ name }) => `inputs.${name}`) ?? []), 'steps', ...(workflow?.steps.map(({ id }) => `steps.${id}`) ?? []), 'output'];
    const at = order.indexOf(field);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  // The new workflow's order, then what only the old one had.
  const rank = (field: string) => (after && field in next ? position(after, field) : 1_000_000 + position(before, field));
  return fieldDiffs(old, next, (a, b) => rank(a) - rank(b) || compareStrings(a, b));
}

function fieldDiffs(old: Record<string, unknown>, next: Record<string, unknown>, order: (a: string, b: string) => number): FieldDiff[] {
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort(order);
  return fields.flatMap((field): FieldDiff[] =>
    sameJson(old[field], next[field]) ? [] : [{ field, ...(old[field] === undefined ? {} : { before: old[field] }), ...(next[field] === undefined ? {} : { after: next[field] }) }],
  );
}
