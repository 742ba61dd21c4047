import type { AgentTool, JsonSchema, Tool, ToolCallScope, ToolEnvironment, ToolFactory } from '../spi';
import { TODO_LIST_SERVICE, TODO_STATUSES, type TodoItem, type TodoListKey, type TodoListService, type TodoStatus } from './todo-list-service';
import { describeValue } from '../text';

const TODO_GROUP = 'todo';

const itemSchema: JsonSchema = {
  type: 'object',
  properties: {
    content: { type: 'string', minLength: 1, description: 'What is to be done.' },
    status: { type: 'string', enum: [...TODO_STATUSES], description: 'Where the item stands.' },
  },
  required: ['content', 'status'],
  additionalProperties: false,
};

/** Reads the current session's todo list. */
export class TodoReadTool implements Tool {
  static readonly NAME = 'todo_read';

  // The service is optional so an unavailable factory can still describe its tool.
  constructor(
    private readonly service: TodoListService | undefined,
    private readonly list: TodoListKey,
  ) {}

  name(): string {
    return TodoReadTool.NAME;
  }

  description(): string {
    return 'Read the todo list of this conversation: every item with its content and status.';
  }

  parametersSchema(): JsonSchema {
    return { type: 'object', properties: {}, additionalProperties: false };
  }

  async execute(): Promise<string> {
    const todos = await requireService(this.service).read(this.list);
    if (todos.length === 0) return 'The todo list is empty.';
    return `${summarize(todos)}\n${JSON.stringify(todos, null, 2)}`;
  }
}

/** Replaces the current session's todo list. */
export class TodoWriteTool implements Tool {
  static readonly NAME = 'todo_write';

  constructor(
    private readonly service: TodoListService | undefined,
    private readonly list: TodoListKey,
  ) {}

  name(): string {
    return TodoWriteTool.NAME;
  }

  description(): string {
    return (
      'Replace the todo list of this conversation with the given items. Send the whole list ' +
      'every time: items left out are removed. Status is pending, in_progress or completed.'
    );
  }

  parametersSchema(): JsonSchema {
    return {
      type: 'object',
      properties: {
        todos: { type: 'array', items: itemSchema, description: 'The complete new todo list.' },
      },
      required: ['todos'],
      // Strict-mode compatible (OpenAI structured outputs): no other arguments.
      additionalProperties: false,
    };
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    const service = requireService(this.service);
    const todos = parseTodos(args.todos);
    await service.write(this.list, todos);
    return `Todo list saved: ${summarize(todos)}`;
  }
}

/** The todo tools' shared factory: available when the host provides the todo list service. */
abstract class TodoToolFactory implements ToolFactory {
  private service: TodoListService | undefined;

  abstract name(): string;

  /** Builds the tool for the list of one agent in one session. */
  protected abstract build(service: TodoListService | undefined, list: TodoListKey): Tool;

  group(): string {
    return TODO_GROUP;
  }

  bind(env: ToolEnvironment): void {
    this.service = env.get(TODO_LIST_SERVICE);
  }

  isAvailable(): boolean {
    return this.service !== undefined;
  }

  create(_agentTool: AgentTool, scope: ToolCallScope): Tool {
    return this.build(this.service, { agentId: scope.agentId, sessionId: scope.sessionId });
  }
}

/** Builds `todo_read` for the session of each call. */
export class TodoReadToolFactory extends TodoToolFactory {
  name(): string {
    return TodoReadTool.NAME;
  }

  protected build(service: TodoListService | undefined, list: TodoListKey): Tool {
    return new TodoReadTool(service, list);
  }
}

/** Builds `todo_write` for the session of each call. */
export class TodoWriteToolFactory extends TodoToolFactory {
  name(): string {
    return TodoWriteTool.NAME;
  }

  protected build(service: TodoListService | undefined, list: TodoListKey): Tool {
    return new TodoWriteTool(service, list);
  }
}

function requireService(service: TodoListService | undefined): TodoListService {
  if (!service) throw new Error(`The todo list is unavailable: the host did not provide "${TODO_LIST_SERVICE.id}"`);
  return service;
}

/** Checks the whole list before anything is written, so bad input changes nothing. */
function parseTodos(value: unknown): TodoItem[] {
  if (!Array.isArray(value)) {
    throw new Error(`"todos" must be an array of {content, status} items (got ${describeValue(value)})`);
  }
  return value.map((item: unknown, index) => {
    const where = `todos[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new Error(`${where} must be an object with "content" and "status" (got ${describeValue(item)})`);
    }
    const { content, status } = item as Record<string, unknown>;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new Error(`${where}.content must be a non-empty string`);
    }
    // No store can be relied on to keep U+0000 (PostgreSQL's text cannot), so no list holds one.
    if (content.includes('\u0000')) throw new Error(`${where}.content must not contain the NUL character (U+0000)`);
    if (!isStatus(status)) {
      throw new Error(`${where}.status must be one of ${TODO_STATUSES.map((s) => `"${s}"`).join(', ')} (got ${describeValue(status)})`);
    }
    return { content, status };
  });
}

function isStatus(value: unknown): value is TodoStatus {
  return typeof value === 'string' && (TODO_STATUSES as readonly string[]).includes(value);
}

/** "3 items (1 pending, 1 in progress, 1 completed)." */
function summarize(todos: readonly TodoItem[]): string {
  const counts = TODO_STATUSES.map(
    (status) => `${todos.filter((todo) => todo.status === status).length} ${status.replace('_', ' ')}`,
  );
  return `${todos.length} ${todos.length === 1 ? 'item' : 'items'} (${counts.join(', ')}).`;
}
