import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { apiRequest, describeApi } from '@/lib/api/testing';
import { GET } from './route';

const summaryUrl = '/api/v1/tools?view=summary';
const noParams = { params: Promise.resolve({}) };
const gzipAccepted = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describeApi('GET /api/v1/tools: compression and caching of the summary', () => {
  it('answers gzip when the client accepts it, the same JSON as the plain answer once decoded', async () => {
    const plain = await GET(apiRequest(summaryUrl, { headers: { 'accept-encoding': 'identity' } }), noParams);
    const gzipped = await GET(apiRequest(summaryUrl, { headers: gzipAccepted }), noParams);

    expect(plain.headers.get('content-encoding')).toBe(null);
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('content-type')).toContain('application/json');
    const coded = await bytesOf(gzipped);
    expect(gzipped.headers.get('content-length')).toBe(String(coded.length));
    expect(gunzipSync(coded).toString('utf8')).toBe(await plain.text());
  });

  it('answers plain JSON when the client does not accept gzip', async () => {
    for (const encoding of [undefined, 'identity', 'br', 'gzip;q=0, *']) {
      const response = await GET(apiRequest(summaryUrl, encoding ? { headers: { 'accept-encoding': encoding } } : {}), noParams);

      expect(response.headers.get('content-encoding')).toBe(null);
      expect(((await response.json()) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    }
  });

  it('marks the answer as varying by Accept-Encoding, private and revalidated on each use', async () => {
    for (const headers of [gzipAccepted, { 'accept-encoding': 'identity' }]) {
      const response = await GET(apiRequest(summaryUrl, { headers }), noParams);

      expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('gives each coding its own ETag and answers 304 to either while the catalogue is unchanged', async () => {
    const plain = await GET(apiRequest(summaryUrl, { headers: { 'accept-encoding': 'identity' } }), noParams);
    const gzipped = await GET(apiRequest(summaryUrl, { headers: gzipAccepted }), noParams);
    const plainTag = plain.headers.get('etag')!;
    const gzipTag = gzipped.headers.get('etag')!;
    expect(gzipTag).not.toBe(plainTag);

    for (const tag of [plainTag, gzipTag]) {
      const again = await GET(apiRequest(summaryUrl, { headers: { ...gzipAccepted, 'if-none-match': tag } }), noParams);
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(gzipTag);
      expect(await again.text()).toBe('');
    }
  });

  it('sends the same gzip bytes to every client while the catalogue is unchanged', async () => {
    const first = await bytesOf(await GET(apiRequest(summaryUrl, { headers: gzipAccepted }), noParams));
    const second = await bytesOf(await GET(apiRequest(summaryUrl, { headers: gzipAccepted }), noParams));

    expect(second.equals(first)).toBe(true);
  });

  it('compresses the full catalogue too', async () => {
    const response = await GET(apiRequest('/api/v1/tools', { headers: gzipAccepted }), noParams);

    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(await bytesOf(response)).toString('utf8')) as { tools: { parametersSchema?: unknown }[] };
    expect(body.tools[0]).toHaveProperty('parametersSchema');
  });
});
