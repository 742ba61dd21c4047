import { expect, it } from 'vitest';
import { apiRequest, describeApi } from '@/test/api/api-harness';
import { gzipEtagOf } from '@/lib/catalogue/etag';
import { GET } from './route';

const summaryUrl = '/api/v1/tools?view=summary';
const noParams = { params: Promise.resolve({}) };

// Gzip itself is the front door's (scripts/front-door/precompressed.test.ts); the route answers
// plain JSON with an ETag that lets both codings be revalidated.
describeApi('GET /api/v1/tools: caching of the summary', () => {
  it('is private and revalidated on each use, with an ETag', async () => {
    const response = await GET(apiRequest(summaryUrl), noParams);

    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 to the ETag of either coding while the catalogue is unchanged, and 200 to another', async () => {
    const etag = (await GET(apiRequest(summaryUrl), noParams)).headers.get('etag')!;

    for (const tag of [etag, gzipEtagOf(etag), `W/${etag}`]) {
      const again = await GET(apiRequest(summaryUrl, { headers: { 'if-none-match': tag } }), noParams);
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
    }
    const other = await GET(apiRequest(summaryUrl, { headers: { 'if-none-match': gzipEtagOf('"other"') } }), noParams);
    expect(other.status).toBe(200);
  });

  it('answers the same bytes and ETag to every request while the catalogue is unchanged', async () => {
    const first = await GET(apiRequest(summaryUrl), noParams);
    const second = await GET(apiRequest(summaryUrl), noParams);

    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.text()).toBe(await first.text());
  });
});
