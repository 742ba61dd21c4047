import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The installed server-everything and server-filesystem entry points (their `bin`). */
export const EVERYTHING_BIN = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const FILESYSTEM_BIN = path.resolve('node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

/** The pids of a process's children (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Whether a process is alive (and not a zombie waiting to be reaped). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}

/** Waits until `check` holds, polling; throws with `what` after `timeoutMs`. Returns how long it took. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}
