import 'server-only';
import { can, type Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/schema';
import { getToolRegistry } from '@/lib/registry-host';
import { compareStrings, type CatalogueEntry } from '@/registry';
import { serverSource } from './server-host';
import { getServerView, type ServerView } from './server-view';

/** An agent that uses a server's tools: by assignment (the tools named) or by a rule on its group. */
export interface ServerUser {
  id: string;
  name: string;
  tools: string[];
  hasRule: boolean;
}

/** What the server page shows: the server, its tools (known ones too while it is away), and the agents using them. */
export interface ServerPage {
  server: ServerView;
  tools: CatalogueEntry[];
  /** Undefined when the actor may not read agents. */
  users?: ServerUser[];
}

/**
 * The server page's data: the server as `getServerView`, its catalogue entries, and, for those
 * who may read agents (`agents:read`), the agents with an assignment of one of its tools or a
 * rule on its group. AppError `forbidden`, `not_found`.
 */
export async function readServerPage({ db, actor, name }: { db: Db; actor: Actor; name: string }): Promise<ServerPage> {
  const server = await getServerView({ db, actor, name });
  const registry = await getToolRegistry();
  const tools = registry.catalogue().filter((entry) => entry.source === serverSource(name));
  if (!can(actor, 'agents:read')) return { server, tools };
  const names = tools.filter((entry) => !entry.name.endsWith('_*') && !entry.name.includes('_* (')).map((entry) => entry.name);
  const users = new Map<string, ServerUser>();
  if (names.length > 0) {
    const rows = await db.selectFrom('assignments').innerJoin('agents', 'agents.id', 'assignments.agent_id').select(['agents.id', 'agents.name', 'assignments.tool_name']).where('assignments.tool_name', 'in', names).execute();
    for (const row of rows) {
      const user = users.get(row.id) ?? { id: row.id, name: row.name, tools: [], hasRule: false };
      user.tools.push(row.tool_name);
      users.set(row.id, user);
    }
  }
  const ruled = await db.selectFrom('agent_rules').innerJoin('agents', 'agents.id', 'agent_rules.agent_id').select(['agents.id', 'agents.name']).where('agent_rules.group_name', '=', name).execute();
  for (const row of ruled) {
    const user = users.get(row.id) ?? { id: row.id, name: row.name, tools: [], hasRule: false };
    user.hasRule = true;
    users.set(row.id, user);
  }
  const sorted = [...users.values()].map((user) => ({ ...user, tools: user.tools.sort(compareStrings) })).sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.id, b.id));
  return { server, tools, users: sorted };
}
