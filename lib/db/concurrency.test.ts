import BetterSqlite3 from 'better-sqlite3';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { createAgent, getAgent } from '@/lib/agents';
import { parseDatabaseUrl } from './database-url';
import { finished, spawnScript } from '@/test/processes/spawn-script';
import { describeEachDatabase, describeSqlite } from '@/test/db/databases';

describeEachDatabase('separate processes on one database', (databases) => {
  it('two instances starting together on a new database both work and see each other\'s writes', { timeout: 60_000 }, async () => {
    const url = await databases.createBlank();
    const [one, two] = [instance(url), instance(url)];
    try {
      expect(await Promise.all([one.next(), two.next()])).toEqual([{ ready: true }, { ready: true }]);

      expect(await one.send({ op: 'create', id: 'from-one', name: 'From one' })).toMatchObject({ agent: { version: 1 } });
      expect(await two.send({ op: 'get', id: 'from-one' })).toMatchObject({ agent: { name: 'From one' } });
      expect(await two.send({ op: 'create', id: 'from-two', name: 'From two' })).toMatchObject({ agent: { version: 1 } });
      expect(await one.send({ op: 'get', id: 'from-two' })).toMatchObject({ agent: { name: 'From two' } });

      expect(await two.send({ op: 'rename', id: 'from-one', name: 'Renamed by two', expectedVersion: 1 })).toMatchObject({ agent: { version: 2 } });
      expect(await one.send({ op: 'rename', id: 'from-one', name: 'Stale from one', expectedVersion: 1 })).toEqual({ error: 'precondition_failed' });
      expect(await one.send({ op: 'get', id: 'from-one' })).toMatchObject({ agent: { name: 'Renamed by two', version: 2 } });
      // Both started on an empty database; the demo agent exists once.
      expect(await one.send({ op: 'get', id: 'demo' })).toMatchObject({ agent: { version: 1 } });
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });
});

describeSqlite('one SQLite file', (databases) => {
  it('two processes doing 1,000 read-modify-write updates each end with the exact total', { timeout: 120_000 }, async () => {
    const { url, db } = await databases.create();
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'counter', name: 'Counter', description: '0' } });

    const workers = [1, 2].map(() => spawnScript('increment-worker.ts', { DATABASE_URL: url }, ['counter', '1000']));
    const outcomes = workers.map((worker) => finished(worker));
    // Both open the database first, then start together, so their writes can interleave.
    await Promise.all(workers.map((worker) => createInterface({ input: worker.stdout })[Symbol.asyncIterator]().next()));
    for (const worker of workers) worker.stdin.write('go\n');
    const results = await Promise.all(outcomes);

    const windows = results.map((result) => {
      expect(result.stderr).not.toMatch(/database is locked|SQLITE_BUSY/i);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as { done: boolean; firstCommit: number; lastCommit: number };
    });
    // The write windows overlapped: each process committed before the other's last commit, so
    // the total is exact because the writes took turns, not because one ran after the other.
    const [a, b] = windows;
    if (!a?.done || !b?.done) throw new Error(`a worker did not report its commits: ${JSON.stringify(windows)}`);
    expect(a.firstCommit).toBeLessThan(b.lastCommit);
    expect(b.firstCommit).toBeLessThan(a.lastCommit);
    expect(await getAgent({ actor: TEST_ADMIN, db, id: 'counter' })).toMatchObject({ description: '2000', version: 2001 });
    const audit = await db.selectFrom('audit_events').select(['action']).execute();
    expect(audit.filter((event) => event.action === 'agent.update')).toHaveLength(2000);
  });

  it('a writer killed with SIGKILL in the middle of writes leaves a database that passes integrity_check with every acknowledged write present', { timeout: 60_000 }, async () => {
    const { url, db } = await databases.create();
    await db.destroy();
    const writer = spawnScript('acknowledging-writer.ts', { DATABASE_URL: url, SEED_DEMO: '0' });
    const outcome = finished(writer);
    const acknowledged: number[] = [];
    for await (const line of createInterface({ input: writer.stdout })) {
      acknowledged.push(Number(line.replace('ack ', '')));
      if (acknowledged.length === 300) writer.kill('SIGKILL');
    }
    expect((await outcome).signal).toBe('SIGKILL');

    const file = parseDatabaseUrl(url);
    if (file.kind !== 'sqlite') throw new Error('expected a SQLite file');
    const check = new BetterSqlite3(file.file);
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(check.prepare('select id from agents').pluck().all() as string[]);
      const lost = acknowledged.filter((n) => !ids.has(`w-${n}`));
      expect(lost).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(300);
      expect(check.prepare('select count(*) from audit_events').pluck().get()).toBe(ids.size);
    } finally {
      check.close();
    }
  });
});

/** A child process standing for one app instance, spoken to one JSON line at a time. */
function instance(url: string) {
  const child = spawnScript('instance.ts', { DATABASE_URL: url });
  const exit = finished(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the instance ended: ${(await exit).stderr}`);
    return JSON.parse(line.value);
  };
  return {
    next,
    send: async (command: object) => {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return next();
    },
    stop: async () => {
      child.stdin.end();
      return exit;
    },
  };
}
