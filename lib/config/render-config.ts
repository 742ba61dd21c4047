import { Document } from 'yaml';
import { CONFIG_SCHEMA_PATH, type ConfigFile, type ConfigPolicy, type ConfigRule, type ConfigServer, type ConfigWorkflow } from './config-file';

/** The formats an export comes in. */
export type ConfigFormat = 'yaml' | 'json';

/**
 * A configuration file's text: YAML with a first line that names the schema (editors then
 * complete and check it), or JSON with `$schema`. Keys and lists are already in a stable order;
 * lines are never folded, so a change shows as the lines it changed.
 */
export function renderConfig(file: ConfigFile, format: ConfigFormat, baseUrl: string): string {
  const schemaUrl = `${baseUrl.replace(/\/$/, '')}${CONFIG_SCHEMA_PATH}`;
  // An agent with no description, tools or rules leaves the key out: less to read.
  const agents = (file.agents ?? []).map(({ id, name, description, tools, rules, policies, tokenBudget }) => ({
    id,
    name,
    ...(description === '' ? {} : { description }),
    ...(Object.keys(tools).length === 0 ? {} : { tools }),
    ...(rules.length === 0 ? {} : { rules: rules.map(ruleEntry) }),
    ...(policies === undefined || Object.keys(policies).length === 0 ? {} : { policies: policyEntries(policies) }),
    ...(tokenBudget === undefined || tokenBudget === null ? {} : { tokenBudget }),
  }));
  // Group defaults follow the agents, and only when there are any.
  const toolDefaults = file.toolDefaults === undefined || Object.keys(file.toolDefaults).length === 0 ? {} : { toolDefaults: policyEntries(file.toolDefaults) };
  // Servers and workflows follow the agents, and only when there are any: a file without them reads as before.
  const servers = file.servers === undefined || file.servers.length === 0 ? {} : { servers: file.servers.map(serverEntry) };
  const workflows = file.workflows === undefined || file.workflows.length === 0 ? {} : { workflows: file.workflows.map(workflowEntry) };
  if (format === 'json') return `${JSON.stringify({ $schema: schemaUrl, apiVersion: file.apiVersion, agents, ...toolDefaults, ...servers, ...workflows }, null, 2)}\n`;
  const document = new Document({ apiVersion: file.apiVersion, agents, ...toolDefaults, ...servers, ...workflows });
  return `# yaml-language-server: $schema=${schemaUrl}\n${document.toString({ lineWidth: 0, minContentWidth: 0 })}`;
}

/** A server's fields in a fixed order, leaving out empty lists and maps. */
function serverEntry(server: ConfigServer): Record<string, unknown> {
  const base = { name: server.name, enabled: server.enabled, transport: server.transport };
  if (server.transport === 'http') {
    return { ...base, url: server.url, ...(Object.keys(server.headers).length === 0 ? {} : { headers: server.headers }) };
  }
  return {
    ...base,
    command: server.command,
    ...(server.args.length === 0 ? {} : { args: server.args }),
    ...(Object.keys(server.env).length === 0 ? {} : { env: server.env }),
  };
}

/** Each tool's policy with only the keys it sets, in a fixed order (the tools already in name order). */
function policyEntries(policies: Record<string, ConfigPolicy>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(policies).map(([toolName, policy]) => [toolName, policyEntry(policy)]));
}

/** A policy as the policy API takes it, leaving out what falls through (null, no parameter descriptions). */
export function policyEntry({ displayName, description, parameterDescriptions, callPolicy }: ConfigPolicy): Record<string, unknown> {
  return {
    ...(displayName === null ? {} : { displayName }),
    ...(description === null ? {} : { description }),
    ...(Object.keys(parameterDescriptions).length === 0 ? {} : { parameterDescriptions }),
    ...(callPolicy === null ? {} : { callPolicy }),
  };
}

/** A rule as the rules API takes it, leaving out an empty exclusion list. */
function ruleEntry({ group, exclude }: ConfigRule): Record<string, unknown> {
  return { group, ...(exclude.length === 0 ? {} : { exclude }) };
}

/** A workflow as the workflows API takes it, leaving out what its defaults give (empty texts and lists, `required: false`). */
function workflowEntry(workflow: ConfigWorkflow): Record<string, unknown> {
  const inputs = workflow.inputs.map(({ name, type, required, description }) => ({
    name,
    type,
    ...(required ? { required } : {}),
    ...(description === '' ? {} : { description }),
  }));
  const steps = workflow.steps.map(({ id, tool, arguments: args }) => ({ id, tool, ...(Object.keys(args).length === 0 ? {} : { arguments: args }) }));
  return {
    name: workflow.name,
    ...(workflow.description === '' ? {} : { description: workflow.description }),
    ...(inputs.length === 0 ? {} : { inputs }),
    steps,
    ...(workflow.output === '' ? {} : { output: workflow.output }),
  };
}
