import 'server-only';
import type { FieldError } from '@/lib/app-error';
import { escapePointerToken } from '@/lib/json-pointer';
import { policyInputErrors } from '@/lib/policy/policy-input';
import { agentNameCollisions, defaultNameCollisions } from '@/lib/policy/policy-rows';
import { ruleEntries } from '@/lib/rules/rule';
import type { ToolRegistry } from '@/registry';
import type { ConfigAgent, ConfigFile, ConfigPolicy, ConfigRule } from './config-file';
import type { ConfigError, ParsedConfig } from './parse-config';
import type { PlannedTools } from './planned-tools';
import type { ConfigState } from './read-config-state';
import { sameJson } from './sorted-json';

/** What `policyProblems` needs. */
export interface PolicyChecksOptions {
  file: ConfigFile;
  state: ConfigState;
  registry: ToolRegistry;
  tools: PlannedTools;
  prune: boolean;
  locate: ParsedConfig['locate'];
}

/**
 * The file's new and changed tool policies and group defaults, checked as their APIs check them
 * at save, by the same code (`policyInputErrors`, `agentNameCollisions`, `defaultNameCollisions`),
 * against the state the file makes: an agent's policy must be for a known tool; a name some format
 * refuses, a parameter the tool lacks, and a shown name another tool the agent gets (its assignments
 * and group rules after the file) has are errors at their place. A policy for a known tool the agent
 * does not get is kept for when it does, as the API keeps one whose assignment was removed. Policies the
 * file holds as they are stored are not checked again (as an assignment whose tool has gone stays).
 */
export function policyProblems({ file, state, registry, tools, prune, locate }: PolicyChecksOptions): ConfigError[] {
  const errors: ConfigError[] = [];
  const stored = new Map((state.file.agents ?? []).map((agent) => [agent.id, agent]));
  const defaults = new Map(Object.entries(file.toolDefaults ?? state.file.toolDefaults ?? {}));
  const catalogue = registry.catalogue();
  const known = registry.knownToolNames();
  const at = (pointer: string, toolName: string, found: FieldError[]) =>
    found.map((error) => ({ pointer: `${pointer}${error.pointer}`, message: `${toolName}: ${error.message}`, ...locate(`${pointer}${error.pointer}`) }));
  const verified = (toolName: string) => {
    const tool = tools.find(toolName);
    return tool && tool.unverified === undefined ? tool.entry : undefined;
  };
  for (const [index, agent] of (file.agents ?? []).entries()) {
    if (agent.policies === undefined) continue;
    const before = stored.get(agent.id);
    const given = givenTools(agent, before, prune, (rule) => ruleEntries({ agentId: agent.id, group: rule.group, exclude: rule.exclude, version: 0, createdAt: '', updatedAt: '' }, catalogue, known).map((entry) => entry.name));
    const layers = { agent: new Map(Object.entries(agent.policies)), defaults };
    for (const [toolName, policy] of Object.entries(agent.policies)) {
      if (sameJson(before?.policies?.[toolName], policy)) continue;
      const pointer = `/agents/${index}/policies/${escapePointerToken(toolName)}`;
      if (!given.has(toolName)) {
        // Kept for when the agent gets the tool again, as the API keeps a policy whose assignment was removed
        // (so an export holding one applies to an empty database); only its own texts can be checked.
        if (tools.find(toolName)) errors.push(...at(pointer, toolName, policyInputErrors(policy, verified(toolName))));
        else errors.push({ pointer, message: `No tool named "${toolName}" is known, so agent "${agent.id}" cannot get it: check the name`, ...locate(pointer, true) });
        continue;
      }
      errors.push(...at(pointer, toolName, [...policyInputErrors(policy, verified(toolName)), ...agentNameCollisions(layers, given, toolName, policy.displayName)]));
    }
  }
  if (file.toolDefaults !== undefined) {
    const agentLayers = plannedAgentLayers(file, state, prune);
    for (const [toolName, policy] of Object.entries(file.toolDefaults)) {
      if (sameJson(state.file.toolDefaults?.[toolName], policy)) continue;
      const pointer = `/toolDefaults/${escapePointerToken(toolName)}`;
      if (!tools.find(toolName)) {
        errors.push({ pointer, message: `No tool named "${toolName}" is known`, ...locate(pointer, true) });
        continue;
      }
      const elsewhere = { knownToolNames: known, defaults: [...defaults].map(([name, layer]) => ({ toolName: name, displayName: layer.displayName })), agentLayers };
      errors.push(...at(pointer, toolName, [...policyInputErrors(policy, verified(toolName)), ...defaultNameCollisions(toolName, policy.displayName, elsewhere)]));
    }
  }
  return errors;
}

/** Every tool the agent gets once the file is applied: its assignments and what its group rules give. */
function givenTools(agent: ConfigAgent, before: ConfigAgent | undefined, prune: boolean, ruleTools: (rule: ConfigRule) => string[]): Set<string> {
  const given = new Set(Object.keys(agent.tools));
  const rules = [...agent.rules];
  if (!prune && before) {
    for (const toolName of Object.keys(before.tools)) given.add(toolName);
    for (const rule of before.rules) if (!rules.some((wanted) => wanted.group === rule.group)) rules.push(rule);
  }
  for (const rule of rules) for (const toolName of ruleTools(rule)) given.add(toolName);
  return given;
}

/** Every agent's layer once the file is applied: the file's where it has `policies`, else the stored ones (of agents that stay). */
function plannedAgentLayers(file: ConfigFile, state: ConfigState, prune: boolean): { agentId: string; toolName: string; displayName: string | null }[] {
  const wanted = new Map((file.agents ?? []).map((agent) => [agent.id, agent]));
  const policiesOf = new Map<string, Record<string, ConfigPolicy>>();
  for (const agent of state.file.agents ?? []) {
    if (prune && file.agents && !wanted.has(agent.id)) continue;
    policiesOf.set(agent.id, agent.policies ?? {});
  }
  for (const agent of wanted.values()) if (agent.policies !== undefined) policiesOf.set(agent.id, agent.policies);
  return [...policiesOf].flatMap(([agentId, policies]) => Object.entries(policies).map(([toolName, policy]) => ({ agentId, toolName, displayName: policy.displayName })));
}
