import 'server-only';
import type { Db } from '@/lib/db/schema';
import { compareStrings } from '@/registry';
import { CONFIG_API_VERSION, type ConfigFile } from './config-file';
import { sortedJson } from './sorted-json';

/** The stored configuration with each object's version, as a plan compares and fingerprints it. */
export interface ConfigState {
  file: ConfigFile;
  /** `agents/<id>` and `agents/<id>/tools/<tool>` → version. */
  versions: Map<string, number>;
}

/** Reads every agent and assignment, in id and tool name order (byte order on both engines). */
export async function readConfigState(db: Db): Promise<ConfigState> {
  const [agents, assignments] = await Promise.all([
    db.selectFrom('agents').selectAll().execute(),
    db.selectFrom('assignments').selectAll().execute(),
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
  };
  return { file, versions };
}
