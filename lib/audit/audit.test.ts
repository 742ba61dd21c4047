import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AppError } from '@/lib/app-error';
import { createAgent, listAgents, updateAgent } from '@/lib/agents';
import { inTransaction } from '@/lib/db/transaction';
import { describeEachDatabase } from '@/test/db/databases';
import { listAuditEvents, recordAuditEvent } from '.';

describeEachDatabase('audit log', (databases) => {
  it('pages newest first with a cursor, unchanged by events that arrive meanwhile', async () => {
    const { db } = await databases.create();
    for (const id of ['a', 'b', 'c', 'd', 'e']) await createAgent({ db, actor: TEST_ADMIN, input: { id, name: id } });

    const first = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 2 });
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'late', name: 'Late' } });
    const second = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 2, cursor: first.nextCursor });
    const third = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 2, cursor: second.nextCursor });

    expect([first, second, third].map((page) => page.events.map((event) => event.target))).toEqual([
      ['agents/e', 'agents/d'],
      ['agents/c', 'agents/b'],
      ['agents/a'],
    ]);
    expect(third.nextCursor).toBeUndefined();
    expect(first.events[0]).toMatchObject({ actor: TEST_ADMIN.id, action: 'agent.create', id: expect.any(String) });
  });

  it('refuses a cursor it did not give out and a page size out of range', async () => {
    const { db } = await databases.create();

    await expect(listAuditEvents({ actor: TEST_ADMIN, db, limit: 10, cursor: 'garbage' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(listAuditEvents({ actor: TEST_ADMIN, db, limit: 0 })).rejects.toBeInstanceOf(AppError);
    await expect(listAuditEvents({ actor: TEST_ADMIN, db, limit: 201 })).rejects.toBeInstanceOf(AppError);
  });

  it('leaves no audit event when the write it belongs to fails', async () => {
    const { db } = await databases.create();

    await expect(
      inTransaction(db, async (trx) => {
        await createAgent({ db: trx, actor: TEST_ADMIN, input: { id: 'doomed', name: 'Doomed' } });
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');

    expect(await listAgents({ actor: TEST_ADMIN, db })).toEqual([]);
    expect((await listAuditEvents({ actor: TEST_ADMIN, db, limit: 10 })).events).toEqual([]);
  });

  it('keeps no change whose audit event cannot be written', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'a', name: 'Before' } });
    await sql`alter table audit_events rename to audit_events_away`.execute(db);

    await expect(updateAgent({ db, actor: TEST_ADMIN, id: 'a', expectedVersion: 1, changes: { name: 'After' } })).rejects.toThrow();

    await sql`alter table audit_events_away rename to audit_events`.execute(db);
    expect((await listAgents({ actor: TEST_ADMIN, db }))[0]).toMatchObject({ name: 'Before', version: 1 });
  });

  it('refuses to record outside a transaction', async () => {
    const { db } = await databases.create();

    await expect(
      recordAuditEvent(db, { actor: TEST_ADMIN, action: 'agent.create', target: 'agents/x', before: null, after: {} }),
    ).rejects.toThrow('inside the transaction');
  });
});
