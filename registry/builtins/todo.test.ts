import { describe, expect, it } from 'vitest';
import { createToolEnvironment, provide } from '../environment';
import type { Tool, ToolCallScope } from '../spi';
import { ToolRegistry } from '../tool-registry';
import { builtinRegistrations } from './index';
import { InMemoryTodoListService, TODO_LIST_SERVICE, type TodoListService } from './todo-list-service';

function scopeFor(sessionId: string, agentId = 'agent-1'): ToolCallScope {
  return { sessionId, agentId, purpose: 'call' };
}

async function loadRegistry(services: ReadonlyMap<string, unknown>) {
  return ToolRegistry.load({
    registrations: builtinRegistrations(),
    environment: createToolEnvironment({ services, env: {} }),
  });
}

async function todoTools(service: TodoListService = new InMemoryTodoListService()) {
  const registry = await loadRegistry(new Map([provide(TODO_LIST_SERVICE, service)]));
  const resolve = (toolName: string, sessionId: string, agentId = 'agent-1'): Tool =>
    registry.resolve({ agentId, toolName, overrides: {} }, scopeFor(sessionId, agentId));
  return {
    read: (sessionId: string, agentId?: string) => resolve('todo_read', sessionId, agentId).execute({}),
    write: (sessionId: string, todos: unknown, agentId?: string) => resolve('todo_write', sessionId, agentId).execute({ todos }),
  };
}

describe('todo_read and todo_write', () => {
  it('says the list is empty before anything is written', async () => {
    const todos = await todoTools();
    await expect(todos.read('s1')).resolves.toBe('The todo list is empty.');
  });

  it('reads back the list that was written, with counts', async () => {
    const todos = await todoTools();
    const list = [
      { content: 'Write tests', status: 'completed' },
      { content: 'Write code', status: 'in_progress' },
      { content: 'Ship it', status: 'pending' },
    ];
    await expect(todos.write('s1', list)).resolves.toBe(
      'Todo list saved: 3 items (1 pending, 1 in progress, 1 completed).',
    );
    const text = await todos.read('s1');
    expect(text.split('\n')[0]).toBe('3 items (1 pending, 1 in progress, 1 completed).');
    expect(JSON.parse(text.slice(text.indexOf('\n') + 1))).toEqual(list);
  });

  it('replaces the whole list on every write', async () => {
    const todos = await todoTools();
    await todos.write('s1', [{ content: 'Old', status: 'pending' }]);
    await todos.write('s1', [{ content: 'New', status: 'completed' }]);
    expect(await todos.read('s1')).toContain('"New"');
    expect(await todos.read('s1')).not.toContain('"Old"');
  });

  it('keeps each session to its own list', async () => {
    const todos = await todoTools();
    await todos.write('session-a', [{ content: 'A only', status: 'pending' }]);
    await todos.write('session-b', [{ content: 'B only', status: 'pending' }]);
    expect(await todos.read('session-a')).not.toContain('B only');
    expect(await todos.read('session-b')).not.toContain('A only');
    await expect(todos.read('session-c')).resolves.toBe('The todo list is empty.');
  });

  it('keeps each agent its own list under one session id', async () => {
    const todos = await todoTools();
    await todos.write('shared', [{ content: 'Agent one only', status: 'pending' }], 'agent-1');
    await expect(todos.read('shared', 'agent-2')).resolves.toBe('The todo list is empty.');
    expect(await todos.read('shared', 'agent-1')).toContain('Agent one only');
  });

  it('empties the list when an empty array is written', async () => {
    const todos = await todoTools();
    await todos.write('s1', [{ content: 'Task', status: 'pending' }]);
    await expect(todos.write('s1', [])).resolves.toBe('Todo list saved: 0 items (0 pending, 0 in progress, 0 completed).');
    await expect(todos.read('s1')).resolves.toBe('The todo list is empty.');
  });

  it.each([
    ['a non-array', 'not a list', '"todos" must be an array'],
    ['an item that is not an object', ['task'], 'todos[0] must be an object'],
    ['an empty content', [{ content: '  ', status: 'pending' }], 'todos[0].content must be a non-empty string'],
    ['a missing content', [{ status: 'pending' }], 'todos[0].content must be a non-empty string'],
    ['a NUL in the content', [{ content: 'a\u0000b', status: 'pending' }], 'todos[0].content must not contain the NUL character (U+0000)'],
    ['an unknown status', [{ content: 'Task', status: 'done' }], 'todos[0].status must be one of "pending", "in_progress", "completed" (got "done")'],
  ])('refuses %s and leaves the list untouched', async (_label, bad, message) => {
    const todos = await todoTools();
    await todos.write('s1', [{ content: 'Keep me', status: 'pending' }]);
    await expect(todos.write('s1', bad)).rejects.toThrow(message);
    expect(await todos.read('s1')).toContain('Keep me');
  });

  it('writes nothing when only a later item is bad', async () => {
    const todos = await todoTools();
    await todos.write('s1', [{ content: 'Keep me', status: 'pending' }]);
    const bad = [
      { content: 'Fine', status: 'pending' },
      { content: 'Broken', status: 'later' },
    ];
    await expect(todos.write('s1', bad)).rejects.toThrow('todos[1].status');
    expect(await todos.read('s1')).toContain('Keep me');
  });

  it('stores only content and status', async () => {
    const service = new InMemoryTodoListService();
    const todos = await todoTools(service);
    await todos.write('s1', [{ content: 'Task', status: 'pending', priority: 'high' }]);
    await expect(service.read({ agentId: 'agent-1', sessionId: 's1' })).resolves.toEqual([{ content: 'Task', status: 'pending' }]);
  });

  it('is listed in the todo group', async () => {
    const registry = await loadRegistry(new Map([provide(TODO_LIST_SERVICE, new InMemoryTodoListService())]));
    const entries = registry.catalogue().filter((entry) => entry.name.startsWith('todo_'));
    expect(entries.map((entry) => [entry.name, entry.group, entry.available])).toEqual([
      ['todo_read', 'todo', true],
      ['todo_write', 'todo', true],
    ]);
  });

  it('is unavailable, naming the missing service, when the host provides no todo list service', async () => {
    const registry = await loadRegistry(new Map());
    for (const name of ['todo_read', 'todo_write']) {
      const entry = registry.catalogue().find((e) => e.name === name);
      expect(entry?.available).toBe(false);
      expect(entry?.unavailableReason).toContain('todo-list-service');
    }
    expect(() =>
      registry.resolve({ agentId: 'agent-1', toolName: 'todo_read', overrides: {} }, scopeFor('s1')),
    ).toThrow(/unavailable.*todo-list-service/);
  });
});
