import 'server-only';
import { sql, type Kysely, type Migration } from 'kysely';

/** Audit events are read in pages of this many while old todo lists are attributed. */
const PAGE = 1000;

/**
 * Tool-call sessions bound to their caller (issue 32): one row per session (the MCP
 * `Mcp-Session-Id` and the invoke `sessionId` alike) with its agent, its principal
 * (`user:<user id>` or `token:<token id>`), when it was opened and last used; todo lists are
 * keyed by agent and session. Existing todo lists stay reachable when the audit log tells whose
 * they are (every `todo_*` call of that session by one caller on one agent): they get a session
 * of that caller, last used now. The rest keep their rows without a session, so the next sweep
 * deletes them. Old MCP sessions had no caller: they end, and their clients initialize again.
 */
export function runtimeSessionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('runtime_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('principal', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('last_used_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('runtime_sessions_last_used').on('runtime_sessions').column('last_used_at').execute();
      await db.schema
        .createTable('session_todo_items')
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('session_id', 'text', (column) => column.notNull())
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('session_todo_items_pkey', ['agent_id', 'session_id', 'position'])
        .execute();

      const owners = await attributeTodoLists(db);
      const now = new Date().toISOString();
      for (const [sessionId, { agentId, principal }] of owners) {
        await sql`insert into runtime_sessions (id, agent_id, principal, created_at, last_used_at) values (${sessionId}, ${agentId}, ${principal}, ${now}, ${now})`.execute(db);
      }
      // Attributed lists move to their session's agent; the rest keep an empty agent, which no session has.
      await sql`
        insert into session_todo_items (agent_id, session_id, position, content, status, updated_at)
        select coalesce((select s.agent_id from runtime_sessions s where s.id = t.session_id), ''), t.session_id, t.position, t.content, t.status, t.updated_at
        from todo_items t`.execute(db);
      await db.schema.dropTable('todo_items').execute();
      await db.schema.dropTable('mcp_sessions').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('mcp_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('agent_id', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await sql`insert into mcp_sessions (id, agent_id, created_at) select id, agent_id, created_at from runtime_sessions`.execute(db);
      await db.schema
        .createTable('todo_items')
        .addColumn('session_id', 'text', (column) => column.notNull())
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('todo_items_pkey', ['session_id', 'position'])
        .execute();
      // Session ids are unique across agents, so the lists of live sessions fit the old key.
      await sql`
        insert into todo_items (session_id, position, content, status, updated_at)
        select t.session_id, t.position, t.content, t.status, t.updated_at from session_todo_items t
        where exists (select 1 from runtime_sessions s where s.id = t.session_id and s.agent_id = t.agent_id)`.execute(db);
      await db.schema.dropTable('session_todo_items').execute();
      await db.schema.dropTable('runtime_sessions').execute();
    },
  };
}

/** The one agent and principal whose `todo_*` calls used each stored todo list's session; a session used by several is left out. */
async function attributeTodoLists(db: Kysely<unknown>): Promise<Map<string, { agentId: string; principal: string }>> {
  const { rows: lists } = await sql<{ session_id: string }>`select distinct session_id from todo_items`.execute(db);
  const wanted = new Set(lists.map((row) => row.session_id));
  const callers = new Map<string, Set<string>>();
  if (wanted.size === 0) return new Map();
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number | string; actor_id: string; agent_id: string | null; after: string | null }>`
      select id, actor_id, agent_id, after from audit_events
      where action = 'tool.invoke' and tool_name in ('todo_read', 'todo_write') and id > ${after}
      order by id limit ${PAGE}`.execute(db);
    for (const row of rows) {
      const sessionId = sessionIdIn(row.after);
      if (sessionId === undefined || !wanted.has(sessionId) || !row.agent_id) continue;
      const seen = callers.get(sessionId) ?? new Set<string>();
      seen.add(JSON.stringify([row.agent_id, row.actor_id]));
      callers.set(sessionId, seen);
    }
    if (rows.length < PAGE) break;
    after = Number(rows[rows.length - 1]?.id);
  }
  const owners = new Map<string, { agentId: string; principal: string }>();
  for (const [sessionId, seen] of callers) {
    if (seen.size !== 1) continue;
    const [agentId, actorId] = JSON.parse([...seen][0] ?? '[]') as [string, string];
    const principal = await principalOfActorId(db, actorId);
    if (principal) owners.set(sessionId, { agentId, principal });
  }
  return owners;
}

/** The `sessionId` an old `tool.invoke` event recorded in its `after`. */
function sessionIdIn(after: string | null): string | undefined {
  if (!after) return undefined;
  try {
    const value: unknown = JSON.parse(after);
    const sessionId = typeof value === 'object' && value !== null ? (value as { sessionId?: unknown }).sessionId : undefined;
    return typeof sessionId === 'string' ? sessionId : undefined;
  } catch {
    return undefined;
  }
}

/** The stable principal of an audit actor id (`user:<email>`, `token:<prefix>`), when exactly one user or token has it. */
async function principalOfActorId(db: Kysely<unknown>, actorId: string): Promise<string | undefined> {
  if (actorId.startsWith('user:')) {
    const { rows } = await sql<{ id: string }>`select id from auth_user where email = ${actorId.slice('user:'.length)}`.execute(db);
    return rows.length === 1 ? `user:${rows[0]?.id}` : undefined;
  }
  if (actorId.startsWith('token:')) {
    const { rows } = await sql<{ id: string }>`select id from api_tokens where prefix = ${actorId.slice('token:'.length)}`.execute(db);
    return rows.length === 1 ? `token:${rows[0]?.id}` : undefined;
  }
  return undefined;
}
