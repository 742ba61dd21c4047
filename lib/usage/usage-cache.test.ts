import { expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/actor';
import { closeDatabases } from '@/lib/db/close-databases';
import { getDb } from '@/lib/db/get-db';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import { writeRollups } from './write-rollups';
import { queryUsage } from './query-usage';
import { flushUsage, recordUsage } from './record-usage';
import { cachedUsage, keepUsage, usageCacheSize, usageWritten, usageCachePoints, usageGeneration, USAGE_CACHE_ENTRIES, USAGE_CACHE_POINTS, USAGE_CACHE_TTL_MS } from './usage-cache';
import { LATENCY_BUCKET_COUNT } from './latency-buckets';

const CATALOGUE_ONLY: Actor = { kind: 'system', id: 'catalogue', displayName: 'Catalogue reader', permissions: ['catalogue:read'] };

describeEachDatabase('usage answer cache', (databases) => {
  const open = async () => {
    const { url } = await databases.create();
    process.env.DATABASE_URL = url;
    return getDb();
  };
  const range = () => ({ from: new Date(Date.now() - 2 * 86_400_000), to: new Date(Date.now() + 60_000), bucket: 'day' as const });

  it('shows a new flush of this instance in the very next answer', async () => {
    const db = await open();
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'ok', durationMs: 3, resultBytes: 1 });
    expect((await queryUsage({ db, actor: TEST_ADMIN, agent: 'a', ...range() })).totals.calls).toBe(1);
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'timeout', durationMs: 900, resultBytes: 0 });
    await flushUsage();
    const next = await queryUsage({ db, actor: TEST_ADMIN, agent: 'a', ...range() });
    expect(next.totals.calls).toBe(2);
    expect(next.totals.errors.timeout).toBe(1);
    // Recorded but not yet flushed: the query flushes first, so this one shows too.
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'ok', durationMs: 1, resultBytes: 1 });
    expect((await queryUsage({ db, actor: TEST_ADMIN, agent: 'a', ...range() })).totals.calls).toBe(3);
    await closeDatabases();
  });

  it('serves another instance\'s writes late by at most the TTL, and never mixes filters or breakdowns', async () => {
    const db = await open();
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'ok', durationMs: 3, resultBytes: 1 });
    recordUsage(db, { agentId: 'b', toolName: 'u', outcome: 'tool_error', durationMs: 3, resultBytes: 1 });
    recordUsage(db, { agentId: 'b', toolName: 'v', outcome: 'ok', durationMs: 3, resultBytes: 1 });
    const a = await queryUsage({ db, actor: TEST_ADMIN, agent: 'a', ...range() });
    const b = await queryUsage({ db, actor: TEST_ADMIN, agent: 'b', ...range() });
    const bByTool = await queryUsage({ db, actor: TEST_ADMIN, agent: 'b', by: 'tool', ...range() });
    const all = await queryUsage({ db, actor: TEST_ADMIN, ...range() });
    expect([a.totals.calls, b.totals.calls, all.totals.calls]).toEqual([1, 2, 3]);
    expect(b.groups).toBeUndefined();
    expect(bByTool.groups?.map((group) => group.key).sort()).toEqual(['u', 'v']);
    // Another instance writes straight into the table: the cached answer holds (it is that late by design) ...
    const now = new Date();
    await writeRollups(db, [{
      resolution: 'day', bucketStart: new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000).toISOString(), agentId: 'a', toolName: 't', server: '',
      calls: 5, ok: 5, errors: { badArguments: 0, toolError: 0, timeout: 0, unavailable: 0, denied: 0 }, durationMsSum: 5, durationMsMax: 1, resultBytesSum: 5,
      histogram: [5, ...new Array<number>(LATENCY_BUCKET_COUNT - 1).fill(0)],
    }]);
    const again = await queryUsage({ db, actor: TEST_ADMIN, agent: 'a', ...range() });
    expect(again.totals.calls).toBe(1);
    // ... until this instance writes (or the TTL passes): then the next answer reads the table.
    usageWritten(db);
    expect((await queryUsage({ db, actor: TEST_ADMIN, agent: 'a', ...range() })).totals.calls).toBe(6);
    await closeDatabases();
  });

  it('checks the caller\'s permission before any cached answer', async () => {
    const db = await open();
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'ok', durationMs: 3, resultBytes: 1 });
    const window = range();
    expect((await queryUsage({ db, actor: TEST_ADMIN, ...window })).totals.calls).toBe(1);
    await expect(queryUsage({ db, actor: CATALOGUE_ONLY, ...window })).rejects.toMatchObject({ code: 'forbidden' });
    await closeDatabases();
  });

  it('keeps at most its bound, dropping the least recently used, and drops answers past the TTL', async () => {
    const db = await open();
    const report = { from: '', bucket: 'day' as const, totals: (await queryUsage({ db, actor: TEST_ADMIN, ...range() })).totals, series: [] };
    usageWritten(db);
    const at = Date.now();
    keepUsage(db, 'first', usageGeneration(db), report, at);
    for (let index = 0; index < USAGE_CACHE_ENTRIES + 50; index += 1) {
      if (index % 10 === 0) expect(cachedUsage(db, 'first', at)).toBe(report); // used again: stays
      keepUsage(db, `key ${index}`, usageGeneration(db), report, at);
    }
    expect(usageCacheSize(db)).toBe(USAGE_CACHE_ENTRIES);
    expect(cachedUsage(db, 'key 0', at)).toBeUndefined();
    expect(cachedUsage(db, 'first', at)).toBe(report);
    expect(cachedUsage(db, `key ${USAGE_CACHE_ENTRIES + 49}`, at + USAGE_CACHE_TTL_MS - 1)).toBe(report);
    expect(cachedUsage(db, `key ${USAGE_CACHE_ENTRIES + 49}`, at + USAGE_CACHE_TTL_MS)).toBeUndefined();
    // An answer read before a write is never kept as current.
    const stale = usageGeneration(db);
    usageWritten(db);
    keepUsage(db, 'read across a flush', stale, report, at);
    expect(cachedUsage(db, 'read across a flush', at)).toBeUndefined();
    // Large answers: the points bound holds whatever the number of answers.
    const point = report.totals;
    const big = { ...report, series: new Array(USAGE_CACHE_POINTS / 4).fill({ start: '', ...point }) };
    for (let index = 0; index < 10; index += 1) keepUsage(db, `big ${index}`, usageGeneration(db), big, at);
    expect(usageCacheSize(db)).toBe(3);
    expect(usageCachePoints(db)).toBeLessThanOrEqual(USAGE_CACHE_POINTS);
    expect(cachedUsage(db, 'big 9', at)).toBe(big);
    const huge = { ...report, series: new Array(USAGE_CACHE_POINTS + 1).fill({ start: '', ...point }) };
    keepUsage(db, 'huge', usageGeneration(db), huge, at);
    expect(cachedUsage(db, 'huge', at)).toBeUndefined();
    await closeDatabases();
  });
});
