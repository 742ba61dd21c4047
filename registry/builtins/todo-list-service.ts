import { serviceKey, type ServiceKey } from '../spi';

/** Where a todo item stands. */
export type TodoStatus = 'pending' | 'in_progress' | 'completed';

/** The statuses in the order the tools report them. */
export const TODO_STATUSES: readonly TodoStatus[] = ['pending', 'in_progress', 'completed'];

/** One entry of a session's todo list. */
export interface TodoItem {
  readonly content: string;
  readonly status: TodoStatus;
}

/** Whose list: one agent's, in one session (the call's `ToolCallScope`). */
export interface TodoListKey {
  readonly agentId: string;
  readonly sessionId: string;
}

/** Per-session todo lists of each agent; async so a SQL store can stand in for the in-memory one. */
export interface TodoListService {
  /** The list in the order it was written; empty when nothing was written. */
  read(key: TodoListKey): Promise<TodoItem[]>;
  /** Replaces the whole list. */
  write(key: TodoListKey, todos: readonly TodoItem[]): Promise<void>;
}

/** The key under which the host provides the `TodoListService`. */
export const TODO_LIST_SERVICE: ServiceKey<TodoListService> = serviceKey<TodoListService>('todo-list-service');

/** A `TodoListService` that lives as long as the process; for tests and development. */
export class InMemoryTodoListService implements TodoListService {
  private readonly lists = new Map<string, TodoItem[]>();

  async read(key: TodoListKey): Promise<TodoItem[]> {
    return (this.lists.get(keyOf(key)) ?? []).map((item) => ({ ...item }));
  }

  async write(key: TodoListKey, todos: readonly TodoItem[]): Promise<void> {
    // Copies, so a caller mutating its array later cannot change the stored list.
    this.lists.set(
      keyOf(key),
      todos.map(({ content, status }) => ({ content, status })),
    );
  }
}

function keyOf({ agentId, sessionId }: TodoListKey): string {
  return JSON.stringify([agentId, sessionId]);
}
