import 'server-only';
import type { Db } from '@/lib/db/schema';
import { configOf, toServerRecord } from '@/lib/mcp-servers/server-record';
import { toRule } from '@/lib/rules/rule';
import { toWorkflow } from '@/lib/workflows/workflow';
import { compareStrings } from '@/registry';
import { toAgentLayer, toDefaultLayer, type PolicyLayer } from '@/lib/policy/tool-policy';
import { CONFIG_API_VERSION, normalServer, type ConfigFile, type ConfigPolicy, type ConfigRule } from './config-file';
import { normalPolicy, normalWorkflow } from './parse-config';
import { sortedJson } from './sorted-json';

/** The stored configuration with each object's version, as a plan compares and fingerprints it. */
export interface ConfigState {
  file: ConfigFile;
  /**
   * `agents/<id>`, `agents/<id>/tools/<tool>`, `agents/<id>/rules/<group>`, `servers/<name>` and
   * `workflows/<name>`, `agents/<id>/policies/<tool>`, `agents/<id>/token-budget` and
   * `tools/<tool>/policy` (a group default) → version.
   */
  versions: Map<string, number>;
  /** The names of the secret store's secrets (what `${secret:NAME}` references may name); never their values. */
  secretNames: ReadonlySet<string>;
}

/**
 * Reads every agent (with its assignments, group rules, tool policies and token budget), group
 * default, MCP server and workflow, in id, tool name, group, server name and workflow name order
 * (byte order on both engines).
 */
export async function readConfigState(db: Db): Promise<ConfigState> {
  const [agents, assignments, rules, servers, workflows, secrets, policies, defaults, budgets] = await Promise.all([
    db.selectFrom('agents').selectAll().execute(),
    db.selectFrom('assignments').selectAll().execute(),
    db.selectFrom('agent_rules').selectAll().execute(),
    db.selectFrom('mcp_servers').selectAll().execute(),
    db.selectFrom('workflows').selectAll().execute(),
    db.selectFrom('secrets').select('name').execute(),
    db.selectFrom('agent_tool_policies').selectAll().execute(),
    db.selectFrom('tool_policy_defaults').selectAll().execute(),
    db.selectFrom('agent_token_budgets').selectAll().execute(),
  ]);
  const versions = new Map<string, number>();
  const toolsOf = new Map<string, Record<string, Record<string, unknown>>>();
  for (const row of [...assignments].sort((a, b) => compareStrings(a.tool_name, b.tool_name))) {
    const tools = toolsOf.get(row.agent_id) ?? {};
    tools[row.tool_name] = sortedJson(JSON.parse(row.overrides)) as Record<string, unknown>;
    toolsOf.set(row.agent_id, tools);
    versions.set(`agents/${row.agent_id}/tools/${row.tool_name}`, Number(row.version));
  }
  const rulesOf = new Map<string, ConfigRule[]>();
  for (const row of [...rules].sort((a, b) => compareStrings(a.group_name, b.group_name))) {
    const rule = toRule(row);
    rulesOf.set(rule.agentId, [...(rulesOf.get(rule.agentId) ?? []), { group: rule.group, exclude: [...rule.exclude].sort(compareStrings) }]);
    versions.set(`agents/${rule.agentId}/rules/${rule.group}`, rule.version);
  }
  const policiesOf = new Map<string, Record<string, ConfigPolicy>>();
  for (const row of [...policies].sort((a, b) => compareStrings(a.tool_name, b.tool_name))) {
    policiesOf.set(row.agent_id, { ...policiesOf.get(row.agent_id), [row.tool_name]: layerPolicy(toAgentLayer(row)) });
    versions.set(`agents/${row.agent_id}/policies/${row.tool_name}`, Number(row.version));
  }
  const budgetOf = new Map<string, number>();
  for (const row of budgets) {
    budgetOf.set(row.agent_id, Number(row.tokens));
    versions.set(`agents/${row.agent_id}/token-budget`, Number(row.version));
  }
  const toolDefaults: Record<string, ConfigPolicy> = {};
  for (const row of [...defaults].sort((a, b) => compareStrings(a.tool_name, b.tool_name))) {
    toolDefaults[row.tool_name] = layerPolicy(toDefaultLayer(row));
    versions.set(`tools/${row.tool_name}/policy`, Number(row.version));
  }
  const file: ConfigFile = {
    apiVersion: CONFIG_API_VERSION,
    agents: [...agents]
      .sort((a, b) => compareStrings(a.id, b.id))
      .map((row) => {
        versions.set(`agents/${row.id}`, Number(row.version));
        return {
          id: row.id,
          name: row.name,
          description: row.description,
          tools: toolsOf.get(row.id) ?? {},
          rules: rulesOf.get(row.id) ?? [],
          policies: policiesOf.get(row.id) ?? {},
          tokenBudget: budgetOf.get(row.id) ?? null,
        };
      }),
    toolDefaults,
    servers: [...servers]
      .sort((a, b) => compareStrings(a.name, b.name))
      .map((row) => {
        versions.set(`servers/${row.name}`, Number(row.version));
        return normalServer(configOf(toServerRecord(row)));
      }),
    workflows: [...workflows]
      .sort((a, b) => compareStrings(a.name, b.name))
      .map((row) => {
        versions.set(`workflows/${row.name}`, Number(row.version));
        return normalWorkflow(toWorkflow(row));
      }),
  };
  return { file, versions, secretNames: new Set(secrets.map((row) => row.name)) };
}

/** A stored layer as the file holds it. */
export function layerPolicy(layer: Pick<PolicyLayer, 'displayName' | 'description' | 'parameterDescriptions' | 'callPolicy'>): ConfigPolicy {
  return normalPolicy({ displayName: layer.displayName, description: layer.description, parameterDescriptions: layer.parameterDescriptions, callPolicy: layer.callPolicy });
}
