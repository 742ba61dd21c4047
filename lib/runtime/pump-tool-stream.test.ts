import { describe, expect, it, vi } from 'vitest';
import { pumpToolStream, StreamStoppedError } from './pump-tool-stream';

/** A tool's stream: yields `chunks`, waiting `pauseMs` before each after the first; `closed` says its `finally` ran. */
function lines(chunks: unknown[], pauseMs = 0) {
  const state = { closed: false, produced: 0 };
  async function* generate() {
    try {
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0 && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        state.produced += 1;
        yield chunk;
      }
    } finally {
      state.closed = true;
    }
  }
  return { stream: generate(), state };
}

const limits = { timeoutMs: 5_000, maxOutputBytes: 1024 };

describe('pumpToolStream', () => {
  it('hands each chunk on in order as it comes, counting them, and answers the whole text', async () => {
    const { stream, state } = lines(['one ', 'two ', 'three'], 20);
    // Each chunk, and how many the tool had made when it was handed on.
    const seen: [string, number, number][] = [];
    const text = await pumpToolStream(stream, { ...limits, onChunk: (chunk, count) => seen.push([chunk, count, state.produced]) });
    expect(text).toBe('one two three');
    expect(seen).toEqual([['one ', 1, 1], ['two ', 2, 2], ['three', 3, 3]]);
    expect(state.closed).toBe(true);
  });

  it('skips empty chunks and turns other values into text', async () => {
    const { stream } = lines(['a', '', 7, 'b']);
    const seen: string[] = [];
    await expect(pumpToolStream(stream, { ...limits, onChunk: (chunk) => seen.push(chunk) })).resolves.toBe('a7b');
    expect(seen).toEqual(['a', '7', 'b']);
  });

  it('stops at the time limit mid-stream without waiting for the tool, then closes its iterator', async () => {
    const { stream, state } = lines(['first', 'second', 'third'], 1_000);
    const seen: string[] = [];
    const error = await pumpToolStream(stream, { timeoutMs: 100, maxOutputBytes: 1024, onChunk: (chunk) => seen.push(chunk) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamStoppedError);
    expect(error).toMatchObject({ reason: 'timeout' });
    // Answered while the tool was still inside its second step.
    expect(state.produced).toBe(1);
    expect(seen).toEqual(['first']);
    // The generator was waiting inside its step: it closes once that step is over, and makes no more.
    await vi.waitFor(() => expect(state.closed).toBe(true), { timeout: 5_000 });
    expect(state.produced).toBe(2);
  });

  it('stops once the chunks pass the output limit together, keeping none past it, and closes the iterator', async () => {
    const { stream, state } = lines(['x'.repeat(400), 'y'.repeat(400), 'z'.repeat(400), 'never']);
    const seen: string[] = [];
    const error = await pumpToolStream(stream, { timeoutMs: 5_000, maxOutputBytes: 1000, onChunk: (chunk) => seen.push(chunk) }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'too_large' });
    expect(seen.map((chunk) => chunk[0])).toEqual(['x', 'y']);
    await vi.waitFor(() => expect(state.closed).toBe(true));
    expect(state.produced).toBe(3);
  });

  it('counts the limit in UTF-8 bytes, not characters', async () => {
    const { stream } = lines(['é'.repeat(300), 'é'.repeat(300)]);
    await expect(pumpToolStream(stream, { timeoutMs: 5_000, maxOutputBytes: 1000, onChunk: () => {} })).rejects.toMatchObject({ reason: 'too_large' });
  });

  it('stops when the caller leaves and closes the iterator', async () => {
    const { stream, state } = lines(['first', 'second', 'third'], 50);
    const left = new AbortController();
    const pumping = pumpToolStream(stream, { ...limits, signal: left.signal, onChunk: () => left.abort() });
    await expect(pumping).rejects.toMatchObject({ reason: 'cancelled' });
    await vi.waitFor(() => expect(state.closed).toBe(true));
    expect(state.produced).toBeLessThan(3);
  });

  it('passes on the error a tool throws mid-stream as it is', async () => {
    async function* failing() {
      yield 'part';
      throw new Error('The tool broke');
    }
    const seen: string[] = [];
    await expect(pumpToolStream(failing(), { ...limits, onChunk: (chunk) => seen.push(chunk) })).rejects.toThrow('The tool broke');
    expect(seen).toEqual(['part']);
  });
});
