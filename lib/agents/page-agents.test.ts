import { expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import { sql } from 'kysely';
import { pageAgents } from '.';

describeEachDatabase('pageAgents', (databases) => {
  async function seed() {
    const { db } = await databases.create();
    const now = new Date().toISOString();
    // 120 agents named "Agent 000" … "Agent 119", ids in reverse so name order and id order differ.
    await db
      .insertInto('agents')
      .values(Array.from({ length: 120 }, (_, i) => ({ id: `a-${String(119 - i).padStart(3, '0')}`, name: `Agent ${String(i).padStart(3, '0')}`, description: i % 10 === 0 ? 'Tenth' : '', version: 1, created_at: now, updated_at: now })))
      .execute();
    await db.insertInto('assignments').values({ agent_id: 'a-119', tool_name: 'word_count', overrides: '{}', version: 1, created_at: now, updated_at: now }).execute();
    return db;
  }

  it('answers one page in name order with the total, and the next page carries on where it stopped', async () => {
    const db = await seed();

    const first = await pageAgents({ db, actor: TEST_ADMIN, limit: 50 });
    const second = await pageAgents({ db, actor: TEST_ADMIN, limit: 50, offset: 50 });
    const last = await pageAgents({ db, actor: TEST_ADMIN, limit: 50, offset: 100 });

    expect(first.total).toBe(120);
    expect(first.agents.map((agent) => agent.name).slice(0, 2)).toEqual(['Agent 000', 'Agent 001']);
    expect(first.agents[0]?.assignmentCount).toBe(1);
    expect(second.agents[0]?.name).toBe('Agent 050');
    expect(last.agents).toHaveLength(20);
    expect(new Set([...first.agents, ...second.agents, ...last.agents].map((agent) => agent.id)).size).toBe(120);
  });

  it('searches on the server and counts only the matches', async () => {
    const db = await seed();

    const page = await pageAgents({ db, actor: TEST_ADMIN, search: 'TENTH', limit: 5 });

    expect(page.total).toBe(12);
    expect(page.agents.map((agent) => agent.name)).toEqual(['Agent 000', 'Agent 010', 'Agent 020', 'Agent 030', 'Agent 040']);
  });

  it('answers the right total on a last page, past the end and for a search narrower than a page', async () => {
    const db = await seed();

    const last = await pageAgents({ db, actor: TEST_ADMIN, limit: 50, offset: 100 });
    const exact = await pageAgents({ db, actor: TEST_ADMIN, limit: 40, offset: 80 });
    const past = await pageAgents({ db, actor: TEST_ADMIN, limit: 50, offset: 500 });
    const narrow = await pageAgents({ db, actor: TEST_ADMIN, search: 'tenth', limit: 50 });
    const none = await pageAgents({ db, actor: TEST_ADMIN, search: 'no such agent', limit: 50 });

    expect([last.total, last.agents.length]).toEqual([120, 20]);
    expect([exact.total, exact.agents.length]).toEqual([120, 40]);
    expect([past.total, past.agents.length]).toEqual([120, 0]);
    expect([narrow.total, narrow.agents.length]).toEqual([12, 12]);
    expect([none.total, none.agents.length]).toEqual([0, 0]);
  });

  it('has an index in the list order', async () => {
    const db = await seed();
    const indexes = databases.kind === 'postgres'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'agents' and schemaname = current_schema()`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'agents'`.execute(db)).rows;
    expect(indexes.map((index) => index.name)).toContain('agents_name_order');
  });

  it('counts each agent\'s group rules apart from its assignments, on a page and unpaged', async () => {
    const db = await seed();
    const now = new Date().toISOString();
    await db
      .insertInto('agent_rules')
      .values([
        { agent_id: 'a-119', group_name: 'general', exclude: '[]', version: 1, created_at: now, updated_at: now },
        { agent_id: 'a-119', group_name: 'files', exclude: '[]', version: 1, created_at: now, updated_at: now },
        { agent_id: 'a-118', group_name: 'general', exclude: '["word_count"]', version: 1, created_at: now, updated_at: now },
      ])
      .execute();

    const page = await pageAgents({ db, actor: TEST_ADMIN, limit: 3 });
    const all = await pageAgents({ db, actor: TEST_ADMIN });

    for (const agents of [page.agents, all.agents]) {
      const counts = Object.fromEntries(agents.slice(0, 3).map((agent) => [agent.id, { assignments: agent.assignmentCount, rules: agent.ruleCount }]));
      expect(counts).toEqual({ 'a-119': { assignments: 1, rules: 2 }, 'a-118': { assignments: 0, rules: 1 }, 'a-117': { assignments: 0, rules: 0 } });
    }
  });
});
