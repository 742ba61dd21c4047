import 'server-only';
import { AppError } from '@/lib/app-error';
import { MAX_OVERRIDES_BYTES } from '@/lib/assignments/assignment';
import { escapePointerToken } from '@/lib/json-pointer';
import { configReferenceProblems } from '@/lib/mcp-servers/server-config';
import { isStdioOff, STDIO_OFF_REASON } from '@/lib/mcp-servers/server-rules';
import { envAllowlist } from '@/lib/secrets/references';
import { ruleGroupProblem } from '@/lib/rules/rule';
import { validateWorkflow } from '@/lib/workflows/validate-workflow';
import type { ToolRegistry } from '@/registry';
import type { ConfigFile, ConfigServer } from './config-file';
import type { ParsedConfig, ConfigError } from './parse-config';
import { Pace } from '@/lib/pace';
import { plannedTools, type PlannedTools } from './planned-tools';
import { policyProblems } from './policy-checks';
import type { ServerChecks } from './server-checks';
import type { ConfigState } from './read-config-state';
import { sameJson } from './sorted-json';

/** Something the plan could not check, where it is in the file and which change it concerns. */
export interface ConfigWarning extends ConfigError {
  /** The change it concerns, as the plan names it. */
  target: string;
}

/** What `checkedFile` needs. */
export interface CheckFileOptions {
  parsed: ParsedConfig;
  state: ConfigState;
  registry: ToolRegistry;
  prune: boolean;
  servers: ServerChecks;
}

/**
 * The parsed file checked against the catalogue as it will be once applied (its workflows and
 * servers in, pruned ones out): assignments' tools and overrides, new rules' groups, new or
 * changed tool policies and group defaults (`policyProblems`), and new
 * or changed workflows by the workflows API's own `validateWorkflow`. Throws AppError `invalid`
 * listing every error (a new server URL the egress policy refuses among them); answers the file
 * and what could not be checked (a tool of a server whose tools the plan does not list), each a
 * warning with its line. Gives way to other requests every few milliseconds ({@link Pace}).
 */
export async function checkedFile({ parsed, state, registry, prune, servers }: CheckFileOptions): Promise<{ file: ConfigFile; warnings: ConfigWarning[] }> {
  const pace = new Pace();
  const errors: ConfigError[] = [...parsed.errors];
  const warnings: ConfigWarning[] = [];
  if (parsed.file) {
    const tools = plannedTools({ registry, state, file: parsed.file, prune, probes: servers.unlisted });
    const { locate } = parsed;
    const stored = new Map((state.file.agents ?? []).map((agent) => [agent.id, agent]));
    for (const [index, agent] of (parsed.file.agents ?? []).entries()) {
      await pace.breathe();
      const before = stored.get(agent.id);
      for (const [toolName, overrides] of Object.entries(agent.tools)) {
        const at = `/agents/${index}/tools/${escapePointerToken(toolName)}`;
        const target = `agents/${agent.id}/tools/${toolName}`;
        const tool = tools.find(toolName);
        if (!tool) {
          // As the API does: an assignment whose tool has gone stays, never refused.
          if (!state.versions.has(target)) errors.push({ pointer: at, message: `No tool named "${toolName}" is known`, ...locate(at, true) });
          continue;
        }
        const size = Buffer.byteLength(JSON.stringify(overrides), 'utf8');
        if (size > MAX_OVERRIDES_BYTES) {
          errors.push({ pointer: at, message: `Overrides must be at most ${MAX_OVERRIDES_BYTES / 1024} KiB as JSON; these are ${size} bytes`, ...locate(at) });
          continue;
        }
        const old = before?.tools[toolName];
        if (tool.unverified !== undefined && (old === undefined || !sameJson(old, overrides))) {
          warnings.push({ pointer: at, target, message: `"${toolName}" and its settings are not checked: ${tool.unverified}`, ...locate(at, true) });
        }
        for (const error of tools.overridesErrors(tool, overrides)) {
          const pointer = `${at}${error.pointer.replace(/^\/overrides/, '')}`;
          errors.push({ pointer, message: `${toolName}: ${error.message}`, ...locate(pointer) });
        }
      }
      for (const [ruleIndex, rule] of agent.rules.entries()) {
        // As the rules API: a new rule's group must exist; an existing rule stays when its group has gone.
        if (before?.rules.some((existing) => existing.group === rule.group)) continue;
        const problem = ruleGroupProblem(tools.groups, rule.group);
        const pointer = `/agents/${index}/rules/${ruleIndex}/group`;
        if (problem) errors.push({ pointer, message: problem, ...locate(pointer) });
      }
    }
    errors.push(...policyProblems({ file: parsed.file, state, registry, tools, prune, locate }));
    if (parsed.file.servers) errors.push(...serverErrors(parsed.file.servers, state, registry, locate, servers.egress));
    const checked = workflowProblems(parsed.file, state, tools, locate);
    errors.push(...checked.errors);
    warnings.push(...checked.warnings);
  }
  if (errors.length > 0 || !parsed.file) {
    errors.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new AppError('invalid', `The configuration file has ${errors.length === 1 ? '1 error' : `${errors.length} errors`}`, { errors });
  }
  warnings.sort((a, b) => a.line - b.line || a.column - b.column);
  return { file: parsed.file, warnings };
}

/** New and changed workflows, as the workflows API checks them on save, against the planned catalogue. */
function workflowProblems(file: ConfigFile, state: ConfigState, tools: PlannedTools, locate: ParsedConfig['locate']): { errors: ConfigError[]; warnings: ConfigWarning[] } {
  const errors: ConfigError[] = [];
  const warnings: ConfigWarning[] = [];
  const stored = new Map((state.file.workflows ?? []).map((workflow) => [workflow.name, workflow]));
  for (const [index, workflow] of (file.workflows ?? []).entries()) {
    const before = stored.get(workflow.name);
    if (before && sameJson(before, workflow)) continue;
    const at = `/workflows/${index}`;
    const found = validateWorkflow(workflow, { entry: (toolName) => tools.find(toolName)?.entry, stepsOf: (name) => tools.stepsOf(name) });
    for (const error of found) errors.push({ pointer: `${at}${error.pointer}`, message: error.message, ...locate(`${at}${error.pointer}`) });
    for (const [stepIndex, step] of workflow.steps.entries()) {
      const unverified = tools.find(step.tool)?.unverified;
      const pointer = `${at}/steps/${stepIndex}/tool`;
      if (unverified !== undefined) warnings.push({ pointer, target: `workflows/${workflow.name}`, message: `Step "${step.id}": "${step.tool}" and its arguments are not checked: ${unverified}`, ...locate(pointer) });
    }
  }
  return { errors, warnings };
}

/**
 * What the servers API refuses beyond a server's own fields: a new server named like a group of
 * other tools, a stdio server that would run while the operator turned stdio off, a new URL
 * the egress policy refuses (`egress`, by server name), and a new or changed server whose
 * references name no secret of the store (or break the reference rule).
 */
function serverErrors(servers: ConfigServer[], state: ConfigState, registry: ToolRegistry, locate: ParsedConfig['locate'], egress: ReadonlyMap<string, string>): ConfigError[] {
  const current = new Map((state.file.servers ?? []).map((server) => [server.name, server]));
  const takenGroups = new Set(registry.groups().filter((group) => !current.has(group)));
  const errors: ConfigError[] = [];
  for (const [index, server] of servers.entries()) {
    const at = `/servers/${index}`;
    const before = current.get(server.name);
    if (!before && takenGroups.has(server.name)) {
      errors.push({ pointer: `${at}/name`, message: `"${server.name}" is already the group of other tools; give the server another name`, ...locate(`${at}/name`) });
    }
    const refused = egress.get(server.name);
    if (refused !== undefined) errors.push({ pointer: `${at}/url`, message: `This server cannot be reached from here: ${refused}`, ...locate(`${at}/url`) });
    const changes = !before || !sameJson(before, server);
    const runsStdio = server.transport === 'stdio' && (!before || before.transport !== 'stdio' || server.enabled);
    if (changes && runsStdio && isStdioOff()) {
      errors.push({ pointer: `${at}/transport`, message: `This server cannot be saved: ${STDIO_OFF_REASON}`, ...locate(`${at}/transport`) });
    }
    if (!changes) continue;
    for (const problem of configReferenceProblems(server, { isEnvAllowed: envAllowlist(process.env.SERVER_ENV_ALLOWLIST), secretNames: state.secretNames })) {
      errors.push({ pointer: `${at}${problem.pointer}`, message: problem.message, ...locate(`${at}${problem.pointer}`) });
    }
  }
  return errors;
}
