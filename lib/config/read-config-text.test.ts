import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/app-error';
import { linePosition, readConfigText, readInWorker, readerHeapMbOf } from './read-config-text';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('readConfigText', () => {
  it('reads a file in a worker thread, and gives what readYaml gives', async () => {
    const read = await readConfigText('apiVersion: tools-admin/v1\nagents: []\n');

    expect(read).toMatchObject({ value: { apiVersion: 'tools-admin/v1', agents: [] }, errors: [], lineStarts: [0, 27, 38] });
  });

  it('refuses a file over CONFIG_MAX_BYTES, counted in UTF-8, before reading it', async () => {
    vi.stubEnv('CONFIG_MAX_BYTES', '10');
    const refused = await readConfigText('a: "ééééé"').catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'too_large', message: 'The configuration file is 15 bytes; at most 10 are accepted (CONFIG_MAX_BYTES)' });
    await expect(readConfigText('a: "éé"')).resolves.toMatchObject({ value: { a: 'éé' } });
  });

  it('answers too_large when the worker runs out of heap or time, and this process carries on', async () => {
    const text = `[${'{"a": [1, 2, 3]},'.repeat(200_000)}1]`;
    const limits = { maxNodes: 10_000_000, maxDepth: 64 };

    const outOfHeap = await readInWorker(text, limits, { heapMb: 16, timeMs: 60_000 }).catch((error: unknown) => error);
    const outOfTime = await readInWorker(text, limits, { heapMb: 2048, timeMs: 50 }).catch((error: unknown) => error);

    expect(outOfHeap).toMatchObject({ code: 'too_large', message: 'The configuration file needs more than the 16 MB it may use to be read; split it' });
    expect(outOfTime).toMatchObject({ code: 'too_large', message: 'The configuration file took longer than 0.05 s to read; split it' });
    await expect(readConfigText('a: 1\n')).resolves.toMatchObject({ value: { a: 1 } });
  });

  it('gives a reader 512 MB of heap per MiB of the limit, and lines and columns from 1', () => {
    expect(readerHeapMbOf(1024 * 1024)).toBe(512);
    expect(readerHeapMbOf(4 * 1024 * 1024 + 1)).toBe(2560);
    expect(linePosition([0, 5, 9], 0)).toEqual({ line: 1, column: 1 });
    expect(linePosition([0, 5, 9], 7)).toEqual({ line: 2, column: 3 });
    expect(linePosition([0, 5, 9], 20)).toEqual({ line: 3, column: 12 });
  });
});
