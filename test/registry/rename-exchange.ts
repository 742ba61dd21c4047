import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Test support: a helper process that swaps two paths atomically with
 * `renameat2(RENAME_EXCHANGE)` in a tight loop, as an attacker racing the fs tools would.
 * Node has no renameat2, so the helper is a tiny C program compiled here when `cc` exists, or
 * else python3 calling libc's `renameat2` through ctypes. With neither, `startSwapper` throws
 * a clear error: the race tests fail, they never pass without racing.
 */

const C_SOURCE = String.raw`
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
static volatile sig_atomic_t stop = 0;
static void on_term(int sig) { (void)sig; stop = 1; }
int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: swap A B\n"); return 2; }
  signal(SIGTERM, on_term);
  unsigned long swaps = 0;
  while (!stop) {
    if (syscall(SYS_renameat2, AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE) != 0) { perror("renameat2"); return 1; }
    if (++swaps == 1) { printf("ready\n"); fflush(stdout); }
  }
  /* An even number of swaps leaves both paths as they were. */
  if (swaps % 2 == 1) syscall(SYS_renameat2, AT_FDCWD, argv[1], AT_FDCWD, argv[2], RENAME_EXCHANGE);
  printf("swaps %lu\n", swaps);
  return 0;
}
`;

const PY_SOURCE = String.raw`
import ctypes, os, signal, sys
libc = ctypes.CDLL(None, use_errno=True)
AT_FDCWD, RENAME_EXCHANGE = -100, 2
a, b = sys.argv[1].encode(), sys.argv[2].encode()
stop = False
def on_term(*_):
    global stop
    stop = True
signal.signal(signal.SIGTERM, on_term)
swap = libc.renameat2
swaps = 0
while not stop:
    if swap(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) != 0:
        sys.stderr.write("renameat2: " + os.strerror(ctypes.get_errno()) + "\n"); sys.exit(1)
    swaps += 1
    if swaps == 1: print("ready", flush=True)
if swaps % 2 == 1: swap(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
print("swaps", swaps, flush=True)
`;

/** A running swapper. */
export interface Swapper {
  /** Stops it, leaving both paths as they were, and answers how many swaps it made. */
  stop(): Promise<number>;
}

let built: Promise<string[]> | undefined;

/** The command that runs the swapper: the compiled C program, or python3 with the ctypes script. */
function swapperCommand(): Promise<string[]> {
  built ??= (async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'rename-exchange-'));
    if (hasCommand('cc')) {
      const source = path.join(folder, 'swap.c');
      const binary = path.join(folder, 'swap');
      await writeFile(source, C_SOURCE);
      execFileSync('cc', ['-O2', '-o', binary, source], { stdio: 'pipe' });
      return [binary];
    }
    if (hasCommand('python3')) {
      const script = path.join(folder, 'swap.py');
      await writeFile(script, PY_SOURCE);
      return ['python3', script];
    }
    await rm(folder, { recursive: true, force: true });
    throw new Error(
      'The rename-exchange race test needs a C compiler ("cc") or python3 to call renameat2(RENAME_EXCHANGE); neither was found. Install one (e.g. apt-get install gcc) — this test must not be skipped.',
    );
  })();
  return built;
}

function hasCommand(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, name)));
}

/** Starts swapping `a` and `b` and resolves once the first swap is done. */
export async function startSwapper(a: string, b: string): Promise<Swapper> {
  const [command, ...args] = await swapperCommand();
  const child = spawn(command!, [...args, a, b], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(() => output.includes('ready'), child, () => output);
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      const swaps = /swaps (\d+)/.exec(output);
      if (!swaps) throw new Error(`The swapper ended without counting its swaps:\n${output}`);
      return Number(swaps[1]);
    },
  };
}

async function waitFor(isDone: () => boolean, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!isDone()) {
    if (child.exitCode !== null) throw new Error(`The swapper exited with code ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`The swapper did not start within 10 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
