import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Actor, TokenActor } from '@/lib/auth/actor';
import { TEST_VIEWER } from '@/test/auth/test-actors';
import { inTransaction } from '@/lib/db/transaction';
import { describeEachDatabase, describeSqlite } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { listAuditEvents, recordAuditEvent, streamAuditEvents, type AuditAction } from '.';
import { auditEventsQuery } from './audit-query';

const ada: Actor = { kind: 'user', id: 'user-ada', displayName: 'Ada Lovelace', userId: 'ada', email: 'ada@example.test', role: 'editor', sessionId: 's-ada' };
const ci: TokenActor = { kind: 'token', id: 'token-ci', displayName: 'CI token', tokenId: 'ci', scopes: ['agents:write'], agents: { all: true } };
const reader = TEST_VIEWER;

async function record(db: Db, actor: Actor, action: AuditAction, target: string, at?: string): Promise<void> {
  await inTransaction(db, (trx) => recordAuditEvent(trx, { actor, action, target, before: null, after: { target } }));
  if (at) await sql`update audit_events set at = ${at} where id = (select max(id) from audit_events)`.execute(db);
}

async function seed(db: Db): Promise<void> {
  await record(db, ada, 'agent.create', 'agents/alpha', '2026-01-01T10:00:00.000Z');
  await record(db, ada, 'assignment.put', 'agents/alpha/tools/fs_read_file', '2026-01-02T10:00:00.000Z');
  await record(db, ci, 'assignment.put', 'agents/beta/tools/fs_read_file', '2026-01-03T10:00:00.000Z');
  await record(db, ci, 'agent.update', 'agents/beta', '2026-01-04T10:00:00.000Z');
  await record(db, ada, 'todo.write', 'sessions/s1/todos', '2026-01-05T10:00:00.000Z');
  await record(db, ada, 'assignment.delete', 'agents/alpha/tools/word_count', '2026-01-06T10:00:00.000Z');
}

const targets = (page: { events: { target: string }[] }) => page.events.map((event) => event.target);

describeEachDatabase('audit log filters', (databases) => {
  it('records who acted by id and in words (a person with their role, a token by its name), and the agent and tool the target names', async () => {
    const { db } = await databases.create();
    await seed(db);

    const { events } = await listAuditEvents({ db, actor: reader, limit: 10 });

    expect(events.map(({ actor, actorName, agentId, toolName }) => ({ actor, actorName, agentId, toolName }))).toEqual([
      { actor: 'user-ada', actorName: 'Ada Lovelace (editor)', agentId: 'alpha', toolName: 'word_count' },
      { actor: 'user-ada', actorName: 'Ada Lovelace (editor)', agentId: null, toolName: null },
      { actor: 'token-ci', actorName: 'token "CI token"', agentId: 'beta', toolName: null },
      { actor: 'token-ci', actorName: 'token "CI token"', agentId: 'beta', toolName: 'fs_read_file' },
      { actor: 'user-ada', actorName: 'Ada Lovelace (editor)', agentId: 'alpha', toolName: 'fs_read_file' },
      { actor: 'user-ada', actorName: 'Ada Lovelace (editor)', agentId: 'alpha', toolName: null },
    ]);
  });

  it('narrows to the events matching every filter given, newest first', async () => {
    const { db } = await databases.create();
    await seed(db);
    const list = (filters: Parameters<typeof listAuditEvents>[0]['filters']) => listAuditEvents({ db, actor: reader, limit: 10, filters }).then(targets);

    expect(await list({ actor: 'token-ci' })).toEqual(['agents/beta', 'agents/beta/tools/fs_read_file']);
    expect(await list({ agent: 'alpha' })).toEqual(['agents/alpha/tools/word_count', 'agents/alpha/tools/fs_read_file', 'agents/alpha']);
    expect(await list({ tool: 'fs_read_file' })).toEqual(['agents/beta/tools/fs_read_file', 'agents/alpha/tools/fs_read_file']);
    expect(await list({ action: 'assignment.put', actor: 'user-ada' })).toEqual(['agents/alpha/tools/fs_read_file']);
    expect(await list({ from: '2026-01-03T10:00:00Z', to: '2026-01-05T10:00:00Z' })).toEqual(['agents/beta', 'agents/beta/tools/fs_read_file']);
    expect(await list({ from: '2026-01-05' })).toEqual(['agents/alpha/tools/word_count', 'sessions/s1/todos']);
    expect(await list({ agent: 'alpha', from: '2026-01-02T10:00:00+00:00', to: '2026-01-06' })).toEqual(['agents/alpha/tools/fs_read_file']);
    expect(await list({ actor: 'nobody' })).toEqual([]);
    // Part of an id is not the id: filters match whole values only.
    expect(await list({ agent: 'alph' })).toEqual([]);
  });

  it('pages a filtered log with a cursor until the last match, skipping events that do not match', async () => {
    const { db } = await databases.create();
    await seed(db);

    const first = await listAuditEvents({ db, actor: reader, limit: 2, filters: { actor: 'user-ada' } });
    const second = await listAuditEvents({ db, actor: reader, limit: 2, filters: { actor: 'user-ada' }, cursor: first.nextCursor });

    expect(targets(first)).toEqual(['agents/alpha/tools/word_count', 'sessions/s1/todos']);
    expect(targets(second)).toEqual(['agents/alpha/tools/fs_read_file', 'agents/alpha']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('orders by time, then by id among events of one instant, and pages across equal times', async () => {
    const { db } = await databases.create();
    await record(db, ada, 'agent.create', 'agents/late', '2026-03-01T00:00:00.000Z');
    await record(db, ada, 'agent.create', 'agents/early', '2026-02-01T00:00:00.000Z');
    await record(db, ada, 'agent.create', 'agents/same-1', '2026-02-15T00:00:00.000Z');
    await record(db, ada, 'agent.create', 'agents/same-2', '2026-02-15T00:00:00.000Z');

    const first = await listAuditEvents({ db, actor: reader, limit: 2 });
    const second = await listAuditEvents({ db, actor: reader, limit: 2, cursor: first.nextCursor });

    expect([...targets(first), ...targets(second)]).toEqual(['agents/late', 'agents/same-2', 'agents/same-1', 'agents/early']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('refuses a reader without audit:read, such as a token of any scope, before reading anything', async () => {
    const { db } = await databases.create();

    await expect(listAuditEvents({ db, actor: ci, limit: 5 })).rejects.toMatchObject({ code: 'forbidden' });
    expect(() => streamAuditEvents({ db, actor: ci })).toThrow('audit:read');
  });

  it('refuses a time that is not ISO 8601, naming the filter', async () => {
    const { db } = await databases.create();

    await expect(listAuditEvents({ db, actor: reader, limit: 5, filters: { from: 'yesterday' } })).rejects.toMatchObject({
      code: 'invalid',
      details: { errors: [{ pointer: '/from' }] },
    });
    expect(() => streamAuditEvents({ db, actor: reader, filters: { to: '2026-13-45' } })).toThrow('"to" must be an ISO 8601');
  });

  it('streams every matching event in batches, newest first, the same events the pages hold', async () => {
    const { db } = await databases.create();
    await seed(db);

    const streamed: string[] = [];
    for await (const event of streamAuditEvents({ db, actor: reader, filters: { actor: 'user-ada' }, batchSize: 2 })) streamed.push(event.target);

    const paged = targets(await listAuditEvents({ db, actor: reader, limit: 10, filters: { actor: 'user-ada' } }));
    expect(streamed).toEqual(paged);
    expect(streamed).toHaveLength(4);
  });
});

describeSqlite('audit log query plan', (databases) => {
  it('reads a filtered page in order through one index range: no table scan, no sort', async () => {
    const { db } = await databases.create();
    await seed(db);
    const below = { at: '2026-01-04T10:00:00.000Z', id: 4 };

    for (const [filters, index] of [
      [{}, 'audit_events_at_id'],
      [{ actor: 'user-ada' }, 'audit_events_actor_id'],
      [{ agent: 'alpha' }, 'audit_events_agent_id'],
      [{ tool: 'fs_read_file' }, 'audit_events_tool_name'],
      [{ action: 'agent.update' }, 'audit_events_action'],
      [{ from: '2026-01-02', to: '2026-01-05' }, 'audit_events_at_id'],
      [{ agent: 'alpha', from: '2026-01-02', to: '2026-01-05' }, 'audit_events_agent_id'],
    ] as const) {
      const compiled = auditEventsQuery(db, filters, below).limit(51).compile();
      const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      const detail = plan.rows.map((row) => row.detail).join(' | ');
      expect(detail, index).toMatch(new RegExp(`^SEARCH audit_events USING INDEX ${index} `));
      expect(detail, index).not.toMatch(/TEMP B-TREE|SCAN/);
    }
  });
});
