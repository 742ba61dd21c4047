import { expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { appErrorOf } from '@/test/app-error-of';
import { listAuditEvents } from '@/lib/audit';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';
import { createAgent, deleteAgent, getAgent, listAgents, updateAgent } from '.';

async function auditActions(db: Db): Promise<string[]> {
  const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 100 });
  return events.map((event) => `${event.action} ${event.target}`);
}

describeEachDatabase('agents', (databases) => {
  it('creates an agent with an id made from its name, at version 1, and audits it', async () => {
    const { db } = await databases.create();

    const agent = await createAgent({ db, actor: TEST_ADMIN, input: { name: '  Café Support Bot! ', description: 'Answers' } });

    expect(agent).toMatchObject({ id: 'cafe-support-bot', name: 'Café Support Bot!', description: 'Answers', version: 1 });
    expect(Date.parse(agent.createdAt)).not.toBeNaN();
    expect(await getAgent({ actor: TEST_ADMIN, db, id: 'cafe-support-bot' })).toEqual(agent);
    const { events } = await listAuditEvents({ actor: TEST_ADMIN, db, limit: 10 });
    expect(events).toEqual([
      expect.objectContaining({ actor: TEST_ADMIN.id, action: 'agent.create', target: 'agents/cafe-support-bot', before: null, after: expect.objectContaining({ name: 'Café Support Bot!', version: 1 }) }),
    ]);
  });

  it('refuses an id that is taken, and a bad id, naming the field', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'helper', name: 'Helper' } });

    const taken = await appErrorOf(createAgent({ db, actor: TEST_ADMIN, input: { id: 'helper', name: 'Other' } }));
    expect(taken.code).toBe('conflict');
    expect(taken.message).toContain('"helper"');
    const bad = await appErrorOf(createAgent({ db, actor: TEST_ADMIN, input: { id: 'Not OK', name: 'Other' } }));
    expect(bad.code).toBe('invalid');
    expect(bad.details.errors).toEqual([expect.objectContaining({ pointer: '/id' })]);
    const blank = await appErrorOf(createAgent({ db, actor: TEST_ADMIN, input: { name: '   ' } }));
    expect(blank.details.errors).toEqual([expect.objectContaining({ pointer: '/name' })]);
    expect((await getAgent({ actor: TEST_ADMIN, db, id: 'helper' })).name).toBe('Helper');
    expect(await auditActions(db)).toEqual(['agent.create agents/helper']);
  });

  it('lists agents by name and finds them by id, name or description ignoring case', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'z', name: 'beta', description: 'Reads 100% of files' } });
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'y', name: 'Alpha' } });
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'research', name: 'Gamma' } });

    expect((await listAgents({ actor: TEST_ADMIN, db })).map((agent) => agent.name)).toEqual(['Alpha', 'beta', 'Gamma']);
    expect((await listAgents({ actor: TEST_ADMIN, db, search: 'ALP' })).map((agent) => agent.id)).toEqual(['y']);
    expect((await listAgents({ actor: TEST_ADMIN, db, search: 'search' })).map((agent) => agent.id)).toEqual(['research']);
    expect((await listAgents({ actor: TEST_ADMIN, db, search: '100%' })).map((agent) => agent.id)).toEqual(['z']);
    expect(await listAgents({ actor: TEST_ADMIN, db, search: '_' })).toEqual([]);
  });

  it('finds names with non-ASCII letters whatever their case, on both engines', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'unicode', name: 'Ünïcödé Agent', description: 'Prüft ÄÖÜ' } });
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'plain', name: 'Plain' } });

    for (const search of ['Ün', 'ün', 'ÜN', 'ÜNÏCÖDÉ', 'äöü']) {
      expect((await listAgents({ actor: TEST_ADMIN, db, search })).map((agent) => agent.id), search).toEqual(['unicode']);
    }
  });

  it('updates with the current version, raising it, and refuses a stale one without losing anything', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'a', name: 'First' } });

    const updated = await updateAgent({ db, actor: TEST_ADMIN, id: 'a', expectedVersion: 1, changes: { name: 'Second' } });
    expect(updated).toMatchObject({ name: 'Second', version: 2 });

    const stale = await appErrorOf(updateAgent({ db, actor: TEST_ADMIN, id: 'a', expectedVersion: 1, changes: { name: 'Lost?' } }));
    expect(stale.code).toBe('precondition_failed');
    expect(stale.details.current).toEqual(updated);
    expect(await getAgent({ actor: TEST_ADMIN, db, id: 'a' })).toEqual(updated);
    expect(await auditActions(db)).toEqual(['agent.update agents/a', 'agent.create agents/a']);
  });

  it('asks for a version before changing or deleting an existing agent', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'a', name: 'First' } });

    const update = await appErrorOf(updateAgent({ db, actor: TEST_ADMIN, id: 'a', changes: { name: 'X' } }));
    const remove = await appErrorOf(deleteAgent({ db, actor: TEST_ADMIN, id: 'a' }));

    expect([update.code, remove.code]).toEqual(['precondition_required', 'precondition_required']);
    expect(await getAgent({ actor: TEST_ADMIN, db, id: 'a' })).toMatchObject({ name: 'First', version: 1 });
  });

  it('names the id of an agent that does not exist', async () => {
    const { db } = await databases.create();

    for (const attempt of [
      () => getAgent({ actor: TEST_ADMIN, db, id: 'ghost' }),
      () => updateAgent({ db, actor: TEST_ADMIN, id: 'ghost', expectedVersion: 1, changes: { name: 'X' } }),
      () => deleteAgent({ db, actor: TEST_ADMIN, id: 'ghost', expectedVersion: 1 }),
    ]) {
      const error = await appErrorOf(attempt());
      expect(error.code).toBe('not_found');
      expect(error.message).toContain('"ghost"');
    }
  });

  it('deletes an agent with its assignments and keeps both in the audit event', async () => {
    const { db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'a', name: 'A' } });
    const now = new Date().toISOString();
    await db
      .insertInto('assignments')
      .values(['word_count', 'fs_read_file'].map((tool_name) => ({ agent_id: 'a', tool_name, overrides: '{"k":1}', version: 1, created_at: now, updated_at: now })))
      .execute();
    expect((await listAgents({ actor: TEST_ADMIN, db }))[0]?.assignmentCount).toBe(2);

    await expect(deleteAgent({ db, actor: TEST_ADMIN, id: 'a', expectedVersion: 1 })).resolves.toEqual({ deletedAssignments: 2 });

    expect(await listAgents({ actor: TEST_ADMIN, db })).toEqual([]);
    expect(await db.selectFrom('assignments').selectAll().execute()).toEqual([]);
    const [event] = (await listAuditEvents({ actor: TEST_ADMIN, db, limit: 1 })).events;
    expect(event).toMatchObject({ action: 'agent.delete', target: 'agents/a', after: null });
    expect(event?.before).toMatchObject({
      agent: { id: 'a', version: 1 },
      assignments: [
        expect.objectContaining({ toolName: expect.any(String), overrides: { k: 1 } }),
        expect.objectContaining({ toolName: expect.any(String), overrides: { k: 1 } }),
      ],
    });
  });
});
