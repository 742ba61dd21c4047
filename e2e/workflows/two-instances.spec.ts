import { expect, test } from '../support/test';
import { ownServerPort } from '../support/ports';
import { describeTwoInstances, withTwoInstances } from '../support/postgres-schema';

/** Milliseconds until `check` holds on the server, asking every 100 ms; fails past `limitMs`. */
async function millisUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Not seen within ${limitMs} ms`);
}

describeTwoInstances('[WORKFLOWS][TWO-INSTANCES]', () => {
  test('[WORKFLOWS][TWO-INSTANCES]: a workflow saved on one instance is in the other\'s catalogue within 5 s, and gone from it within 5 s once deleted', async () => {
    await withTwoInstances([ownServerPort(7), ownServerPort(8)], async (serverA, serverB, { admin, schema }) => {
      // B has read its catalogue (and its workflow cache) before A saves.
      expect((await serverB.fetch('/api/v1/tools/workflow_shared')).status).toBe(404);

      const created = await serverA.fetch('/api/v1/workflows', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'shared',
          description: 'Made on A',
          inputs: [{ name: 'text', type: 'string', required: true, description: '' }],
          steps: [{ id: 'count', tool: 'word_count', arguments: { text: '{{input.text}}' } }],
        }),
      });
      expect(created.status, serverA.output()).toBe(201);

      const seenIn = await millisUntil(async () => (await serverB.fetch('/api/v1/tools/workflow_shared')).status === 200, 5000);
      expect(seenIn).toBeLessThan(5000);
      const entry = (await (await serverB.fetch('/api/v1/tools/workflow_shared')).json()) as { group: string; description: string };
      expect(entry).toMatchObject({ group: 'workflow', description: 'Made on A' });

      const deleted = await serverB.fetch('/api/v1/workflows/shared', { method: 'DELETE', headers: { 'if-match': '"1"' } });
      expect(deleted.status, serverB.output()).toBe(204);
      const goneIn = await millisUntil(async () => (await serverA.fetch('/api/v1/tools/workflow_shared')).status === 404, 5000);
      expect(goneIn).toBeLessThan(5000);
      const stored = await admin.query(`select name from ${schema}.workflows`);
      expect(stored.rows).toEqual([]);
    });
  });
});
