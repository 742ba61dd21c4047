import { expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { createAgent } from '@/lib/agents';
import { compiledOnce } from './compiled-once';
import { inTransaction } from './transaction';
import { describeEachDatabase } from '@/test/db/databases';

describeEachDatabase('compiledOnce (a query built once, run with new values)', (databases) => {
  it('runs with the values of each call, nulls included, in and out of a transaction, and builds only once', async () => {
    const { db } = await databases.create();
    for (const id of ['one', 'two']) await createAgent({ db, actor: TEST_ADMIN, input: { id, name: id, description: `about ${id}` } });
    let builds = 0;
    const rename = compiledOnce<[string, string], { id: string; name: string }>(2, (trx, name, id) => {
      builds += 1;
      return trx.updateTable('agents').set({ name }).where('id', '=', id).returning(['id', 'name']);
    });
    const find = compiledOnce<[string | null], { id: string }>(1, (trx, id) => trx.selectFrom('agents').select('id').where('id', '=', id));

    expect(await rename(db, 'First', 'one')).toEqual([{ id: 'one', name: 'First' }]);
    expect(await inTransaction(db, (trx) => rename(trx, 'Second', 'two'))).toEqual([{ id: 'two', name: 'Second' }]);
    expect(await rename(db, 'Nobody', 'three')).toEqual([]);
    expect(await find(db, null)).toEqual([]);
    expect(await find(db, 'two')).toEqual([{ id: 'two' }]);

    expect(builds).toBe(1);
    const rows = await db.selectFrom('agents').select(['id', 'name', 'description']).where('id', 'in', ['one', 'two']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'one', name: 'First', description: 'about one' },
      { id: 'two', name: 'Second', description: 'about two' },
    ]);
  });

  it('rolls back with the transaction it ran in', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'stays', name: 'Stays' } });
    const rename = compiledOnce<[string, string], { id: string }>(2, (trx, name, id) => trx.updateTable('agents').set({ name }).where('id', '=', id).returning('id'));

    await expect(
      inTransaction(db, async (trx) => {
        await rename(trx, 'Lost', 'stays');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');

    expect(await db.selectFrom('agents').select('name').where('id', '=', 'stays').executeTakeFirst()).toEqual({ name: 'Stays' });
  });
});
