import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it, vi } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { listAuditEvents } from './list-audit-events';
import { AUDIT_FLUSH_DELAY_MS, flushAuditEvents, recordAuditEventLater } from './record-audit-event-later';

afterEach(() => {
  vi.restoreAllMocks();
});

const call = (n: number) => ({ actor: TEST_ADMIN, action: 'tool.invoke' as const, target: 'agents/a/tools/word_count', before: null, after: { n } });
const stored = async (db: Db) => (await db.selectFrom('audit_events').select('after').orderBy('id').execute()).map((row) => JSON.parse(row.after ?? '{}') as { n: number });

describeEachDatabase('audit events written after the answer', (databases) => {
  it('writes an event within the flush delay without anyone asking', async () => {
    const { db } = await databases.create();
    recordAuditEventLater(db, call(1));
    expect(await stored(db)).toEqual([]);
    await sleep(AUDIT_FLUSH_DELAY_MS * 5);
    expect(await stored(db)).toEqual([{ n: 1 }]);
  });

  it('lets a reader of the log see the waiting events at once', async () => {
    const { db } = await databases.create();
    recordAuditEventLater(db, call(1));
    recordAuditEventLater(db, call(2));
    const { events } = await listAuditEvents({ db, actor: TEST_ADMIN, limit: 10 });
    expect(events.map((event) => event.after)).toEqual([{ n: 2 }, { n: 1 }]);
  });

  it('writes a large batch whole and in order', async () => {
    const { db } = await databases.create();
    for (let n = 0; n < 1234; n++) recordAuditEventLater(db, call(n));
    await flushAuditEvents();
    expect(await stored(db)).toEqual(Array.from({ length: 1234 }, (_, n) => ({ n })));
  });

  it('logs the events it could not write instead of dropping them silently', async () => {
    const { db } = await databases.create();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await db.schema.dropTable('audit_events').execute();
    recordAuditEventLater(db, call(7));
    await flushAuditEvents();
    expect(errors).toHaveBeenCalledWith('Could not record an audit event', expect.stringContaining('"n":7'), expect.anything());
  });
});
