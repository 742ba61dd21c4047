import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { apiRequest, describeApi, sessionCookie } from '@/test/api/api-harness';
import { GET } from '@/app/api/v1/tools/route';
import { getToolRegistry } from '@/lib/registry-host';
import { registerInstance, type MultiToolProvider } from '@/registry';
import { answerCatalogueAtDoor, type DoorRequest } from './catalogue-door';

const noParams = { params: Promise.resolve({}) };

function doorRequest(url: string, headers: Record<string, string> = {}, acceptsGzip = false): DoorRequest {
  return { url, headers: { cookie: sessionCookie('viewer'), ...headers }, acceptsGzip };
}

function bundle(names: string[]): MultiToolProvider {
  return {
    group: () => 'mail',
    toolNames: () => new Set(names),
    create: (toolName) => ({ name: () => toolName, description: () => `Tool ${toolName}`, parametersSchema: () => ({}), execute: async () => '' }),
  };
}

describeApi('GET /api/v1/tools at the front door', () => {
  it('answers the bytes and ETag the route answers, plain and as gzip, for each view', async () => {
    for (const url of ['/api/v1/tools', '/api/v1/tools?view=summary', '/api/v1/tools?view=full']) {
      const route = await GET(apiRequest(url, { as: 'viewer' }), noParams);
      const routeBody = await route.text();

      const plain = await answerCatalogueAtDoor(doorRequest(url));
      expect(plain?.status).toBe(200);
      expect(plain?.body?.toString('utf8')).toBe(routeBody);
      expect(plain?.headers.etag).toBe(route.headers.get('etag'));
      expect(plain?.headers['cache-control']).toBe('private, no-cache');
      expect(plain?.headers.vary).toContain('accept-encoding');

      const gzip = await answerCatalogueAtDoor(doorRequest(url, {}, true));
      expect(gzip?.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip!.body!).toString('utf8')).toBe(routeBody);
      expect(gzip?.headers.etag).toBe(`${route.headers.get('etag')!.slice(0, -1)}-gzip"`);
      expect(gzip?.headers['content-length']).toBe(String(gzip!.body!.length));
    }
  });

  it('answers at once, without waiting, what it answered after waiting, once the caller and the coding are kept', async () => {
    for (const url of ['/api/v1/tools', '/api/v1/tools?view=summary']) {
      for (const acceptsGzip of [false, true]) {
        const waited = await answerCatalogueAtDoor(doorRequest(url, {}, acceptsGzip));
        const atOnce = answerCatalogueAtDoor(doorRequest(url, {}, acceptsGzip));
        expect(atOnce).not.toBeInstanceOf(Promise);
        expect(atOnce).toEqual(waited);
        const notModified = answerCatalogueAtDoor(doorRequest(url, { 'if-none-match': waited!.headers.etag! }, acceptsGzip));
        expect(notModified).toMatchObject({ status: 304, headers: { etag: waited!.headers.etag } });
      }
    }
  });

  it('answers 304 without a body to the ETag of either coding', async () => {
    const plain = await answerCatalogueAtDoor(doorRequest('/api/v1/tools?view=summary'));
    const gzip = await answerCatalogueAtDoor(doorRequest('/api/v1/tools?view=summary', {}, true));
    for (const tag of [plain!.headers.etag!, gzip!.headers.etag!]) {
      const again = await answerCatalogueAtDoor(doorRequest('/api/v1/tools?view=summary', { 'if-none-match': tag }));
      expect(again?.status).toBe(304);
      expect(again?.body).toBeUndefined();
    }
  });

  it('leaves to the route (its 401, 403 and 400 problems) a caller without credentials or with bad ones, and any other query', async () => {
    const anonymous = { url: '/api/v1/tools', headers: {}, acceptsGzip: false };
    expect(await answerCatalogueAtDoor(anonymous)).toBeUndefined();
    expect(await answerCatalogueAtDoor({ ...anonymous, headers: { cookie: 'better-auth.session_token=forged.value' } })).toBeUndefined();
    expect(await answerCatalogueAtDoor({ ...anonymous, headers: { authorization: 'Bearer not-a-token' } })).toBeUndefined();
    expect(await answerCatalogueAtDoor({ ...anonymous, headers: { authorization: 'Basic abc' } })).toBeUndefined();
    for (const url of ['/api/v1/tools?view=bogus', '/api/v1/tools?view=summary&view=full', '/api/v1/tools?limit=1']) {
      expect(await answerCatalogueAtDoor(doorRequest(url)), url).toBeUndefined();
    }
  });

  it('answers a bundle added or removed while the app runs at once, with a new ETag each time', async () => {
    const before = await answerCatalogueAtDoor(doorRequest('/api/v1/tools?view=summary'));
    const registry = await getToolRegistry();

    await registry.add(registerInstance('mcp:mail', 'provider', bundle(['mail_send']), 'mail'));
    const added = await answerCatalogueAtDoor(doorRequest('/api/v1/tools?view=summary'));
    expect(added?.headers.etag).not.toBe(before?.headers.etag);
    expect(added?.body?.toString('utf8')).toContain('"mail_send"');

    registry.remove('mcp:mail', 'mail');
    const removed = await answerCatalogueAtDoor(doorRequest('/api/v1/tools?view=summary'));
    expect(removed?.headers.etag).toBe(before?.headers.etag);
    expect(removed?.body?.toString('utf8')).not.toContain('"mail_send"');
  });
});
