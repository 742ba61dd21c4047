import 'server-only';
import { urlEgressProblem } from '@/lib/mcp-servers/egress-policy';
import type { ToolRegistry } from '@/registry';
import type { ConfigFile } from './config-file';
import { sameJson } from './sorted-json';
import type { ConfigState } from './read-config-state';

/** Why a server's tools cannot be listed by a plan (so the tools the file names are not checked). */
export interface ServerProbe {
  reason: string;
}

/** What a plan knows of the file's servers without connecting to any. */
export interface ServerChecks {
  /** The servers whose tools the plan cannot list, by name, with why. */
  unlisted: ReadonlyMap<string, ServerProbe>;
  /** The servers whose new URL the egress policy refuses, by name, with why. */
  egress: ReadonlyMap<string, string>;
}

export const NO_SERVER_CHECKS: ServerChecks = { unlisted: new Map(), egress: new Map() };

/**
 * The servers whose tools a plan cannot list, as they will be after the file: those the file
 * creates or changes (a plan never connects to a server: that is "Test connection", an explicit
 * action with its own permission), and those this process has no connection to (the CLI on the
 * database); only those whose tools the file names (an assignment or a workflow step).
 */
export function unlistedServers(state: ConfigState, file: ConfigFile, prune: boolean, registry: ToolRegistry): Map<string, ServerProbe> {
  const stored = new Map((state.file.servers ?? []).map((server) => [server.name, server]));
  const wanted = new Map(file.servers?.map((server) => [server.name, server]));
  const planned = new Map(prune && file.servers ? [] : stored);
  for (const [name, server] of wanted) planned.set(name, server);
  const named = new Set<string>();
  for (const agent of file.agents ?? []) for (const toolName of Object.keys(agent.tools)) named.add(serverPrefix(toolName));
  for (const workflow of file.workflows ?? []) for (const step of workflow.steps) named.add(serverPrefix(step.tool));
  const connected = new Set(registry.groups());
  const unlisted = new Map<string, ServerProbe>();
  for (const server of planned.values()) {
    if (!named.has(server.name)) continue;
    const before = stored.get(server.name);
    if (!server.enabled) {
      unlisted.set(server.name, { reason: `the MCP server "${server.name}" is disabled, so its tools cannot be listed` });
    } else if (!before || !sameJson(before, server)) {
      unlisted.set(server.name, { reason: `the MCP server "${server.name}" is new or changed, and a plan never connects to a server to list its tools (test its connection, or apply and plan again)` });
    } else if (!connected.has(server.name)) {
      unlisted.set(server.name, { reason: `the MCP server "${server.name}" is not connected in this process, so its tools cannot be listed` });
    }
  }
  return unlisted;
}

/**
 * The file's HTTP servers whose URL is new (a new server, or a changed URL) and whose host the
 * egress policy refuses now, by name: the servers API's check at save, made before the plan.
 */
export async function egressProblems(state: ConfigState, file: ConfigFile): Promise<Map<string, string>> {
  const stored = new Map((state.file.servers ?? []).map((server) => [server.name, server]));
  const found = await Promise.all(
    (file.servers ?? []).map(async (server) => {
      const before = stored.get(server.name);
      if (server.transport !== 'http' || (before?.transport === 'http' && before.url === server.url)) return undefined;
      const problem = await urlEgressProblem(server.url);
      return problem === undefined ? undefined : ([server.name, problem] as const);
    }),
  );
  return new Map(found.filter((entry) => entry !== undefined));
}

/** What precedes a tool name's first `_`: a server's name, when it is the tool of a server. */
export function serverPrefix(toolName: string): string {
  const cut = toolName.indexOf('_');
  return cut < 0 ? toolName : toolName.slice(0, cut);
}
