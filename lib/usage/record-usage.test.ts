import { describe, expect, it } from 'vitest';
import { closeDatabases } from '@/lib/db/close-databases';
import { getDb } from '@/lib/db/get-db';
import { describeEachDatabase } from '@/test/db/databases';
import { latencyBucket, quantileOf, LATENCY_BUCKET_COUNT } from './latency-buckets';
import { pruneUsage } from './prune-usage';
import { flushUsage, recordUsage } from './record-usage';

describe('latency histogram', () => {
  it('puts a duration in the first bucket whose bound holds it, and the slowest in the last', () => {
    expect([0, 5, 5.01, 100, 60_000, 60_001].map(latencyBucket)).toEqual([0, 0, 1, 4, 12, 13]);
  });

  it('reads percentiles from the buckets, never above the slowest call', () => {
    const histogram = new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
    histogram[0] = 90; // 90 calls ≤ 5 ms
    histogram[7] = 10; // 10 calls in (500, 1000] ms
    expect(quantileOf(histogram, 0.5, 800)).toBeLessThanOrEqual(5);
    expect(quantileOf(histogram, 0.95, 800)).toBe(750);
    expect(quantileOf(histogram, 0.99, 800)).toBe(800);
    expect(quantileOf(new Array<number>(LATENCY_BUCKET_COUNT).fill(0), 0.5, 0)).toBe(0);
  });
});

describeEachDatabase('usage rollups', (databases) => {
  const rows = async (url: string) => {
    process.env.DATABASE_URL = url;
    const db = await getDb();
    return db.selectFrom('usage_rollups').selectAll().orderBy('resolution').orderBy('bucket_start').execute();
  };

  it('writes the waiting counts when the databases close (a clean shutdown), into minute, hour and day rows', async () => {
    const { url } = await databases.create();
    process.env.DATABASE_URL = url;
    const db = await getDb();
    const at = new Date();
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'ok', durationMs: 3, resultBytes: 10, at });
    recordUsage(db, { agentId: 'a', toolName: 't', server: 'files', outcome: 'timeout', durationMs: 2000, resultBytes: 0, at });
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'invalid_arguments', durationMs: 0, resultBytes: 0, at });
    // Nothing is written on the call's path.
    expect(await db.selectFrom('usage_rollups').selectAll().execute()).toEqual([]);
    await closeDatabases();
    const stored = await rows(url);
    expect(stored.map((row) => [row.resolution, row.server, Number(row.calls), Number(row.ok), Number(row.bad_arguments), Number(row.timeouts), Number(row.result_bytes_sum)])).toEqual([
      ['day', '', 2, 1, 1, 0, 10],
      ['day', 'files', 1, 0, 0, 1, 0],
      ['hour', '', 2, 1, 1, 0, 10],
      ['hour', 'files', 1, 0, 0, 1, 0],
      ['minute', '', 2, 1, 1, 0, 10],
      ['minute', 'files', 1, 0, 0, 1, 0],
    ]);
    expect(stored.find((row) => row.server === 'files')?.duration_ms_max).toBe(2000);
    await closeDatabases();
  });

  it('keeps the slowest call across flushes and prunes rows past their retention', async () => {
    const { url } = await databases.create();
    process.env.DATABASE_URL = url;
    const db = await getDb();
    const now = Date.now();
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'ok', durationMs: 900, resultBytes: 1 });
    await flushUsage();
    recordUsage(db, { agentId: 'a', toolName: 't', outcome: 'tool_error', durationMs: 20, resultBytes: 1 });
    // A backfilled call 100 days old only reaches its hour and day rows, which pruning then removes.
    recordUsage(db, { agentId: 'a', toolName: 'old', outcome: 'ok', durationMs: 1, resultBytes: 1, at: new Date(now - 100 * 86_400_000) });
    await flushUsage();
    const current = await db.selectFrom('usage_rollups').selectAll().where('tool_name', '=', 't').execute();
    expect(current.map((row) => [row.resolution, Number(row.calls), Number(row.tool_errors), row.duration_ms_max])).toEqual(
      expect.arrayContaining([['minute', 2, 1, 900], ['hour', 2, 1, 900], ['day', 2, 1, 900]]),
    );
    await pruneUsage(db, { force: true, now: now + 3 * 86_400_000 });
    const kept = await db.selectFrom('usage_rollups').select(['resolution', 'tool_name']).orderBy('resolution').execute();
    expect(kept).toEqual([{ resolution: 'day', tool_name: 't' }, { resolution: 'hour', tool_name: 't' }]);
    await closeDatabases();
  });
});
