import { expect, it } from 'vitest';
import { describeEachDatabase } from '@/lib/db/testing';
import { SqlTodoListService } from './sql-todo-list-service';

describeEachDatabase('SqlTodoListService', (databases) => {
  it('keeps each session its list, in order, across a reopen of the database', async () => {
    const { url, db } = await databases.create();
    const service = new SqlTodoListService({ db });
    await service.write('s1', [
      { content: 'Write tests', status: 'completed' },
      { content: 'Ship', status: 'in_progress' },
      { content: 'Celebrate', status: 'pending' },
    ]);
    await service.write('s2', [{ content: 'Other session', status: 'pending' }]);
    await db.destroy();

    const reopened = new SqlTodoListService({ db: await databases.open(url) });

    expect(await reopened.read('s1')).toEqual([
      { content: 'Write tests', status: 'completed' },
      { content: 'Ship', status: 'in_progress' },
      { content: 'Celebrate', status: 'pending' },
    ]);
    expect(await reopened.read('s2')).toEqual([{ content: 'Other session', status: 'pending' }]);
    expect(await reopened.read('never-written')).toEqual([]);
  });

  it('replaces the whole list, an empty one included', async () => {
    const { db } = await databases.create();
    const service = new SqlTodoListService({ db });
    await service.write('s', [
      { content: 'a', status: 'pending' },
      { content: 'b', status: 'pending' },
    ]);

    await service.write('s', [{ content: 'c', status: 'completed' }]);
    expect(await service.read('s')).toEqual([{ content: 'c', status: 'completed' }]);
    await service.write('s', []);
    expect(await service.read('s')).toEqual([]);
  });
});
