import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolEnvironment } from '../environment';
import type { Tool, ToolFactory } from '../spi';
import { FS_ALLOWED_ROOTS_SETTING } from './fs-policy';
import { FsListDirToolFactory, FsReadFileToolFactory } from './fs-tools';
import { startSwapper } from '@/test/registry/rename-exchange';

/**
 * The attacks of issue 11 on the fs tools, for real: a helper process swaps a folder inside
 * the base with a symlink to outside (renameat2 RENAME_EXCHANGE) while the tools read, and a
 * file with a FIFO. Linux, like the attack: elsewhere the swapper fails with renameat2's error.
 */

const RACE_ROUNDS = 10_000;
/** Calls in flight at once: enough to overlap the swaps, few enough to leave the libuv pool room. */
const PARALLEL = 8;

let root: string;
let base: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'fs-race-')));
  base = path.join(root, 'base');
  await mkdir(path.join(base, 'dir'), { recursive: true });
  await mkdir(path.join(root, 'outside'));
  await writeFile(path.join(base, 'dir', 'file.txt'), 'inside');
  await writeFile(path.join(base, 'dir', 'inside-entry.txt'), 'inside');
  await writeFile(path.join(root, 'outside', 'file.txt'), 'SECRET');
  await writeFile(path.join(root, 'outside', 'secret-entry.txt'), 'SECRET');
  await symlink(path.join(root, 'outside'), path.join(base, 'swap'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function tool(factory: ToolFactory, baseDir: string): Tool {
  factory.bind?.(createToolEnvironment({ strings: { [FS_ALLOWED_ROOTS_SETTING]: root }, env: {} }));
  return factory.create({ agentId: 'a1', toolName: factory.name(), overrides: { baseDir } }, { sessionId: 's', agentId: 'a1', purpose: 'call' });
}

/** Runs `call` `rounds` times, `PARALLEL` at a time, and sorts the outcomes. */
async function hammer(rounds: number, call: () => Promise<string>): Promise<{ results: string[]; errors: string[] }> {
  const results: string[] = [];
  const errors: string[] = [];
  for (let done = 0; done < rounds; done += PARALLEL) {
    const batch = Array.from({ length: Math.min(PARALLEL, rounds - done) }, () =>
      call().then(
        (text) => results.push(text),
        (error: Error) => errors.push(error.message),
      ),
    );
    await Promise.all(batch);
  }
  return { results, errors };
}

describe('the fs tools under a rename-exchange race', () => {
  it(`leak nothing from outside baseDir in ${RACE_ROUNDS} reads and ${RACE_ROUNDS} listings while a parent folder is swapped for a symlink`, async () => {
    const readTool = tool(new FsReadFileToolFactory(), base);
    const listTool = tool(new FsListDirToolFactory(), base);
    const swapper = await startSwapper(path.join(base, 'dir'), path.join(base, 'swap'));
    let reads: Awaited<ReturnType<typeof hammer>>;
    let listings: Awaited<ReturnType<typeof hammer>>;
    let naiveLeaks = 0;
    try {
      reads = await hammer(RACE_ROUNDS, () => readTool.execute({ path: 'dir/file.txt' }));
      listings = await hammer(RACE_ROUNDS, () => listTool.execute({ path: 'dir' }));
      // The same swap against a plain read of the path, to show the race is live in this run.
      for (let i = 0; i < 20_000 && naiveLeaks === 0; i += 1) {
        const text = await readFile(path.join(base, 'dir', 'file.txt'), 'utf8').catch(() => '');
        if (text === 'SECRET') naiveLeaks += 1;
      }
    } finally {
      const swaps = await swapper.stop();
      expect(swaps).toBeGreaterThan(1000);
    }

    expect(naiveLeaks, 'a plain read never saw the outside file: the race did not happen, so this run proves nothing').toBeGreaterThan(0);
    expect(reads.results.filter((text) => text !== 'inside')).toEqual([]);
    expect(listings.results.filter((text) => text.includes('secret-entry') || !text.includes('inside-entry.txt'))).toEqual([]);
    // Every refusal is one of the tools' own messages, never an unexpected failure.
    const refusals = [...reads.errors, ...listings.errors].filter(
      (message) => !/leaves the base directory|was not found|was replaced by a symbolic link|is not a directory/.test(message),
    );
    expect(refusals).toEqual([]);
    // The tools still do their job between swaps.
    expect(reads.results.length).toBeGreaterThan(0);
    expect(listings.results.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the fs tools under a FIFO swap', () => {
  const FIFO_ROUNDS = 2_000;
  const PROMPT_MS = 2_000;
  let fifoBase: string;

  beforeAll(async () => {
    fifoBase = path.join(root, 'fifo-base');
    await mkdir(fifoBase);
    await writeFile(path.join(fifoBase, 'file.txt'), 'regular');
    await writeFile(path.join(fifoBase, 'other.txt'), 'other');
    execFileSync('mkfifo', [path.join(fifoBase, 'pipe')]);
  });

  afterAll(async () => {
    // Were a read ever stuck opening the FIFO, a writer frees it, so the test process can end.
    for (const name of ['pipe', 'file.txt']) {
      const writer = await open(path.join(fifoBase, name), constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined);
      await writer?.close();
    }
  });

  /** The call's outcome, or "hung" when it did not settle within PROMPT_MS. */
  function settled(call: Promise<string>): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('hung'), PROMPT_MS);
    });
    return Promise.race([call.then((text) => `ok:${text}`, (error: Error) => `error:${error.message}`), hung]).finally(() => clearTimeout(timer));
  }

  it('never hangs a read or a listing of a path swapped for a FIFO, and leaves the thread pool free', async () => {
    const readTool = tool(new FsReadFileToolFactory(), fifoBase);
    const listTool = tool(new FsListDirToolFactory(), fifoBase);
    const swapper = await startSwapper(path.join(fifoBase, 'file.txt'), path.join(fifoBase, 'pipe'));
    const outcomes: string[] = [];
    try {
      for (let done = 0; done < FIFO_ROUNDS; done += PARALLEL) {
        const batch = Array.from({ length: PARALLEL }, (_, i) =>
          settled(i % 2 === 0 ? readTool.execute({ path: 'file.txt' }) : listTool.execute({ path: 'file.txt' })),
        );
        outcomes.push(...(await Promise.all(batch)));
        // One hang is the failure; waiting out the rest would only take minutes.
        if (outcomes.includes('hung')) break;
      }
    } finally {
      await swapper.stop();
    }

    expect(outcomes.filter((outcome) => outcome === 'hung')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.startsWith('ok:') && outcome !== 'ok:regular')).toEqual([]);
    expect(outcomes).toContain('error:Path "file.txt" is not a regular file');
    expect(outcomes).toContain('ok:regular');
    // More reads at once than the libuv pool has threads: none is stuck behind a blocked open.
    const after = await Promise.all(Array.from({ length: 16 }, () => settled(readTool.execute({ path: 'other.txt' }))));
    expect(after).toEqual(Array.from({ length: 16 }, () => 'ok:other'));
  }, 60_000);
});
