import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { AuditEventSchema, AuditPageSchema } from '@/lib/api/audit-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, describeApi, snapshotTables } from '@/test/api/api-harness';
import { createAgent, updateAgent } from '@/lib/agents';
import { listAuditEvents, MAX_AUDIT_PAGE } from '@/lib/audit';
import * as auditRoute from './route';

const { GET } = auditRoute;

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
    it('filters by actor, agent, tool, action and time, and keeps the filters across pages', async () => {
      const byAgent = await page('?agent=first&limit=1');
      expect(byAgent.events.map((event) => event.action)).toEqual(['agent.update']);
      const next = await page(`?agent=first&limit=1&cursor=${encodeURIComponent(byAgent.nextCursor ?? '')}`);
      expect(next.events.map((event) => `${event.action} ${event.target}`)).toEqual(['agent.create agents/first']);
      expect(next.nextCursor).toBeUndefined();

      expect((await page('?action=agent.update')).events.map((event) => event.target)).toEqual(['agents/first']);
      expect((await page(`?actor=${TEST_ADMIN.id}&agent=second`)).events.map((event) => event.action)).toEqual(['agent.create']);
      expect((await page('?actor=someone-else')).events).toEqual([]);
      expect((await page('?tool=fs_read_file')).events).toEqual([]);
      expect((await page('?from=2999-01-01')).events).toEqual([]);
      expect((await page('?to=2000-01-01T00:00:00Z')).events).toEqual([]);
    });

    it('answers 400 naming the parameter for a time that is not ISO 8601 or a NUL in a filter', async () => {
      for (const [query, pointer] of [['?from=yesterday', '/from'], ['?to=2026-02-30T25:00', '/to'], ['?actor=%00', '/actor'], ['?format=csv', '/format']]) {
        const response = await GET(apiRequest(`/api/v1/audit${query}`), noParams);
        expect(response.status, query).toBe(400);
        expect(ProblemSchema.parse(await response.json()).errors?.map((error) => error.pointer), query).toEqual([pointer]);
      }
    });

    it('streams every matching event as JSON lines for format=jsonl or Accept: application/x-ndjson, as a download', async () => {
      const all = await GET(apiRequest('/api/v1/audit?format=jsonl'), noParams);
      expect(all.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
      expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-.+\.jsonl"$/);
      const text = await all.text();
      expect(text.endsWith('\n')).toBe(true);
      const lines = text.trimEnd().split('\n').map((line) => AuditEventSchema.parse(JSON.parse(line)));
      const pages = await page('?limit=200');
      expect(lines).toEqual(pages.events);

      const accepted = await GET(apiRequest('/api/v1/audit?agent=first', { headers: { accept: 'application/x-ndjson' } }), noParams);
      expect(accepted.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const filtered = (await accepted.text()).trimEnd().split('\n').map((line) => JSON.parse(line) as { action: string });
      expect(filtered.map((event) => event.action)).toEqual(['agent.update', 'agent.create']);

      const none = await GET(apiRequest('/api/v1/audit?format=jsonl&actor=nobody'), noParams);
      expect(await none.text()).toBe('');
    });

    it('answers every method that would change or delete an event with 405, and the log stays as it was', async () => {
      const before = await snapshotTables(database.db);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const handler = auditRoute[method];
        const response = await handler(apiRequest('/api/v1/audit', { method, json: {} }), noParams);
        expect(response.status, method).toBe(405);
        expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      }
      expect(await snapshotTables(database.db)).toEqual(before);
    });
  });
});
