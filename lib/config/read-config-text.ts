import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/app-error';
import { configMaxBytesOf } from '@/lib/http/door-constants.mjs';
import { Pace } from '@/lib/pace';
import { MAX_CONFIG_DEPTH, maxConfigNodesOf, type Positions, type ReadError, type ReadLimits } from './read-yaml.mjs';

/** How long reading one file may take before its worker is stopped (20 s; 1 MiB takes about 2 s). */
export const CONFIG_READ_TIME_MS = 20_000;

/** How many files are read at once; more wait their turn (each worker may take hundreds of MB). */
const READERS = 2;

/** How many files may wait for a reader before the next is refused with 429. */
const MAX_WAITING = 16;

/**
 * The worker's file, by its path from the app's root (`process.cwd()`, as `npm start`, `npm run
 * config` and the tests run): Node loads it as it is, so the bundler must not follow it.
 */
export function readYamlWorkerPath(appRoot: string = process.cwd()): string {
  return path.join(/* turbopackIgnore: true */ appRoot, 'lib', 'config', 'read-yaml-worker.mjs');
}

/**
 * The heap a reader may use, in MB: 512 for each MiB `CONFIG_MAX_BYTES` allows (512 for the
 * default). A file within the value limits takes at most about 1 KB a value.
 */
export function readerHeapMbOf(maxBytes: number): number {
  return 512 * Math.max(1, Math.ceil(maxBytes / (1024 * 1024)));
}

/**
 * A file as `readYaml` read it, come back from the worker as JSON (so a value YAML reads as
 * `.inf` or `.nan` is `null` here, as it would be stored): its positions parsed on first use.
 */
export interface ReadConfig {
  value?: unknown;
  errors: ReadError[];
  lineStarts: number[];
  positions: () => Positions;
}

/**
 * Reads a configuration file's text off the event loop, in a worker thread with a bounded heap
 * and time, so a large or hostile file never stalls other requests nor ends the process.
 * Refuses, before parsing a byte: a file over `CONFIG_MAX_BYTES` (AppError `too_large`, 413).
 * A file that passes the value or depth limits comes back with an error at its place (400); one
 * whose reading runs out of heap or time is `too_large` too; more files waiting than
 * {@link MAX_WAITING} is `too_many_requests`.
 */
export async function readConfigText(text: string, env: Readonly<Record<string, string | undefined>> = process.env): Promise<ReadConfig> {
  const maxBytes = configMaxBytesOf(env);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    throw new AppError('too_large', `The configuration file is ${bytes} bytes; at most ${maxBytes} are accepted (CONFIG_MAX_BYTES)`);
  }
  const release = await takeReader();
  try {
    return await readInWorker(text, { maxNodes: maxConfigNodesOf(maxBytes), maxDepth: MAX_CONFIG_DEPTH }, { heapMb: readerHeapMbOf(maxBytes), timeMs: CONFIG_READ_TIME_MS });
  } finally {
    release();
  }
}

/**
 * Reads `text` within `limits` in a worker thread of its own with at most `heapMb` of heap and
 * `timeMs`: AppError `too_large` when it runs out of either (the worker is stopped; this
 * process carries on).
 */
export function readInWorker(text: string, limits: ReadLimits, { heapMb, timeMs }: { heapMb: number; timeMs: number }): Promise<ReadConfig> {
  return new Promise((resolve, reject) => {
    // The worker needs none of the process's environment.
    const worker = new Worker(readYamlWorkerPath(), {
      workerData: { text, limits },
      env: {},
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new AppError('too_large', `The configuration file took longer than ${timeMs / 1000} s to read; split it`)));
    }, timeMs);
    worker.once('message', (wire: Wire) => settle(() => resolve(fromWire(wire))));
    worker.once('error', (error: Error & { code?: string }) => {
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new AppError('too_large', `The configuration file needs more than the ${heapMb} MB it may use to be read; split it`)
        : error));
    });
    worker.once('exit', (code) => settle(() => reject(new Error(`The configuration reader stopped (exit code ${code}) without an answer`))));
  });
}

/** What the worker posts (lib/config/read-yaml-worker.mjs): JSON, the top-level lists in pieces. */
interface Wire {
  read: string;
  value?: string;
  lists: Record<string, string[]>;
  positions: string;
}

/** The worker's answer parsed, piece by piece, giving way to other requests between pieces. */
async function fromWire(wire: Wire): Promise<ReadConfig> {
  const pace = new Pace();
  const read = JSON.parse(wire.read) as Omit<ReadConfig, 'positions'>;
  let positions: Positions | undefined;
  const parsed: ReadConfig = { ...read, positions: () => (positions ??= JSON.parse(wire.positions) as Positions) };
  if (wire.value === undefined) return parsed;
  const value = JSON.parse(wire.value) as unknown;
  for (const [key, pieces] of Object.entries(wire.lists)) {
    const list: unknown[] = [];
    for (const piece of pieces) {
      await pace.breathe();
      list.push(...(JSON.parse(piece) as unknown[]));
    }
    // The worker takes lists only out of an object (never under `__proto__`).
    (value as Record<string, unknown>)[key] = list;
  }
  return { ...parsed, value };
}

let busy = 0;
const waiting: (() => void)[] = [];

/** Waits for one of the {@link READERS}; resolves with the function that frees it. */
async function takeReader(): Promise<() => void> {
  if (busy >= READERS) {
    if (waiting.length >= MAX_WAITING) {
      throw new AppError('too_many_requests', 'Too many configuration files are being read; try again shortly', { retryAfterSeconds: 5 });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    busy += 1;
  }
  return () => {
    const next = waiting.shift();
    // The freed reader passes straight to the next in line, or is free again.
    if (next) next();
    else busy -= 1;
  };
}

/** The 1-based line and column of `offset`, from the offsets the lines start at. */
export function linePosition(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
}
