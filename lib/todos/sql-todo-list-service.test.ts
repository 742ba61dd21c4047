import { expect, it } from 'vitest';
import { listAuditEvents } from '@/lib/audit';
import { describeEachDatabase } from '@/test/db/databases';
import type { TodoItem } from '@/registry/builtins/todo-list-service';
import { SqlTodoListService } from './sql-todo-list-service';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { sessionHash } from '@/lib/runtime/runtime-sessions';

/** The list of session `sessionId` of agent `agentId` (a-1 unless named). */
const list = (sessionId: string, agentId = 'a-1') => ({ agentId, sessionId });

describeEachDatabase('SqlTodoListService', (databases) => {
  it('keeps each session its list, in order, across a reopen of the database', async () => {
    const { url, db } = await databases.create();
    const service = new SqlTodoListService({ db });
    await service.write(list('s1'), [
      { content: 'Write tests', status: 'completed' },
      { content: 'Ship', status: 'in_progress' },
      { content: 'Celebrate', status: 'pending' },
    ]);
    await service.write(list('s2'), [{ content: 'Other session', status: 'pending' }]);
    await db.destroy();

    const reopened = new SqlTodoListService({ db: await databases.open(url) });

    expect(await reopened.read(list('s1'))).toEqual([
      { content: 'Write tests', status: 'completed' },
      { content: 'Ship', status: 'in_progress' },
      { content: 'Celebrate', status: 'pending' },
    ]);
    expect(await reopened.read(list('s2'))).toEqual([{ content: 'Other session', status: 'pending' }]);
    expect(await reopened.read(list('never-written'))).toEqual([]);
    expect(await reopened.read(list('s1', 'another-agent'))).toEqual([]);
  });

  it('replaces the whole list, an empty one included', async () => {
    const { db } = await databases.create();
    const service = new SqlTodoListService({ db });
    await service.write(list('s'), [
      { content: 'a', status: 'pending' },
      { content: 'b', status: 'pending' },
    ]);

    await service.write(list('s'), [{ content: 'c', status: 'completed' }]);
    expect(await service.read(list('s'))).toEqual([{ content: 'c', status: 'completed' }]);
    await service.write(list('s'), []);
    expect(await service.read(list('s'))).toEqual([]);
  });

  it('records one todo.write event by the agent runtime per write, with the session\'s hash and the item counts, never the items', async () => {
    const { db } = await databases.create();
    const service = new SqlTodoListService({ db });
    const first = [{ content: 'a', status: 'pending' as const }];
    const second = [{ content: 'a', status: 'completed' as const }, { content: 'b', status: 'pending' as const }];

    await service.write(list('s1'), first);
    await service.write(list('s1'), second);
    await service.write(list('s1'), []);

    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 10 });
    const target = `agents/a-1/sessions/${sessionHash('s1')}/todos`;
    expect(events.map(({ actor, action, target, agentId, before, after }) => ({ actor, action, target, agentId, before, after }))).toEqual([
      { actor: 'runtime', action: 'todo.write', target, agentId: 'a-1', before: { items: 2 }, after: { items: 0 } },
      { actor: 'runtime', action: 'todo.write', target, agentId: 'a-1', before: { items: 1 }, after: { items: 2 } },
      { actor: 'runtime', action: 'todo.write', target, agentId: 'a-1', before: { items: 0 }, after: { items: 1 } },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/"s1"|"a"|"b"/);
  });

  it('records no event when the write fails, and keeps the list it had', async () => {
    const { db } = await databases.create();
    const service = new SqlTodoListService({ db });
    await service.write(list('s1'), [{ content: 'stays', status: 'pending' }]);
    // content is NOT NULL: the insert fails after the event was recorded, so both roll back.
    const broken = [{ content: null, status: 'pending' }] as unknown as TodoItem[];

    await expect(service.write(list('s1'), broken)).rejects.toThrow();

    expect(await service.read(list('s1'))).toEqual([{ content: 'stays', status: 'pending' }]);
    expect((await listAuditEvents({ actor: TEST_ADMIN, db, limit: 10 })).events).toHaveLength(1);
  });

  it('refuses a session id with the NUL character on every database, storing nothing', async () => {
    const { db } = await databases.create();
    const service = new SqlTodoListService({ db });

    await expect(service.write(list('s\u0000'), [{ content: 'c', status: 'pending' }])).rejects.toThrow('NUL character');
    await expect(service.read(list('s\u0000'))).resolves.toEqual([]);
    expect(await db.selectFrom('session_todo_items').select('session_id').execute()).toEqual([]);
  });

  // One SQLite process has one connection, so its writes take turns already: PostgreSQL only.
  if (databases.kind === 'postgres') it('lets two connections write one session at once, ending with one whole list', async () => {
    const { url, db } = await databases.create();
    const first = new SqlTodoListService({ db });
    const second = new SqlTodoListService({ db: await databases.open(url) });
    const long = ['a', 'b', 'c'].map((content) => ({ content, status: 'pending' as const }));
    const short = [{ content: 'x', status: 'completed' as const }];

    for (let round = 0; round < 20; round++) {
      await Promise.all([first.write(list('s'), long), second.write(list('s'), short)]);
      expect([long, short]).toContainEqual(await first.read(list('s')));
    }
    // The audit events chain: each write's `before` is the count the previous one left.
    const events = (await listAuditEvents({ actor: TEST_ADMIN, db, limit: 40 })).events.reverse();
    expect(events).toHaveLength(40);
    events.forEach((event, index) => expect(event.before, `event ${index}`).toEqual(index === 0 ? { items: 0 } : events[index - 1]?.after));
    expect(events.at(-1)?.after).toEqual({ items: (await first.read(list('s'))).length });
  });
});
