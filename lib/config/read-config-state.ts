import 'server-only';
import type { Db } from '@/lib/db/schema';
import { configOf, toServerRecord } from '@/lib/mcp-servers/server-record';
import { compareStrings } from '@/registry';
import { CONFIG_API_VERSION, normalServer, type ConfigFile } from './config-file';
import { sortedJson } from './sorted-json';

/** The stored configuration with each object's version, as a plan compares and fingerprints it. */
export interface ConfigState {
  file: ConfigFile;
  /** `agents/<id>`, `agents/<id>/tools/<tool>` and `servers/<name>` → version. */
  versions: Map<string, number>;
}

/** Reads every agent, assignment and MCP server, in id, tool name and server name order (byte order on both engines). */
export async function readConfigState(db: Db): Promise<ConfigState> {
  const [agents, assignments, servers] = await Promise.all([
    db.selectFrom('agents').selectAll().execute(),
    db.selectFrom('assignments').selectAll().execute(),
    db.selectFrom('mcp_servers').selectAll().execute(),
  ]);
  const versions = new Map<string, number>();
  const toolsOf = new Map<string, Record<string, Record<string, unknown>>>();
  for (const row of [...assignments].sort((a, b) => compareStrings(a.tool_name, b.tool_name))) {
    const tools = toolsOf.get(row.agent_id) ?? {};
    tools[row.tool_name] = sortedJson(JSON.parse(row.overrides)) as Record<string, unknown>;
    toolsOf.set(row.agent_id, tools);
    versions.set(`agents/${row.agent_id}/tools/${row.tool_name}`, Number(row.version));
  }
  const file: ConfigFile = {
    apiVersion: CONFIG_API_VERSION,
    agents: [...agents]
      .sort((a, b) => compareStrings(a.id, b.id))
      .map((row) => {
        versions.set(`agents/${row.id}`, Number(row.version));
        return { id: row.id, name: row.name, description: row.description, tools: toolsOf.get(row.id) ?? {} };
      }),
    servers: [...servers]
      .sort((a, b) => compareStrings(a.name, b.name))
      .map((row) => {
        versions.set(`servers/${row.name}`, Number(row.version));
        return normalServer(configOf(toServerRecord(row)));
      }),
  };
  return { file, versions };
}
