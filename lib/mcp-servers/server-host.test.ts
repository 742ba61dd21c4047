import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { closeChangeBus } from '@/lib/events';
import { describeEachDatabase } from '@/test/db/databases';
import { finished, spawnScript } from '@/test/processes/spawn-script';
import { createServer, updateServer } from './server-store';
import { startTestMcpServer, type TestMcpServer } from '@/test/mcp-servers/test-mcp-server';

describeEachDatabase('a server change on one instance', (databases) => {
  let mcp: TestMcpServer;
  beforeAll(async () => {
    mcp = await startTestMcpServer();
  });
  afterAll(async () => {
    await mcp.close();
    await closeChangeBus();
  });

  it('reaches another instance (another process with its own connection) within 5 s: added, then disabled', { timeout: 60_000 }, async () => {
    const { url, db } = await databases.create();
    process.env.DATABASE_URL = url;
    const other = spawnScript('server-watcher.ts', { DATABASE_URL: url });
    const done = finished(other);
    const views: { at: number; view: { ready?: true; names?: string[]; unavailable?: string[] } }[] = [];
    createInterface({ input: other.stdout }).on('line', (line) => views.push({ at: Date.now(), view: JSON.parse(line) as (typeof views)[number]['view'] }));
    // What the other instance said on stderr so far: a failure names it (a refused poll, a close that hung).
    const stderrLines: string[] = [];
    createInterface({ input: other.stderr }).on('line', (line) => stderrLines.push(line));
    const waitForView = async (what: string, test: (view: (typeof views)[number]['view']) => boolean, since: number) => {
      for (let waited = 0; waited < 15_000; waited += 50) {
        const found = views.find((entry) => entry.at >= since && test(entry.view));
        if (found) return found.at - since;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`The other instance never showed ${what}; it printed ${JSON.stringify(views.slice(-3))}; its stderr: ${stderrLines.slice(-20).join('\n') || '(nothing)'}`);
    };
    try {
      await waitForView('ready', (view) => view.ready === true, 0);
      const added = Date.now();
      await createServer({ db, actor: TEST_ADMIN, config: { name: 'shared', enabled: true, transport: 'http', url: mcp.url, headers: {} }, takenGroups: new Set() });
      expect(await waitForView('the new server\'s tools', (view) => view.names?.includes('shared_echo') === true, added)).toBeLessThan(5000);

      const disabled = Date.now();
      await updateServer({ db, actor: TEST_ADMIN, expectedVersion: 1, config: { name: 'shared', enabled: false, transport: 'http', url: mcp.url, headers: {} } });
      expect(await waitForView('the server disabled', (view) => view.unavailable?.includes('shared_*: The server is disabled') === true, disabled)).toBeLessThan(5000);
    } finally {
      other.stdin.end();
      const { code, stderr } = await done;
      expect(code, stderr).toBe(0);
    }
  });
});
