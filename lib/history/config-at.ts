import 'server-only';
import type { Db } from '@/lib/db/schema';
import { compareStrings } from '@/registry';
import type { AgentSnapshot } from './agent-snapshot';
import { readHistory, type HistoryKind } from './read-history';
import { agentHistoryKind } from './read-agent-history';
import { serverHistoryKind } from './server-history';
import { workflowHistoryKind } from './workflow-history';
import type { ServerConfig } from '@/lib/mcp-servers/server-config';
import type { WorkflowDefinition } from '@/lib/workflows/workflow';

/** The fleet at one time, built from each object's history: what `config export --at` renders. */
export interface FleetAt {
  agents: (AgentSnapshot & { id: string })[];
  servers: ServerConfig[];
  workflows: WorkflowDefinition[];
}

/**
 * Every agent, MCP server and workflow as it was at `at` (ISO 8601), each the newest version of
 * its history recorded at or before then. An object whose history starts after `at`, one deleted
 * since (its history ended with it) and one with no recorded change are absent; servers carry
 * secrets as `${secret:NAME}` references, as their history does.
 */
export async function readFleetAt(db: Db, at: string): Promise<FleetAt> {
  const when = Date.parse(at);
  const versionAt = async <S>(kind: HistoryKind<S>, key: string): Promise<S | undefined> =>
    (await readHistory(db, kind, key)).findLast((record) => Date.parse(record.at) <= when)?.snapshot;
  const keys = async (table: 'agents' | 'mcp_servers' | 'workflows', column: 'id' | 'name') =>
    (await db.selectFrom(table).select(column).execute()).map((row) => String((row as Record<string, unknown>)[column])).sort(compareStrings);
  const present = <T>(values: (T | undefined)[]): T[] => values.filter((value): value is T => value !== undefined);
  const agentIds = await keys('agents', 'id');
  const agents = present(await Promise.all(agentIds.map(async (id) => {
    const snapshot = await versionAt(agentHistoryKind, id);
    return snapshot && { id, ...snapshot };
  })));
  const servers = present(await Promise.all((await keys('mcp_servers', 'name')).map((name) => versionAt(serverHistoryKind, name))));
  const workflows = present(await Promise.all((await keys('workflows', 'name')).map((name) => versionAt(workflowHistoryKind, name))));
  return { agents, servers, workflows };
}
