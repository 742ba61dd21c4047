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
import { TODO_STATUSES, type TodoItem, type TodoListService, type TodoStatus } from '@/registry/builtins/todo-list-service';

/** What `SqlTodoListService` needs. */
export interface SqlTodoListServiceOptions {
  db: Db;
}

/** The `todo_*` tools' lists in the database, so they outlive the process. */
export class SqlTodoListService implements TodoListService {
  private readonly db: Db;

  constructor({ db }: SqlTodoListServiceOptions) {
    this.db = db;
  }

  async read(sessionId: string): Promise<TodoItem[]> {
    // No list can be stored under such an id (see write), so it has none.
    if (!isStorableText(sessionId)) return [];
    return readList(this.db, sessionId);
  }

  /** Replaces the list and records a `todo.write` event by the agent runtime, in one transaction. */
  async write(sessionId: string, todos: readonly TodoItem[]): Promise<void> {
    if (!isStorableText(sessionId)) throw new Error('A session id with the NUL character (U+0000) cannot hold a todo list');
    authorize(AGENT_RUNTIME, 'runtime');
    const now = new Date().toISOString();
    // Upserting by position (rather than delete, then insert) keeps two writes to one session at
    // once from colliding on the key on PostgreSQL; the later one's list is what remains.
    await inTransaction(this.db, async (trx) => {
      // Writes to one session take turns, so each event's `before` is the list the one before left.
      // SQLite's BEGIN IMMEDIATE already serialises them; PostgreSQL locks the session's key.
      if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`todos:${sessionId}`}))`.execute(trx);
      await recordAuditEvent(trx, {
        actor: AGENT_RUNTIME,
        action: 'todo.write',
        target: todoListTarget(sessionId),
        before: await readList(trx, sessionId),
        after: todos.map(({ content, status }) => ({ content, status })),
      });
      if (todos.length > 0) {
        await trx
          .insertInto('todo_items')
          .values(todos.map(({ content, status }, position) => ({ session_id: sessionId, position, content, status, updated_at: now })))
          .onConflict((conflict) =>
            conflict.columns(['session_id', 'position']).doUpdateSet((eb) => ({
              content: eb.ref('excluded.content'),
              status: eb.ref('excluded.status'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      await trx.deleteFrom('todo_items').where('session_id', '=', sessionId).where('position', '>=', todos.length).execute();
    });
  }
}

async function readList(db: Db, sessionId: string): Promise<TodoItem[]> {
  const rows = await db
    .selectFrom('todo_items')
    .select(['content', 'status'])
    .where('session_id', '=', sessionId)
    .orderBy('position')
    .execute();
  return rows.map(({ content, status }) => ({ content, status: toStatus(status) }));
}

function toStatus(value: string): TodoStatus {
  if ((TODO_STATUSES as readonly string[]).includes(value)) return value as TodoStatus;
  throw new Error(`A stored todo item has the unknown status "${value}"`);
}
