import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '@/test/db/databases';
import { migrationsFor } from './index';

const NAME = '0121-runtime-sessions';

function migration(kind: 'sqlite' | 'postgres') {
  const found = migrationsFor(kind)[NAME];
  if (!found) throw new Error(`No migration ${NAME}`);
  return found;
}

/** Applies every migration before 0121 to a blank database, as an install from before it stands. */
async function migratedBefore(db: Kysely<unknown>, kind: 'sqlite' | 'postgres'): Promise<void> {
  const all = migrationsFor(kind);
  for (const name of Object.keys(all).sort()) {
    if (name >= NAME) break;
    // In a transaction, as Kysely's migrator runs them (0050 sets a savepoint).
    await db.transaction().execute(async (trx) => all[name]?.up(trx));
  }
}

describeEachDatabase('migration 0121-runtime-sessions', (databases) => {
  it('keeps the todo lists the audit log attributes to one caller on one agent, and leaves the rest to the sweep', async () => {
    const db = (await databases.open(await databases.createBlank())) as unknown as Kysely<unknown>;
    await migratedBefore(db, databases.kind);
    const at = '2026-01-01T00:00:00.000Z';
    await sql`insert into api_tokens (id, name, prefix, secret_hash, scopes, expires_at, created_by, created_at, last_used_at, revoked_at)
      values ('tok-a', 'A', 'tat_a', 'h1', '["runtime"]', null, 'user:x', ${at}, null, null), ('tok-b', 'B', 'tat_b', 'h2', '["runtime"]', null, 'user:x', ${at}, null, null)`.execute(db);
    const todo = (session: string, content: string) =>
      sql`insert into todo_items (session_id, position, content, status, updated_at) values (${session}, 0, ${content}, 'pending', ${at})`.execute(db);
    const call = (actor: string, agent: string, tool: string, session: string) =>
      sql`insert into audit_events (at, actor, actor_id, actor_name, action, target, agent_id, tool_name, before, after)
        values (${at}, ${actor}, ${actor}, ${actor}, 'tool.invoke', ${`agents/${agent}/tools/${tool}`}, ${agent}, ${tool}, null, ${JSON.stringify({ sessionId: session, outcome: 'ok' })})`.execute(db);
    await todo('mine', 'A alone wrote and read this');
    await call('token:tat_a', 'hr', 'todo_write', 'mine');
    await call('token:tat_a', 'hr', 'todo_read', 'mine');
    // The probe: B read A's list with A's session id; whose it is cannot be told, so it is not kept.
    await todo('probed', 'A wrote, B read');
    await call('token:tat_a', 'hr', 'todo_write', 'probed');
    await call('token:tat_b', 'hr', 'todo_read', 'probed');
    await todo('silent', 'no audit event names this session');
    await sql`insert into mcp_sessions (id, agent_id, created_at) values ('mcp-1', 'hr', ${at})`.execute(db);

    await db.transaction().execute(async (trx) => migration(databases.kind).up(trx));

    const { rows: sessions } = await sql<{ id: string; agent_id: string; principal: string }>`select id, agent_id, principal from runtime_sessions order by id`.execute(db);
    expect(sessions).toEqual([{ id: 'mine', agent_id: 'hr', principal: 'token:tok-a' }]);
    const { rows: items } = await sql<{ agent_id: string; session_id: string }>`select agent_id, session_id from session_todo_items order by session_id`.execute(db);
    expect(items).toEqual([
      { agent_id: 'hr', session_id: 'mine' },
      { agent_id: '', session_id: 'probed' },
      { agent_id: '', session_id: 'silent' },
    ]);

    await db.transaction().execute(async (trx) => migration(databases.kind).down?.(trx));
    const { rows: back } = await sql<{ session_id: string }>`select session_id from todo_items`.execute(db);
    expect(back).toEqual([{ session_id: 'mine' }]);
  });
});
