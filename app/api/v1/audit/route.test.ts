import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/lib/auth/test-actors';
import { AuditPageSchema } from '@/lib/api/audit-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, describeApi } from '@/lib/api/testing';
import { createAgent, updateAgent } from '@/lib/agents';
import { listAuditEvents, MAX_AUDIT_PAGE } from '@/lib/audit';
import { GET } from './route';

describeApi('GET /api/v1/audit', (database) => {
  beforeAll(async () => {
    for (const id of ['first', 'second', 'third']) {
      await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id, name: id } });
    }
    await updateAgent({ db: database.db, actor: TEST_ADMIN, id: 'first', expectedVersion: 1, changes: { name: 'First again' } });
  });

  const noParams = { params: Promise.resolve({}) };

  async function page(query: string) {
    const response = await GET(apiRequest(`/api/v1/audit${query}`), noParams);
    expect(response.status).toBe(200);
    return AuditPageSchema.parse(await response.json());
  }

  describe('GET /api/v1/audit', () => {
    it('pages through the events newest first until there is no next cursor', async () => {
      const first = await page('?limit=3');
      expect(first.events.map((event) => `${event.action} ${event.target}`)).toEqual([
        'agent.update agents/first',
        'agent.create agents/third',
        'agent.create agents/second',
      ]);
      expect(first.events[0]).toMatchObject({ actor: TEST_ADMIN.id, before: { name: 'first' }, after: { name: 'First again' } });
      expect(first.nextCursor).toEqual(expect.any(String));

      // Then the agent created first, and before it the test users' creation and sign-ins.
      const second = await page(`?limit=3&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
      expect(second.events[0] && `${second.events[0].action} ${second.events[0].target}`).toBe('agent.create agents/first');
      let cursor = second.nextCursor;
      const rest = second.events.slice(1);
      while (cursor !== undefined) {
        const next = await page(`?limit=3&cursor=${encodeURIComponent(cursor)}`);
        rest.push(...next.events);
        cursor = next.nextCursor;
      }
      expect(new Set(rest.map((event) => event.action))).toEqual(new Set(['user.create', 'auth.sign-in']));
    });

    it('answers 400 pointing at a bad limit, and 400 for a cursor it never gave out', async () => {
      for (const query of ['?limit=0', '?limit=abc', '?limit=1000', '?limit=', '?limit=0x10', '?limit=1e1', '?limit=201', '?limit=-1', '?limit=%201', '?limit=2.0']) {
        const response = await GET(apiRequest(`/api/v1/audit${query}`), noParams);
        expect(response.status, query).toBe(400);
        expect(ProblemSchema.parse(await response.json()).errors?.[0]?.pointer, query).toBe('/limit');
      }
      const forged = await GET(apiRequest('/api/v1/audit?cursor=bm90LWEtY3Vyc29y'), noParams);
      expect(forged.status).toBe(400);
    });

    it('accepts the largest page lib allows, and lib refuses one more', async () => {
      expect((await GET(apiRequest(`/api/v1/audit?limit=${MAX_AUDIT_PAGE}`), noParams)).status).toBe(200);
      await expect(listAuditEvents({ actor: TEST_ADMIN, db: database.db, limit: MAX_AUDIT_PAGE + 1 })).rejects.toMatchObject({ code: 'invalid' });
    });

    it('answers 50 events per page when no limit is given', async () => {
      for (let index = 0; index < 50; index++) {
        await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: `bulk-${index}`, name: `Bulk ${index}` } });
      }

      const first = await page('');

      expect(first.events).toHaveLength(50);
      expect(first.events[0]?.target).toBe('agents/bulk-49');
      expect(first.nextCursor).toEqual(expect.any(String));
    });
  });
});
