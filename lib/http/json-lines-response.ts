import 'server-only';

/** What a JSON lines answer carries besides its lines. */
export interface JsonLinesResponseOptions {
  /** Offered to the browser as the download's file name. */
  filename?: string;
}

/**
 * Streams `items` as JSON lines (`application/x-ndjson`), one object per line, pulling the next
 * item only when the client has read the last: memory holds what the source holds, never the
 * whole answer. A failure after the first line can only cut the stream short; it is logged.
 */
export function jsonLinesResponse(items: AsyncIterable<unknown>, options: JsonLinesResponseOptions = {}): Response {
  const iterator = items[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      } catch (error) {
        console.error('JSON lines stream failed', error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const headers = new Headers({ 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
  if (options.filename) headers.set('content-disposition', `attachment; filename="${options.filename}"`);
  return new Response(body, { status: 200, headers });
}
