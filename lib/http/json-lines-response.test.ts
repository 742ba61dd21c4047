import { describe, expect, it } from 'vitest';
import { jsonLinesResponse } from './json-lines-response';

describe('jsonLinesResponse', () => {
  it('pulls items only as the client reads, and stops the source when the client goes away', async () => {
    let pulled = 0;
    let isStopped = false;
    async function* endless() {
      try {
        for (;;) yield { n: ++pulled };
      } finally {
        isStopped = true;
      }
    }
    const response = jsonLinesResponse(endless(), { filename: 'x.jsonl' });
    const reader = response.body!.getReader();

    const first = await reader.read();
    await reader.cancel();

    expect(new TextDecoder().decode(first.value)).toBe('{"n":1}\n');
    // The stream's queue may ask for one more ahead of the reader, never the whole source.
    expect(pulled).toBeLessThanOrEqual(2);
    expect(isStopped).toBe(true);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.jsonl"');
  });

  it('ends with the last item, one JSON text per line', async () => {
    async function* three() {
      yield { a: 'line\nbreak' };
      yield [1, 2];
      yield null;
    }
    expect(await jsonLinesResponse(three()).text()).toBe('{"a":"line\\nbreak"}\n[1,2]\nnull\n');
  });
});
