import 'server-only';
import { createHash } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import { MAX_OVERRIDES_BYTES } from '@/lib/assignments/assignment';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import type { Actor } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { escapePointerToken } from '@/lib/json-pointer';
import type { ToolRegistry } from '@/registry';
import { compareStrings } from '@/registry';
import type { ConfigAgent, ConfigFile } from './config-file';
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
  kind: 'agent' | 'assignment';
  action: 'create' | 'update' | 'delete';
  /** `agents/<id>` or `agents/<id>/tools/<tool>`, as the audit log names it. */
  target: string;
  agentId: string;
  toolName?: string;
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
  return makePlan(state, checkedFile(text, state, registry), prune);
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
  if (errors.length > 0 || !parsed.file) {
    errors.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new AppError('invalid', `The configuration file has ${errors.length === 1 ? '1 error' : `${errors.length} errors`}`, { errors });
  }
  return parsed.file;
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
