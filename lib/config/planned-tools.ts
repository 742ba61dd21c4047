import 'server-only';
import type { FieldError } from '@/lib/app-error';
import { toolLookup } from '@/lib/assignments/tool-lookup';
import { validateOverrides } from '@/lib/overrides/validate-overrides';
import { ruleGroups } from '@/lib/rules/rule';
import { inputsSchema, WORKFLOW_GROUP, workflowNameOf, type WorkflowStep } from '@/lib/workflows/workflow';
import type { CatalogueEntry, ToolRegistry } from '@/registry';
import type { ConfigFile, ConfigServer, ConfigWorkflow } from './config-file';
import { serverPrefix, type ServerProbe } from './server-checks';
import type { ConfigState } from './read-config-state';

/** A tool as it will be once the file is applied. */
export interface PlannedTool {
  entry: CatalogueEntry;
  /** Why the tool could not be checked (its server not listed); its entry then takes any arguments and settings. */
  unverified?: string;
}

/** The catalogue as it will be after the file: the registry's, with the file's workflows and servers in and the pruned ones out. */
export interface PlannedTools {
  /** A tool that will exist, or undefined. */
  find(toolName: string): PlannedTool | undefined;
  /** What is wrong with overrides for a found tool (pointers under `/overrides`), as the assignments API checks them. */
  overridesErrors(tool: PlannedTool, overrides: Readonly<Record<string, unknown>>): FieldError[];
  /** The groups a new rule may name. */
  groups: ReadonlySet<string>;
  /** The steps of a workflow as it will be, by name. */
  stepsOf(workflowName: string): readonly WorkflowStep[] | undefined;
}

/** What the plan's view of the catalogue is made of. */
export interface PlannedToolsOptions {
  registry: ToolRegistry;
  state: ConfigState;
  file: ConfigFile;
  prune: boolean;
  /** The servers whose tools the plan cannot list (`unlistedServers`), with why. */
  probes: ReadonlyMap<string, ServerProbe>;
}

/** The planned catalogue: one reading of the registry, with the file laid over it. */
export function plannedTools({ registry, state, file, prune, probes }: PlannedToolsOptions): PlannedTools {
  const lookup = toolLookup(registry);
  const known = registry.knownToolNames();
  const servers = overlay(state.file.servers ?? [], file.servers, prune, (server: ConfigServer) => server.name);
  const workflows = overlay(state.file.workflows ?? [], file.workflows, prune, (workflow: ConfigWorkflow) => workflow.name);
  const fromFile = new Set((file.workflows ?? []).map((workflow) => workflow.name));
  const synthesized = new WeakSet<CatalogueEntry>();
  const groups = ruleGroups(registry);
  for (const name of servers.removed) groups.delete(name);
  for (const name of servers.planned.keys()) groups.add(name);
  if (workflows.planned.size > 0) groups.add(WORKFLOW_GROUP);

  const made = (entry: CatalogueEntry): CatalogueEntry => {
    synthesized.add(entry);
    return entry;
  };
  const find = (toolName: string): PlannedTool | undefined => {
    const workflowName = workflowNameOf(toolName);
    if (workflowName !== undefined && (workflows.planned.has(workflowName) || workflows.removed.has(workflowName))) {
      const workflow = workflows.planned.get(workflowName);
      if (!workflow) return undefined;
      // The file's definition is what the tool will take; a stored one the registry may already serve.
      const entry = fromFile.has(workflowName) ? undefined : lookup(toolName);
      return { entry: entry ?? made(workflowEntry(toolName, workflow)) };
    }
    const server = serverPrefix(toolName);
    if (servers.removed.has(server)) return undefined;
    const probe = servers.planned.has(server) ? probes.get(server) : undefined;
    if (probe) return { entry: made(toolEntry(toolName, server, '', {})), unverified: probe.reason };
    const entry = lookup(toolName);
    if (!entry) return undefined;
    // A bundle that is offline names no tools: this one is taken on trust, as the assignments API does.
    if (!known.has(toolName)) return { entry, unverified: `the bundle "${entry.group}" is unavailable (${entry.unavailableReason ?? 'no reason given'}), so its tools cannot be listed` };
    return { entry };
  };
  return {
    find,
    overridesErrors: (tool, overrides) => {
      if (tool.unverified !== undefined) return [];
      // The plugins do not know tools the file brings; their settings schema is all there is.
      if (synthesized.has(tool.entry)) return validateOverrides(tool.entry.overridesSchema, overrides);
      return lookup.overridesErrors(tool.entry, overrides);
    },
    groups,
    stepsOf: (name) => workflows.planned.get(name)?.steps,
  };
}

/** The objects of a section after the file: stored ones overlaid by the file's, and which of the stored ones go. */
function overlay<T>(stored: readonly T[], wanted: readonly T[] | undefined, prune: boolean, key: (item: T) => string): { planned: Map<string, T>; removed: Set<string> } {
  const planned = new Map(prune && wanted ? [] : stored.map((item) => [key(item), item] as const));
  for (const item of wanted ?? []) planned.set(key(item), item);
  const removed = new Set(stored.map(key).filter((name) => !planned.has(name)));
  return { planned, removed };
}

function workflowEntry(toolName: string, workflow: ConfigWorkflow): CatalogueEntry {
  return toolEntry(toolName, WORKFLOW_GROUP, workflow.description, inputsSchema(workflow.inputs));
}

function toolEntry(name: string, group: string, description: string, parametersSchema: Record<string, unknown>): CatalogueEntry {
  return { name, group, description, parametersSchema, overridesSchema: {}, available: true, kind: 'provider', source: 'builtin', streamsResultToUser: false };
}
