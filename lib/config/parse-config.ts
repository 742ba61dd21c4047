import 'server-only';
import Ajv from 'ajv';
import { agentDescriptionError, agentNameError } from '@/lib/agents/agent-rules';
import { PutPolicyBodySchema, PutTokenBudgetBodySchema } from '@/lib/api/policy-schemas';
import { CreateRuleBodySchema } from '@/lib/api/rule-schemas';
import { ServerBodySchema } from '@/lib/api/server-schemas';
import { WorkflowBodySchema } from '@/lib/api/workflow-schemas';
import { findForbiddenKey } from '@/lib/http/json-guards';
import { escapePointerToken, unescapePointerToken } from '@/lib/json-pointer';
import { compareStrings } from '@/registry';
import { sortedJson } from './sorted-json';
import { configJsonSchema, normalServer, type ConfigAgent, type ConfigFile, type ConfigPolicy, type ConfigRule, type ConfigServer, type ConfigWorkflow } from './config-file';
import { Pace } from '@/lib/pace';
import { linePosition, readConfigText, type ReadConfig } from './read-config-text';
import type { Positions } from './read-yaml.mjs';

/** One thing wrong with a configuration file, where it is: a JSON Pointer and the 1-based line and column. */
export interface ConfigError {
  pointer: string;
  message: string;
  line: number;
  column: number;
}

/** A parsed file, and how to find where a pointer into it sits in the text. */
export interface ParsedConfig {
  file?: ConfigFile;
  errors: ConfigError[];
  /** The line and column of the value (or the key, for `atKey`) a pointer names, or of the nearest parent. */
  locate: (pointer: string, atKey?: boolean) => { line: number; column: number };
}

const ajv = new Ajv({ allErrors: true, strict: false });
// Rules and workflows are checked by the API's own body schemas below, with the API's messages.
const validateShape = ajv.compile(configJsonSchema('urn:tools-admin:config', { withBodies: false }));

/**
 * Reads a configuration file, YAML or JSON (a JSON file is YAML too, so both keep positions):
 * its size, values and depth within the limits (`readConfigText`, in a worker thread), syntax
 * errors, then the schema's errors, then what the schema cannot say (an id twice, a name or
 * description with control characters) and the API's own body checks of servers, rules and
 * workflows, each with its line and column. Overrides, rule groups and workflow steps are
 * checked against the tools later, by the plan, which knows the registry. AppError `too_large`
 * for a file over CONFIG_MAX_BYTES or too costly to read.
 */
export async function parseConfig(text: string): Promise<ParsedConfig> {
  return checkRead(await readConfigText(text));
}

/** A file read by `readConfigText`, checked as {@link parseConfig} says; no I/O, giving way to other requests every few milliseconds ({@link Pace}). */
export async function checkRead(read: ReadConfig): Promise<ParsedConfig> {
  const pace = new Pace();
  const position = (offset: number) => linePosition(read.lineStarts, offset);
  const locate = (pointer: string, atKey = false) => position(offsetOf(read.positions(), pointer, atKey));
  if (read.errors.length > 0 || !('value' in read)) {
    return { errors: read.errors.map((error) => ({ pointer: '', message: error.message, ...position(error.offset) })), locate };
  }
  const value: unknown = read.value;
  const forbidden = findForbiddenKey(value);
  if (forbidden !== undefined) {
    return { errors: [{ pointer: forbidden, message: 'The keys "__proto__", "constructor" and "prototype" are not accepted.', ...locate(forbidden, true) }], locate };
  }
  if (!validateShape(value)) {
    // `if` only says which branch failed; that branch's own errors say how.
    const errors = (validateShape.errors ?? []).filter((error) => error.keyword !== 'if').map((error): ConfigError => {
      const extra = error.keyword === 'additionalProperties' ? (error.params as { additionalProperty: string }).additionalProperty : undefined;
      const pointer = extra === undefined ? error.instancePath : `${error.instancePath}/${escapePointerToken(extra)}`;
      const message = extra !== undefined ? `"${extra}" is not a field here` : shapeMessage(error.keyword, error.params, error.instancePath, error.message);
      return { pointer, message, ...locate(pointer, extra !== undefined) };
    });
    return { errors: uniqueErrors(errors), locate };
  }
  const file = value as ConfigFile & { $schema?: string };
  const errors: ConfigError[] = [];
  const seen = new Map<string, number>();
  const agents: ConfigAgent[] = [];
  for (const [index, agent] of (file.agents ?? []).entries()) {
    await pace.breathe();
    const at = `/agents/${index}`;
    const first = seen.get(agent.id);
    if (first !== undefined) errors.push({ pointer: `${at}/id`, message: `Agent "${agent.id}" is already listed (item ${first + 1})`, ...locate(`${at}/id`) });
    else seen.set(agent.id, index);
    const nameError = agentNameError(agent.name);
    if (nameError) errors.push({ pointer: `${at}/name`, message: nameError, ...locate(`${at}/name`) });
    const descriptionError = agentDescriptionError(agent.description ?? '');
    if (descriptionError) errors.push({ pointer: `${at}/description`, message: descriptionError, ...locate(`${at}/description`) });
    const rules: ConfigRule[] = [];
    const seenGroups = new Map<string, number>();
    for (const [ruleIndex, rule] of ((agent as { rules?: unknown[] }).rules ?? []).entries()) {
      const ruleAt = `${at}/rules/${ruleIndex}`;
      const checked = CreateRuleBodySchema.safeParse(rule);
      errors.push(...issueErrors(ruleAt, checked.error?.issues, locate));
      if (!checked.success) continue;
      const { group, exclude } = checked.data;
      const firstRule = seenGroups.get(group);
      if (firstRule !== undefined) errors.push({ pointer: `${ruleAt}/group`, message: `A rule for group "${group}" is already listed (rule ${firstRule + 1})`, ...locate(`${ruleAt}/group`) });
      seenGroups.set(group, ruleIndex);
      // As the rules store keeps them: each excluded name once, in order.
      rules.push({ group, exclude: [...new Set(exclude)].sort(compareStrings) });
    }
    const raw = agent as { policies?: Record<string, unknown>; tokenBudget?: unknown };
    const policies = raw.policies === undefined ? undefined : policyMap(`${at}/policies`, raw.policies, errors, locate);
    let tokenBudget: number | null | undefined;
    if ('tokenBudget' in raw) {
      // The token budget API's own rule.
      const checked = PutTokenBudgetBodySchema.safeParse({ tokens: raw.tokenBudget });
      errors.push(...issueErrors(`${at}/tokenBudget`, checked.error?.issues.map((issue) => ({ ...issue, path: issue.path.slice(1) })), locate));
      tokenBudget = checked.success ? checked.data.tokens : null;
    }
    agents.push({
      id: agent.id,
      name: agent.name.trim(),
      description: (agent.description ?? '').trim(),
      tools: agent.tools ?? {},
      rules,
      ...(policies === undefined ? {} : { policies }),
      ...(tokenBudget === undefined ? {} : { tokenBudget }),
    });
  }
  const servers: ConfigServer[] = [];
  const seenServers = new Map<string, number>();
  for (const [index, server] of (file.servers ?? []).entries()) {
    const at = `/servers/${index}`;
    const first = seenServers.get(server.name);
    if (first !== undefined) errors.push({ pointer: `${at}/name`, message: `Server "${server.name}" is already listed (item ${first + 1})`, ...locate(`${at}/name`) });
    else seenServers.set(server.name, index);
    // The servers API's own rules: a credential only as a ${VAR} reference, an http(s) URL, no NUL.
    const checked = ServerBodySchema.safeParse(server);
    if (checked.success) servers.push(normalServer(checked.data));
    errors.push(...issueErrors(at, checked.error?.issues, locate));
  }
  const workflows: ConfigWorkflow[] = [];
  const seenWorkflows = new Map<string, number>();
  for (const [index, workflow] of (file.workflows ?? []).entries()) {
    const at = `/workflows/${index}`;
    // The workflows API's own body: names, step ids, sizes, defaults filled in.
    const checked = WorkflowBodySchema.safeParse(workflow);
    errors.push(...issueErrors(at, checked.error?.issues, locate));
    if (!checked.success) continue;
    const first = seenWorkflows.get(checked.data.name);
    if (first !== undefined) errors.push({ pointer: `${at}/name`, message: `Workflow "${checked.data.name}" is already listed (item ${first + 1})`, ...locate(`${at}/name`) });
    else seenWorkflows.set(checked.data.name, index);
    workflows.push(normalWorkflow(checked.data));
  }
  const toolDefaults = file.toolDefaults === undefined ? undefined : policyMap('/toolDefaults', file.toolDefaults, errors, locate);
  if (errors.length > 0) return { errors, locate };
  return {
    file: {
      apiVersion: file.apiVersion,
      ...(file.agents === undefined ? {} : { agents }),
      ...(toolDefaults === undefined ? {} : { toolDefaults }),
      ...(file.servers === undefined ? {} : { servers }),
      ...(file.workflows === undefined ? {} : { workflows }),
    },
    errors: [],
    locate,
  };
}

/** A workflow with its fields in a fixed order and its steps' arguments in key order, as files and plans compare them. */
export function normalWorkflow(workflow: ConfigWorkflow): ConfigWorkflow {
  return {
    name: workflow.name,
    description: workflow.description,
    inputs: workflow.inputs.map(({ name, type, required, description }) => ({ name, type, required, description })),
    steps: workflow.steps.map(({ id, tool, arguments: args }) => ({ id, tool, arguments: sortedJson(args) as Record<string, unknown> })),
    output: workflow.output,
  };
}

/**
 * A map of tool name → policy layer, each read by the policy API's own body schema (absent keys
 * are null), in name order with its parameter descriptions in name order; errors go to `errors`.
 */
function policyMap(at: string, value: Record<string, unknown>, errors: ConfigError[], locate: ParsedConfig['locate']): Record<string, ConfigPolicy> {
  const policies: Record<string, ConfigPolicy> = {};
  for (const toolName of Object.keys(value).sort(compareStrings)) {
    const pointer = `${at}/${escapePointerToken(toolName)}`;
    const checked = PutPolicyBodySchema.safeParse(value[toolName]);
    errors.push(...issueErrors(pointer, checked.error?.issues, locate));
    if (checked.success) policies[toolName] = normalPolicy(checked.data);
  }
  return policies;
}

/** A policy layer with its parameter descriptions in name order, as files and plans compare them. */
export function normalPolicy(policy: ConfigPolicy): ConfigPolicy {
  const names = Object.keys(policy.parameterDescriptions).sort(compareStrings);
  return {
    displayName: policy.displayName,
    description: policy.description,
    parameterDescriptions: Object.fromEntries(names.map((name) => [name, policy.parameterDescriptions[name]!])),
    callPolicy: policy.callPolicy,
  };
}

/** A body schema's issues as errors of the file, under `at`. */
function issueErrors(at: string, issues: readonly { path: readonly PropertyKey[]; message: string }[] | undefined, locate: ParsedConfig['locate']): ConfigError[] {
  return (issues ?? []).map((issue) => {
    const pointer = `${at}${issue.path.map((token) => `/${escapePointerToken(String(token))}`).join('')}`;
    return { pointer, message: issue.message, ...locate(pointer) };
  });
}

/** The text offset of the value a pointer names; the nearest existing parent's when it does not exist. */
function offsetOf(positions: Positions, pointer: string, atKey: boolean): number {
  const path = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointerToken);
  let node: Positions | undefined = positions;
  let offset = startOf(node) ?? 0;
  for (const [index, token] of path.entries()) {
    if (node !== null && typeof node === 'object' && 'entries' in node) {
      const entry: [string, number, Positions] | undefined = node.entries.find(([key]) => key === token);
      if (!entry) return offset;
      if (atKey && index === path.length - 1) return entry[1];
      node = entry[2];
    } else if (node !== null && typeof node === 'object' && 'items' in node) {
      node = node.items[Number(token)];
    } else {
      return offset;
    }
    offset = startOf(node) ?? offset;
  }
  return offset;
}

function startOf(node: Positions | undefined): number | undefined {
  if (node === null || node === undefined) return undefined;
  return typeof node === 'number' ? node : node.at;
}

function shapeMessage(keyword: string, params: Record<string, unknown>, instancePath: string, message = 'is not valid'): string {
  if (keyword === 'required') return `"${String(params.missingProperty)}" is required`;
  if (instancePath === '') return `The file ${message}`;
  const token = lastToken(instancePath);
  return `${/^\d+$/.test(token) ? `Item ${Number(token) + 1}` : `"${token}"`} ${message}`;
}

function lastToken(pointer: string): string {
  return unescapePointerToken(pointer.slice(pointer.lastIndexOf('/') + 1));
}

function uniqueErrors(errors: ConfigError[]): ConfigError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.pointer}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
