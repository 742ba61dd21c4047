import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '@/test/db/databases';
import type { Db } from '@/lib/db/schema';

const root = path.resolve(import.meta.dirname, '..', '..');
const AGENTS = 1000;

/** Starts the bulk server on this database; resolves with its port and a way to wait for a line. */
async function startServer(databaseUrl: string) {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'test/processes/bulk-server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    for (const waiter of waiters.splice(0)) {
      if (output.includes(waiter.text)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
  // Waits until `text` is in the output `times` times.
  const waitFor = (text: string, times = 1) =>
    new Promise<void>((resolve, reject) => {
      const seen = () => output.split(text).length - 1 >= times;
      if (seen()) return resolve();
      waiters.push({ text, resolve: () => (seen() ? resolve() : waiters.push({ text, resolve: () => seen() && resolve() })) });
      void exited.then(() => reject(new Error(`The server ended before printing "${text}": ${errors}`)));
    });
  await waitFor('listening ');
  const port = Number(/listening (\d+)/.exec(output)?.[1]);
  return { child, port, waitFor, exited };
}

async function counts(db: Db): Promise<{ assignments: number; events: number }> {
  const assignments = await db.selectFrom('assignments').select((eb) => eb.fn.countAll().as('n')).where('tool_name', '=', 'word_count').executeTakeFirstOrThrow();
  const events = await db.selectFrom('audit_events').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'assignment.put').executeTakeFirstOrThrow();
  return { assignments: Number(assignments.n), events: Number(events.n) };
}

describeEachDatabase('a bulk add killed with SIGKILL', (databases) => {
  it(`leaves none or all of its ${AGENTS} assignments, never some`, { timeout: 180_000 }, async () => {
    const outcomes: number[] = [];
    for (const delayMs of [0, 300, 6000]) {
      const { url, db } = await databases.create();
      const now = new Date().toISOString();
      const ids = Array.from({ length: AGENTS }, (_, i) => `bulk-${i}`);
      for (let start = 0; start < AGENTS; start += 250) {
        await db.insertInto('agents').values(ids.slice(start, start + 250).map((id) => ({ id, name: id, description: '', version: 1, created_at: now, updated_at: now }))).execute();
      }
      const server = await startServer(url);
      const post = (preview: boolean) =>
        fetch(`http://127.0.0.1:${server.port}/api/v1/tools/word_count/agents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ operation: 'add', agentIds: ids, overrides: {}, preview }),
        });
      // A preview first: the registry and the database are open, so the kill lands in the write itself.
      expect((await post(true)).status).toBe(200);
      const answer = post(false).catch(() => undefined);
      await server.waitFor('request', 2);
      await sleep(delayMs);
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await answer;

      const after = await counts(db);
      expect([0, AGENTS]).toContain(after.assignments);
      expect(after.events).toBe(after.assignments);
      outcomes.push(after.assignments);
    }
    // The early kills land before the commit: at least one run shows "none".
    expect(outcomes).toContain(0);
  });
});
