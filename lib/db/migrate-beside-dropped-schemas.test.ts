import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './open-database';
import { TEST_DATABASE_URL } from '@/test/db/databases';

/** A search_path URL of `schema` on the test server. */
function urlOf(schema: string): string {
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

describe.runIf(TEST_DATABASE_URL)('migrating on a PostgreSQL server shared with other clients [postgres]', () => {
  it('succeeds while other clients create and drop schemas of their own', { timeout: 120_000 }, async () => {
    const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 3 });
    const ours = Array.from({ length: 4 }, () => `t_${randomBytes(6).toString('hex')}`);
    let isChurning = true;
    // What the test suites do all day on one server: schemas with tables, made and dropped.
    const churn = async () => {
      while (isChurning) {
        const other = `t_${randomBytes(6).toString('hex')}`;
        await admin.query(`create schema ${other}; create table ${other}.a (id int); create table ${other}.b (id int)`);
        await admin.query(`drop schema ${other} cascade`);
      }
    };
    const churning = [churn(), churn()];
    try {
      for (const schema of ours) await admin.query(`create schema ${schema}`);
      const opened = await Promise.allSettled(ours.map((schema) => openDatabase({ url: urlOf(schema) })));
      for (const result of opened) if (result.status === 'fulfilled') await result.value.destroy();
      expect(opened.filter((result) => result.status === 'rejected').map((result) => String(result.reason))).toEqual([]);
    } finally {
      isChurning = false;
      await Promise.all(churning);
      for (const schema of ours) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });
});
