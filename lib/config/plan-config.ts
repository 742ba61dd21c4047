import 'server-only';
import { createHash } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import { MAX_OVERRIDES_BYTES } from '@/lib/assignments/assignment';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { escapePointerToken } from '@/lib/json-pointer';
import { authorizeServerChange, isStdioOff, STDIO_OFF_REASON } from '@/lib/mcp-servers/server-rules';
import type { ToolRegistry } from '@/registry';
import { compareStrings } from '@/registry';
import type { ConfigAgent, ConfigFile, ConfigServer } from './config-file';
import { parseConfig, type ConfigError } from './parse-config';
import { readConfigState, type ConfigState } from './read-config-state';
import { sameJson, sortedJson } from './sorted-json';

/** One field of an object as it is and as the file wants it; a side is absent when the field is. */
export interface FieldDiff {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** One object the plan creates, updates or deletes. */
export interface ConfigChange {
  kind: 'agent' | 'assignment' | 'server';
  action: 'create' | 'update' | 'delete';
  /** `agents/<id>`, `agents/<id>/tools/<tool>` or `servers/<name>`, as the audit log names it. */
  target: string;
  /** The agent of an agent or assignment change. */
  agentId?: string;
  toolName?: string;
  /** The server of a server change. */
  serverName?: string;
  diffs: FieldDiff[];
}

/** What applying a file would change, and the hash that ties it to the state it was made on. */
export interface ConfigPlan {
  hash: string;
  prune: boolean;
  changes: ConfigChange[];
  summary: { create: number; update: number; delete: number };
}

/** What `planConfig` needs. */
export interface PlanConfigOptions {
  db: Db;
  registry: ToolRegistry;
  actor: Actor;
  /** The file's text, YAML or JSON. */
  text: string;
  /** Delete what the file leaves out; without it nothing is deleted. */
  prune?: boolean;
}

/**
 * The plan of a configuration file against the stored state, changing nothing. AppError
 * `forbidden` without `agents:write`; `invalid` with every error of the file (pointer, line,
 * column): syntax, shape, and overrides that do not fit their tool's settings (its schema, then
 * the plugin's own check, e.g. `baseDir` inside FS_ALLOWED_ROOTS).
 */
export async function planConfig({ db, registry, actor, text, prune = false }: PlanConfigOptions): Promise<ConfigPlan> {
  authorize(actor, 'agents:write');
  const state = await readConfigState(db);
  const plan = makePlan(state, checkedFile(text, state, registry), prune);
  authorizeServerChanges(actor, state, plan);
  return plan;
}

/**
 * As the servers API: a change that creates, changes or removes a stdio server needs
 * `servers:stdio` (admins only); AppError `forbidden`.
 */
export function authorizeServerChanges(actor: Actor, state: ConfigState, plan: ConfigPlan): void {
  const current = new Map((state.file.servers ?? []).map((server) => [server.name, server]));
  for (const change of plan.changes) {
    if (change.kind !== 'server' || change.serverName === undefined) continue;
    const transport = change.diffs.find((diff) => diff.field === 'transport');
    authorizeServerChange(actor, current.get(change.serverName), { transport: transport?.after === 'stdio' ? 'stdio' : 'http' });
  }
}

/** The file parsed and checked against the tools; throws AppError `invalid` listing every error. */
export function checkedFile(text: string, state: ConfigState, registry: ToolRegistry): ConfigFile {
  const parsed = parseConfig(text);
  const errors: ConfigError[] = [...parsed.errors];
  if (parsed.file) {
    const lookup = toolLookup(registry);
    const assigned = new Set(state.versions.keys());
    for (const [index, agent] of parsed.file.agents.entries()) {
      for (const [toolName, overrides] of Object.entries(agent.tools)) {
        const at = `/agents/${index}/tools/${escapePointerToken(toolName)}`;
        const entry = lookup(toolName);
        if (!entry) {
          // As the API does: an assignment whose tool has gone is kept, never refused.
          if (!assigned.has(`agents/${agent.id}/tools/${toolName}`)) errors.push({ pointer: at, message: `No tool named "${toolName}" is known`, ...parsed.locate(at, true) });
          continue;
        }
        const size = Buffer.byteLength(JSON.stringify(overrides), 'utf8');
        if (size > MAX_OVERRIDES_BYTES) {
          errors.push({ pointer: at, message: `Overrides must be at most ${MAX_OVERRIDES_BYTES / 1024} KiB as JSON; these are ${size} bytes`, ...parsed.locate(at) });
          continue;
        }
        for (const error of lookup.overridesErrors(entry, overrides)) {
          const pointer = `${at}${error.pointer.replace(/^\/overrides/, '')}`;
          errors.push({ pointer, message: `${toolName}: ${error.message}`, ...parsed.locate(pointer) });
        }
      }
    }
  }
  if (parsed.file?.servers) errors.push(...serverErrors(parsed.file.servers, state, registry, parsed.locate));
  if (errors.length > 0 || !parsed.file) {
    errors.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new AppError('invalid', `The configuration file has ${errors.length === 1 ? '1 error' : `${errors.length} errors`}`, { errors });
  }
  return parsed.file;
}

/**
 * What the servers API refuses beyond a server's own fields: a new server named like a group of
 * other tools, and a stdio server that would run while the operator turned stdio off.
 */
function serverErrors(servers: ConfigServer[], state: ConfigState, registry: ToolRegistry, locate: (pointer: string) => { line: number; column: number }): ConfigError[] {
  const current = new Map((state.file.servers ?? []).map((server) => [server.name, server]));
  const takenGroups = new Set(registry.groups().filter((group) => !current.has(group)));
  const errors: ConfigError[] = [];
  for (const [index, server] of servers.entries()) {
    const at = `/servers/${index}`;
    const before = current.get(server.name);
    if (!before && takenGroups.has(server.name)) {
      errors.push({ pointer: `${at}/name`, message: `"${server.name}" is already the group of other tools; give the server another name`, ...locate(`${at}/name`) });
    }
    const changes = !before || !sameJson(before, server);
    const runsStdio = server.transport === 'stdio' && (!before || before.transport !== 'stdio' || server.enabled);
    if (changes && runsStdio && isStdioOff()) {
      errors.push({ pointer: `${at}/transport`, message: `This server cannot be saved: ${STDIO_OFF_REASON}`, ...locate(`${at}/transport`) });
    }
  }
  return errors;
}

/** The changes from `state` to `file`, in target order, with the hash of both. */
export function makePlan(state: ConfigState, file: ConfigFile, prune: boolean): ConfigPlan {
  const current = new Map(state.file.agents.map((agent) => [agent.id, agent]));
  const wanted = new Map(file.agents.map((agent) => [agent.id, agent]));
  const changes: ConfigChange[] = [];
  for (const agent of wanted.values()) changes.push(...agentChanges(current.get(agent.id), agent, prune));
  if (prune) {
    for (const agent of current.values()) {
      if (wanted.has(agent.id)) continue;
      changes.push({
        kind: 'agent',
        action: 'delete',
        target: `agents/${agent.id}`,
        agentId: agent.id,
        diffs: [
          { field: 'name', before: agent.name },
          ...(agent.description === '' ? [] : [{ field: 'description', before: agent.description }]),
          ...Object.keys(agent.tools).map((toolName) => ({ field: `tools.${toolName}`, before: agent.tools[toolName] })),
        ],
      });
    }
  }
  if (file.servers) changes.push(...serverChanges(state.file.servers ?? [], file.servers, prune));
  changes.sort((a, b) => compareStrings(a.target, b.target));
  const summary = { create: 0, update: 0, delete: 0 };
  for (const change of changes) summary[change.action] += 1;
  const fingerprint = [...state.versions].sort(([a], [b]) => compareStrings(a, b));
  const hash = createHash('sha256').update(JSON.stringify({ prune, changes, fingerprint })).digest('hex');
  return { hash, prune, changes, summary };
}

function agentChanges(current: ConfigAgent | undefined, agent: ConfigAgent, prune: boolean): ConfigChange[] {
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

function serverChanges(current: ConfigServer[], wanted: ConfigServer[], prune: boolean): ConfigChange[] {
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
  const old = flat(before);
  const next = flat(after);
  const order = ['enabled', 'transport', 'command', 'args', 'url'];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])].sort((a, b) => rank(a) - rank(b) || compareStrings(a, b));
  return fields.flatMap((field): FieldDiff[] =>
    sameJson(old[field], next[field]) ? [] : [{ field, ...(old[field] === undefined ? {} : { before: old[field] }), ...(next[field] === undefined ? {} : { after: next[field] }) }],
  );
}
