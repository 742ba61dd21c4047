import 'server-only';
import { AGENT_RUNTIME } from '@/lib/auth/actor';
import { authorize } from '@/lib/auth/authorize';
import { todoListTarget } from '@/lib/audit/audit-event';
import { recordAuditEvent } from '@/lib/audit/record-audit-event';
import { sql } from 'kysely';
import { dialectOf } from '@/lib/db/dialect-of';
import type { Db } from '@/lib/db/schema';
import { isStorableText } from '@/lib/db/storable-text';
import { inTransaction } from '@/lib/db/transaction';
import { sessionHash } from '@/lib/runtime/runtime-sessions';
import { TODO_STATUSES, type TodoItem, type TodoListKey, type TodoListService, type TodoStatus } from '@/registry/builtins/todo-list-service';

/** What `SqlTodoListService` needs. */
export interface SqlTodoListServiceOptions {
  db: Db;
}

/**
 * The `todo_*` tools' lists in the database, keyed by agent and session, so they outlive the
 * process; deleted with their session (lib/runtime/runtime-sessions.ts). Whose session it is
 * was checked before the tool was built (prepareToolCall).
 */
export class SqlTodoListService implements TodoListService {
  private readonly db: Db;

  constructor({ db }: SqlTodoListServiceOptions) {
    this.db = db;
  }

  async read(key: TodoListKey): Promise<TodoItem[]> {
    // No list can be stored under such an id (see write), so it has none.
    if (!isStorableText(key.sessionId) || !isStorableText(key.agentId)) return [];
    return readList(this.db, key);
  }

  /**
   * Replaces the list and records a `todo.write` event by the agent runtime, in one transaction.
   * The event names the session by its hash and counts the items: the list itself stays out of the audit.
   */
  async write(key: TodoListKey, todos: readonly TodoItem[]): Promise<void> {
    const { agentId, sessionId } = key;
    if (!isStorableText(sessionId) || !isStorableText(agentId)) throw new Error('A session or agent id with the NUL character (U+0000) cannot hold a todo list');
    authorize(AGENT_RUNTIME, 'runtime');
    const now = new Date().toISOString();
    // Upserting by position (rather than delete, then insert) keeps two writes to one session at
    // once from colliding on the key on PostgreSQL; the later one's list is what remains.
    await inTransaction(this.db, async (trx) => {
      // Writes to one session take turns, so each event's `before` is what the one before left.
      // SQLite's BEGIN IMMEDIATE already serialises them; PostgreSQL locks the session's key.
      if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`todos:${agentId}:${sessionId}`}))`.execute(trx);
      await recordAuditEvent(trx, {
        actor: AGENT_RUNTIME,
        action: 'todo.write',
        target: todoListTarget(agentId, sessionHash(sessionId)),
        before: { items: (await readList(trx, key)).length },
        after: { items: todos.length },
      });
      if (todos.length > 0) {
        await trx
          .insertInto('session_todo_items')
          .values(todos.map(({ content, status }, position) => ({ agent_id: agentId, session_id: sessionId, position, content, status, updated_at: now })))
          .onConflict((conflict) =>
            conflict.columns(['agent_id', 'session_id', 'position']).doUpdateSet((eb) => ({
              content: eb.ref('excluded.content'),
              status: eb.ref('excluded.status'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      await trx.deleteFrom('session_todo_items').where('agent_id', '=', agentId).where('session_id', '=', sessionId).where('position', '>=', todos.length).execute();
    });
  }
}

async function readList(db: Db, { agentId, sessionId }: TodoListKey): Promise<TodoItem[]> {
  const rows = await db
    .selectFrom('session_todo_items')
    .select(['content', 'status'])
    .where('agent_id', '=', agentId)
    .where('session_id', '=', sessionId)
    .orderBy('position')
    .execute();
  return rows.map(({ content, status }) => ({ content, status: toStatus(status) }));
}

function toStatus(value: string): TodoStatus {
  if ((TODO_STATUSES as readonly string[]).includes(value)) return value as TodoStatus;
  throw new Error(`A stored todo item has the unknown status "${value}"`);
}
