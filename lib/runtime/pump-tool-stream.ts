import 'server-only';

/** Why a tool's stream was stopped before its end. */
export type StreamStopReason = 'timeout' | 'too_large' | 'cancelled';

/** Thrown by `pumpToolStream` when it stops a stream: past a limit, or because the caller left. */
export class StreamStoppedError extends Error {
  readonly reason: StreamStopReason;

  constructor(reason: StreamStopReason, message: string) {
    super(message);
    this.name = 'StreamStoppedError';
    this.reason = reason;
  }
}

/** What `pumpToolStream` needs. */
export interface PumpToolStreamOptions {
  /** For the whole stream, from the first step to the last. */
  timeoutMs: number;
  /** Counted over every chunk (UTF-8 bytes). */
  maxOutputBytes: number;
  /** Called with each non-empty chunk as it comes, and how many chunks came so far (1, 2, …). */
  onChunk(chunk: string, count: number): void;
  /** Aborted when the caller no longer wants the result. */
  signal?: AbortSignal;
}

/**
 * Reads a tool's `executeStream` to its end and answers the whole text (the chunks joined).
 * A step that the tool's iterator rejects is rethrown as it is (the tool failed). Past the time
 * or output limit, or once `signal` aborts, it throws a `StreamStoppedError` at once, without
 * waiting for a step the tool is still working on; the iterator is then closed (`return()`),
 * which an async generator honours as soon as that step settles.
 */
export async function pumpToolStream(chunks: AsyncIterable<unknown>, options: PumpToolStreamOptions): Promise<string> {
  const { timeoutMs, maxOutputBytes, onChunk, signal } = options;
  const iterator = chunks[Symbol.asyncIterator]();
  let stop: (error: StreamStoppedError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  // Settled only through the race below; this keeps a stop between two races from counting as unhandled.
  stopped.catch(() => {});
  const timer = setTimeout(() => stop(new StreamStoppedError('timeout', `Timed out after ${timeoutMs} ms`)), timeoutMs);
  const onAbort = () => stop(new StreamStoppedError('cancelled', 'The caller left before the tool finished'));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const parts: string[] = [];
  let bytes = 0;
  let isFinished = false;
  try {
    for (;;) {
      const step = await Promise.race([iterator.next(), stopped]).catch((error: unknown) => {
        // An iterator that rejected a step has finished by itself; there is nothing left to close.
        if (!(error instanceof StreamStoppedError)) isFinished = true;
        throw error;
      });
      if (step.done) {
        isFinished = true;
        return parts.join('');
      }
      const chunk = typeof step.value === 'string' ? step.value : String(step.value);
      if (chunk === '') continue;
      bytes += Buffer.byteLength(chunk);
      if (bytes > maxOutputBytes) throw new StreamStoppedError('too_large', `Output passed ${maxOutputBytes} bytes`);
      parts.push(chunk);
      onChunk(chunk, parts.length);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (!isFinished) closeIterator(iterator);
  }
}

/** Asks the tool to stop; not awaited, since a step it is still working on delays the answer. */
function closeIterator(iterator: AsyncIterator<unknown>): void {
  void Promise.resolve()
    .then(() => iterator.return?.())
    .catch((error: unknown) => {
      // The call has ended already; a plugin failing to clean up is worth a log line, no more.
      console.error('Closing a tool\'s result stream failed', error);
    });
}
