import { expect, it } from 'vitest';
import type { Actor, TokenActor } from '@/lib/auth/actor';
import { configImportActor } from '@/lib/config/config-import-actor';
import { inTransaction } from '@/lib/db/transaction';
import type { Db } from '@/lib/db/schema';
import { TEST_VIEWER } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import { recordAuditEvent } from '.';
import { listAuditActors } from './list-audit-actors';

const ada: Actor = { kind: 'user', id: 'user:ada@example.test', displayName: 'Ada Lovelace', userId: 'ada', email: 'ada@example.test', role: 'editor', sessionId: 's-ada' };
const cli: TokenActor = { kind: 'token', id: 'token:tat_abc', displayName: 'Token "config cli"', tokenId: 'cli', scopes: ['agents:write'], agents: { all: true } };
const percent: Actor = { kind: 'user', id: 'user:p@example.test', displayName: '100% Sure', userId: 'p', email: 'p@example.test', role: 'admin', sessionId: 's-p' };

async function record(db: Db, actor: Actor): Promise<void> {
  await inTransaction(db, (trx) => recordAuditEvent(trx, { actor, action: 'agent.create', target: 'agents/a', before: null, after: {} }));
}

describeEachDatabase('audit actors', (databases) => {
  it('finds an actor by part of its name in any case, once, named in words', async () => {
    const { db } = await databases.create();
    await record(db, ada);
    await record(db, ada);
    await record(db, cli);
    await record(db, configImportActor(cli));

    expect(await listAuditActors({ db, actor: TEST_VIEWER, search: 'ada' })).toEqual([{ id: 'user:ada@example.test', name: 'Ada Lovelace (editor)' }]);
    expect(await listAuditActors({ db, actor: TEST_VIEWER, search: 'CONFIG CLI' })).toEqual([
      { id: 'config import', name: 'token "config cli" via config import' },
      { id: 'token:tat_abc', name: 'token "config cli"' },
    ]);
  });

  it('matches LIKE wildcards in the search as themselves', async () => {
    const { db } = await databases.create();
    await record(db, ada);
    await record(db, percent);

    expect(await listAuditActors({ db, actor: TEST_VIEWER, search: '%' })).toEqual([{ id: 'user:p@example.test', name: '100% Sure (admin)' }]);
    expect(await listAuditActors({ db, actor: TEST_VIEWER, search: '_' })).toEqual([]);
  });
});
