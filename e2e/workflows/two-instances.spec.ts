import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

const adminUrl = process.env.TEST_DATABASE_URL;

/** The same database with `schema` first on the search path, so each run gets empty tables. */
function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** Milliseconds until `check` holds on the server, asking every 100 ms; fails past `limitMs`. */
async function millisUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Not seen within ${limitMs} ms`);
}

test.describe('[WORKFLOWS][TWO-INSTANCES]', () => {
  if (process.env.REQUIRE_TEST_DATABASE === '1' && !adminUrl) throw new Error('REQUIRE_TEST_DATABASE=1 but TEST_DATABASE_URL is not set');
  test.skip(!adminUrl, 'TEST_DATABASE_URL is not set: two instances need a shared PostgreSQL (CI sets it)');
  test.setTimeout(180_000);

  test('[WORKFLOWS][TWO-INSTANCES]: a workflow saved on one instance is in the other\'s catalogue within 5 s, and gone from it within 5 s once deleted', async () => {
    const schema = `e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const databaseUrl = urlWithSchema(adminUrl ?? '', schema);
    let a: NextServer | undefined;
    let b: NextServer | undefined;
    try {
      [a, b] = await Promise.all([
        startNextServer(ownServerPort(7), { DATABASE_URL: databaseUrl, SEED_DEMO: '0' }),
        startNextServer(ownServerPort(8), { DATABASE_URL: databaseUrl, SEED_DEMO: '0' }),
      ]);
      const serverB = b;
      // B has read its catalogue (and its workflow cache) before A saves.
      expect((await serverB.fetch('/api/v1/tools/workflow_shared')).status).toBe(404);

      const created = await a.fetch('/api/v1/workflows', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'shared',
          description: 'Made on A',
          inputs: [{ name: 'text', type: 'string', required: true, description: '' }],
          steps: [{ id: 'count', tool: 'word_count', arguments: { text: '{{input.text}}' } }],
        }),
      });
      expect(created.status, a.output()).toBe(201);

      const seenIn = await millisUntil(async () => (await serverB.fetch('/api/v1/tools/workflow_shared')).status === 200, 5000);
      expect(seenIn).toBeLessThan(5000);
      const entry = (await (await serverB.fetch('/api/v1/tools/workflow_shared')).json()) as { group: string; description: string };
      expect(entry).toMatchObject({ group: 'workflow', description: 'Made on A' });

      const deleted = await serverB.fetch('/api/v1/workflows/shared', { method: 'DELETE', headers: { 'if-match': '"1"' } });
      expect(deleted.status, serverB.output()).toBe(204);
      const serverA = a;
      const goneIn = await millisUntil(async () => (await serverA.fetch('/api/v1/tools/workflow_shared')).status === 404, 5000);
      expect(goneIn).toBeLessThan(5000);
      const stored = await admin.query(`select name from ${schema}.workflows`);
      expect(stored.rows).toEqual([]);
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
