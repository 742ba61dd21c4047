// A separate process for the concurrency test: N read-modify-write updates of one agent,
// each reading the agent and writing its description + 1 through the app's own functions.
// It says `ready` once the database is open and starts on a `go` line, so two workers start
// together; at the end it reports when its first and last updates committed (epoch ms).
import { createInterface } from 'node:readline';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { getAgent } from '@/lib/agents/get-agent';
import { updateAgent } from '@/lib/agents/update-agent';
import { openDatabase } from '@/lib/db/open-database';
import { inTransaction } from '@/lib/db/transaction';

const [agentId = 'counter', times = '1000'] = process.argv.slice(2);
const db = await openDatabase({ url: process.env.DATABASE_URL });
const now = () => performance.timeOrigin + performance.now();
try {
  console.log('ready');
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  if ((await lines.next()).value !== 'go') throw new Error('expected "go" on stdin');
  let firstCommit: number | undefined;
  let lastCommit = 0;
  for (let i = 0; i < Number(times); i++) {
    await inTransaction(db, async (trx) => {
      const agent = await getAgent({ actor: TEST_ADMIN, db: trx, id: agentId });
      await updateAgent({
        db: trx,
        actor: TEST_ADMIN,
        id: agentId,
        expectedVersion: agent.version,
        changes: { description: String(Number(agent.description) + 1) },
      });
    });
    lastCommit = now();
    firstCommit ??= lastCommit;
    // A moment between updates, as between an app's requests. Without it a tight loop takes the
    // write lock back the instant it lets go, and SQLite (which queues no waiters) can leave the
    // other process asleep in its busy handler until this one has finished all its updates.
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  console.log(JSON.stringify({ done: true, firstCommit, lastCommit }));
  process.stdin.destroy();
} catch (error) {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
