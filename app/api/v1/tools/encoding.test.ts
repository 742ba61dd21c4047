import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { BODY_CODING_HEADER } from '@/lib/http/door-constants.mjs';
import { apiRequest, describeApi } from '@/test/api/api-harness';
import { gzipEtagOf } from '@/lib/catalogue/etag';
import { getToolRegistry } from '@/lib/registry-host';
import { registerInstance, type MultiToolProvider } from '@/registry';
import { GET } from './route';

const summaryUrl = '/api/v1/tools?view=summary';
const noParams = { params: Promise.resolve({}) };

// Next gzips the body for a client that accepts gzip (e2e/catalogue/first-load.spec.ts checks the
// bytes on the wire); the route names that coding by its own ETag and revalidates either.
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

  it('names the gzip coding by its own ETag for a client that accepts gzip, and answers 304 to it', async () => {
    const plain = (await GET(apiRequest(summaryUrl), noParams)).headers.get('etag')!;
    const gzipped = await GET(apiRequest(summaryUrl, { headers: { 'accept-encoding': 'gzip, deflate, br' } }), noParams);

    expect(gzipped.headers.get('etag')).toBe(gzipEtagOf(plain));
    expect(gzipped.headers.get(BODY_CODING_HEADER)).toBe('gzip');
    expect(gzipped.headers.get('cache-control')).toContain('no-transform');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8')).toBe(await (await GET(apiRequest(summaryUrl), noParams)).text());
    const again = await GET(apiRequest(summaryUrl, { headers: { 'accept-encoding': 'gzip', 'if-none-match': gzipEtagOf(plain) } }), noParams);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(gzipEtagOf(plain));
  });

  it('answers a bundle added or removed while the app runs at once, with a new ETag each time', async () => {
    const summaryOf = async () => {
      const response = await GET(apiRequest(summaryUrl, { as: 'viewer' }), noParams);
      return { etag: response.headers.get('etag'), text: await response.text() };
    };
    const before = await summaryOf();
    const registry = await getToolRegistry();

    await registry.add(registerInstance('mcp:mail', 'provider', mailBundle(['mail_send']), 'mail'));
    const added = await summaryOf();
    expect(added.etag).not.toBe(before.etag);
    expect(added.text).toContain('"mail_send"');

    registry.remove('mcp:mail', 'mail');
    const removed = await summaryOf();
    expect(removed.etag).toBe(before.etag);
    expect(removed.text).not.toContain('"mail_send"');
  });
});

function mailBundle(names: string[]): MultiToolProvider {
  return {
    group: () => 'mail',
    toolNames: () => new Set(names),
    create: (toolName) => ({ name: () => toolName, description: () => `Tool ${toolName}`, parametersSchema: () => ({}), execute: async () => '' }),
  };
}
