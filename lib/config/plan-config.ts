import 'server-only';
import { createHash } from 'node:crypto';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { authorizeSecretUse, authorizeServerChange } from '@/lib/mcp-servers/server-rules';
import type { ToolRegistry } from '@/registry';
import { compareStrings } from '@/registry';
import { checkedFile, type ConfigWarning } from './check-config';
import type { ConfigChange, ConfigPlan } from './config-plan';
import type { ConfigFile, ConfigServer } from './config-file';
import { agentChanges, agentDeletion, serverChanges, workflowChanges } from './config-diffs';
import { toolDefaultChanges } from './policy-diffs';
import { Pace, pacedJsonText } from '@/lib/pace';
import { parseConfig, type ParsedConfig } from './parse-config';
import { egressProblems, NO_SERVER_CHECKS, unlistedServers, type ServerChecks } from './server-checks';
import { readConfigState, type ConfigState } from './read-config-state';

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
 * `forbidden` without `agents:write` (and for stdio server changes without `servers:stdio`);
 * `invalid` with every error of the file (pointer, line, column): syntax, shape, overrides that
 * do not fit their tool's settings (its schema, then the plugin's own check), rules for groups
 * no plugin serves, workflows the workflows API would refuse. The catalogue it checks against
 * is the one the file makes: a workflow or an MCP server the file adds counts, so its tools may
 * be assigned in the same file. A plan never opens a connection: the tools of a server the file
 * adds or changes are not listed, and the plan says so in `warnings` instead of checking them. A
 * new server URL whose host the egress policy refuses is an error on its `url`, as the API's.
 */
export async function planConfig({ db, registry, actor, text, prune = false }: PlanConfigOptions): Promise<ConfigPlan> {
  authorize(actor, 'agents:write');
  authorizeAllAgents(actor, 'plan the configuration (it covers every agent)');
  const parsed = await parseConfig(text);
  const state = await readConfigState(db);
  const servers = await checkConfigServers({ state, registry, actor, parsed, prune });
  return (await planOn({ state, registry, actor, parsed, prune, servers })).plan;
}

/** What making a plan on a read state needs. */
export interface PlanOnOptions {
  state: ConfigState;
  registry: ToolRegistry;
  actor: Actor;
  /** The file, read by `parseConfig` (once: reading a large file takes seconds, in a worker). */
  parsed: ParsedConfig;
  prune: boolean;
  servers: ServerChecks;
}

/**
 * What the plan knows of the file's servers without connecting to any, after checking the actor
 * may make the file's server changes: which servers' tools it cannot list, and which new URLs the
 * egress policy refuses (a DNS lookup, never a connection). A file that does not parse has none:
 * its plan fails on its errors anyway.
 */
export async function checkConfigServers({ state, registry, actor, parsed, prune }: Omit<PlanOnOptions, 'servers'>): Promise<ServerChecks> {
  const { file } = parsed;
  if (!file) return NO_SERVER_CHECKS;
  authorizeServerChanges(actor, state, file.servers ? serverChanges(state.file.servers ?? [], file.servers, prune) : [], file.servers ?? []);
  return { unlisted: unlistedServers(state, file, prune, registry), egress: await egressProblems(state, file) };
}

/**
 * The plan of a file on a state already read, with its servers already checked, and the file it
 * read; no I/O, giving way to other requests every few milliseconds ({@link Pace}).
 */
export async function planOn({ state, registry, actor, parsed, prune, servers }: PlanOnOptions): Promise<{ plan: ConfigPlan; file: ConfigFile }> {
  const { file, warnings } = await checkedFile({ parsed, state, registry, prune, servers });
  const plan = await makePlan(state, file, prune, warnings);
  authorizeServerChanges(actor, state, plan.changes, file.servers ?? []);
  // As the group default API: it loosens or tightens every agent at once (admins only).
  if (plan.changes.some((change) => change.kind === 'tool-default')) authorize(actor, 'policy:defaults');
  return { plan, file };
}

/**
 * As the servers API: a change that creates, changes or removes a stdio server needs
 * `servers:stdio`, and one that creates or changes a server referencing a secret needs
 * `secrets:manage` (admins only); AppError `forbidden`.
 */
export function authorizeServerChanges(actor: Actor, state: ConfigState, changes: readonly ConfigChange[], wanted: readonly ConfigServer[]): void {
  const current = new Map((state.file.servers ?? []).map((server) => [server.name, server]));
  const inFile = new Map(wanted.map((server) => [server.name, server]));
  for (const change of changes) {
    if (change.kind !== 'server' || change.serverName === undefined) continue;
    const transport = change.diffs.find((diff) => diff.field === 'transport');
    authorizeServerChange(actor, current.get(change.serverName), { transport: transport?.after === 'stdio' ? 'stdio' : 'http' });
    const after = inFile.get(change.serverName);
    if (change.action !== 'delete' && after) authorizeSecretUse(actor, current.get(change.serverName), after);
  }
}

/** The changes from `state` to `file`, in target order, with the hash of both; gives way to other requests every few milliseconds ({@link Pace}). */
export async function makePlan(state: ConfigState, file: ConfigFile, prune: boolean, warnings: ConfigWarning[] = []): Promise<ConfigPlan> {
  const pace = new Pace();
  const current = new Map((state.file.agents ?? []).map((agent) => [agent.id, agent]));
  const wanted = new Map((file.agents ?? []).map((agent) => [agent.id, agent]));
  const changes: ConfigChange[] = [];
  for (const agent of wanted.values()) {
    await pace.breathe();
    changes.push(...agentChanges(current.get(agent.id), agent, prune));
  }
  if (prune && file.agents) {
    for (const agent of current.values()) if (!wanted.has(agent.id)) changes.push(agentDeletion(agent));
  }
  changes.push(...toolDefaultChanges(state.file.toolDefaults ?? {}, file.toolDefaults));
  if (file.servers) changes.push(...serverChanges(state.file.servers ?? [], file.servers, prune));
  if (file.workflows) changes.push(...workflowChanges(state.file.workflows ?? [], file.workflows, prune));
  changes.sort((a, b) => compareStrings(a.target, b.target));
  const summary = { create: 0, update: 0, delete: 0 };
  for (const change of changes) summary[change.action] += 1;
  const fingerprint = [...state.versions].sort(([a], [b]) => compareStrings(a, b));
  // What was not checked is part of the plan reviewed (its wording, e.g. a connect error's, is not).
  const unchecked = warnings.map((warning) => warning.pointer);
  const hash = createHash('sha256').update(await pacedJsonText({ prune, changes, fingerprint, unchecked }, pace)).digest('hex');
  return { hash, prune, changes, summary, warnings };
}

/** Refuses a plan whose hash is not the one reviewed; AppError `precondition_failed` with the plan as it stands. */
export function checkPlanHash(plan: ConfigPlan, planHash: string): void {
  if (plan.hash !== planHash) {
    throw new AppError('precondition_failed', 'The stored configuration changed since this plan was made (or the file did); review a new plan', { current: plan });
  }
}
