import 'server-only';
import { can, type Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import type { ServerConfig } from '@/lib/mcp-servers/server-config';
import { referenceLookup } from '@/lib/secrets/reference-lookup';
import { describeConnectError, listAllTools, newClient, openTransport, stdioGuardPath } from '@/lib/mcp-servers/server-connection';
import type { McpToolInfo } from '@/lib/mcp-servers/mcp-tool';
import { isStdioOff, STDIO_OFF_REASON } from '@/lib/mcp-servers/server-rules';
import type { ToolRegistry } from '@/registry';
import type { ConfigFile } from './config-file';
import { sameJson } from './sorted-json';
import type { ConfigState } from './read-config-state';

/** What a plan learnt of a server's tools: the list it answered, or why there is none. */
export type ServerProbe = { ok: true; tools: ReadonlyMap<string, McpToolInfo> } | { ok: false; reason: string };

/** As "Test connection": one connection, its whole tools/list, closed again. */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * The servers a plan must ask for their tools, as they will be after the file: those the file
 * creates or changes, and those this process has no connection to (the CLI on the database),
 * but only when the file names one of their tools (an assignment or a workflow step).
 */
export function serversToProbe(state: ConfigState, file: ConfigFile, prune: boolean, registry: ToolRegistry): ServerConfig[] {
  const stored = new Map((state.file.servers ?? []).map((server) => [server.name, server]));
  const wanted = new Map(file.servers?.map((server) => [server.name, server]));
  const planned = new Map(prune && file.servers ? [] : stored);
  for (const [name, server] of wanted) planned.set(name, server);
  const named = new Set<string>();
  for (const agent of file.agents ?? []) for (const toolName of Object.keys(agent.tools)) named.add(serverPrefix(toolName));
  for (const workflow of file.workflows ?? []) for (const step of workflow.steps) named.add(serverPrefix(step.tool));
  const connected = new Set(registry.groups());
  return [...planned.values()].filter((server) => {
    if (!named.has(server.name)) return false;
    const before = stored.get(server.name);
    return !before || !sameJson(before, server) || !connected.has(server.name);
  });
}

/** What precedes a tool name's first `_`: a server's name, when it is the tool of a server. */
export function serverPrefix(toolName: string): string {
  const cut = toolName.indexOf('_');
  return cut < 0 ? toolName : toolName.slice(0, cut);
}

/**
 * Connects to each server once, in parallel, and lists its tools; a server that may not or
 * cannot be reached gets the reason instead (disabled, stdio off or not the actor's to start,
 * an unset variable, refused, timed out). Never throws.
 */
export async function probeServers(servers: readonly ServerConfig[], actor: Actor, db: Db): Promise<Map<string, ServerProbe>> {
  const probes = await Promise.all(servers.map(async (server) => [server.name, await probeServer(server, actor, db)] as const));
  return new Map(probes);
}

async function probeServer(config: ServerConfig, actor: Actor, db: Db): Promise<ServerProbe> {
  if (!config.enabled) return { ok: false, reason: `the MCP server "${config.name}" is disabled, so its tools cannot be listed` };
  if (config.transport === 'stdio' && isStdioOff()) return { ok: false, reason: STDIO_OFF_REASON };
  // Listing a stdio server's tools runs its command on this host: only for those who may.
  if (config.transport === 'stdio' && !can(actor, 'servers:stdio')) {
    return { ok: false, reason: `only an admin may start the stdio server "${config.name}" to list its tools` };
  }
  const client = newClient();
  try {
    const opened = openTransport(config, await referenceLookup({ db, config }), stdioGuardPath());
    await client.connect(opened.transport, { timeout: PROBE_TIMEOUT_MS });
    const tools = await listAllTools(client, PROBE_TIMEOUT_MS);
    return { ok: true, tools: new Map(tools.map((tool) => [`${config.name}_${tool.name}`, tool])) };
  } catch (error) {
    return { ok: false, reason: `the MCP server "${config.name}" could not be reached to list its tools (${describeConnectError(error, PROBE_TIMEOUT_MS)})` };
  } finally {
    await client.close().catch(() => undefined);
  }
}
