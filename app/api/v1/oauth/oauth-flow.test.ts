import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/door-constants.mjs';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { MemoryClientProvider } from '@/test/oauth/memory-client-provider';
import { GET as asMetadata } from '../../../.well-known/oauth-authorization-server/route';
import { GET as resourceMetadata } from '../../../.well-known/oauth-protected-resource/api/v1/agents/[id]/mcp/route';
import { DELETE as mcpDelete, GET as mcpGet, POST as mcpPost } from '../agents/[id]/mcp/route';
import { POST as decide } from './authorize/route';
import { GET as listGrants } from './grants/route';
import { DELETE as revoke } from './grants/[id]/route';
import { POST as register } from './register/route';
import { POST as token } from './token/route';

const BASE = 'http://127.0.0.1:3000';
const REDIRECT = 'http://127.0.0.1:9/callback';
const PRM = /^\/\.well-known\/oauth-protected-resource\/api\/v1\/agents\/([^/]+)\/mcp$/;
const MCP = /^\/api\/v1\/agents\/([^/]+)\/mcp$/;

/** Hands the client's requests to the route handlers, as Next.js would: discovery, registration, tokens and MCP. */
const appFetch: typeof fetch = async (input, init) => {
  const request = new Request(input instanceof Request ? input : String(input), init);
  const { pathname } = new URL(request.url);
  const resource = PRM.exec(pathname);
  if (resource?.[1]) return resourceMetadata(request, { params: Promise.resolve({ id: decodeURIComponent(resource[1]) }) });
  if (pathname === '/.well-known/oauth-authorization-server') return asMetadata(request);
  if (pathname === '/api/v1/oauth/register') return register(request);
  if (pathname === '/api/v1/oauth/token') return token(request);
  const mcp = MCP.exec(pathname);
  if (mcp?.[1]) {
    const handler = { GET: mcpGet, POST: mcpPost, DELETE: mcpDelete }[request.method as 'GET' | 'POST' | 'DELETE'];
    return callRoute(handler, request, { id: decodeURIComponent(mcp[1]) });
  }
  return new Response('not here', { status: 404 });
};

function transportFor(agentId: string, init: { authProvider?: MemoryClientProvider; token?: string }): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(`${BASE}/api/v1/agents/${agentId}/mcp`), {
    fetch: appFetch,
    ...(init.authProvider ? { authProvider: init.authProvider } : {}),
    ...(init.token ? { requestInit: { headers: { authorization: `Bearer ${init.token}` } } } : {}),
  });
}

/** A bare MCP request with the token, to read the status and the challenge. */
async function initializeWith(agentId: string, bearer: string): Promise<Response> {
  const request = new Request(`${BASE}/api/v1/agents/${agentId}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
  });
  return callRoute(mcpPost, request, { id: agentId });
}

/** Runs the SDK's flow up to the redirect; answers the authorization request's query parameters. */
async function startFlow(provider: MemoryClientProvider, agentId: string): Promise<Record<string, string>> {
  const client = new Client({ name: 'oauth-test', version: '1' });
  await expect(client.connect(transportFor(agentId, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
  const url = provider.authorizationUrl;
  if (!url) throw new Error('The client was not sent to the authorization endpoint');
  expect(url.origin + url.pathname).toBe(`${BASE}/oauth/authorize`);
  return Object.fromEntries(url.searchParams);
}

async function answerConsent(params: Record<string, string>, approve: boolean, agentIds: string[], as: 'admin' | 'viewer' = 'admin'): Promise<Response> {
  return decide(apiRequest('/api/v1/oauth/authorize', { as, json: { params, approve, agentIds } }), { params: Promise.resolve({}) });
}

describeApi('OAuth for MCP clients, with the MCP SDK client', (database) => {
  const previousPublicUrl = process.env.PUBLIC_URL;
  beforeAll(async () => {
    process.env.PUBLIC_URL = BASE;
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    for (const id of ['alpha', 'beta']) await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id, name: id.toUpperCase() } });
  });
  afterAll(() => {
    if (previousPublicUrl === undefined) delete process.env.PUBLIC_URL;
    else process.env.PUBLIC_URL = previousPublicUrl;
  });

  it('answers an anonymous MCP call 401 with the resource metadata address, and serves both metadata documents', async () => {
    const response = await callRoute(mcpPost, apiRequest('/api/v1/agents/alpha/mcp', { as: 'anonymous', json: {} }), { id: 'alpha' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(`resource_metadata="${BASE}/.well-known/oauth-protected-resource/api/v1/agents/alpha/mcp"`);
    const prm = await (await appFetch(`${BASE}/.well-known/oauth-protected-resource/api/v1/agents/alpha/mcp`)).json();
    expect(prm).toMatchObject({ resource: `${BASE}/api/v1/agents/alpha/mcp`, authorization_servers: [BASE] });
    const as = await (await appFetch(`${BASE}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({ issuer: BASE, code_challenge_methods_supported: ['S256'], token_endpoint_auth_methods_supported: ['none'], registration_endpoint: `${BASE}/api/v1/oauth/register` });
  });

  it('signs a client in: discovery, registration, consent, code exchange; its token lists agent A\'s tools and is refused on B and after revocation', async () => {
    const provider = new MemoryClientProvider(REDIRECT);
    const params = await startFlow(provider, 'alpha');
    expect(params).toMatchObject({ response_type: 'code', code_challenge_method: 'S256', resource: `${BASE}/api/v1/agents/alpha/mcp`, redirect_uri: REDIRECT });

    const answer = await answerConsent(params, true, ['alpha']);
    expect(answer.status).toBe(200);
    const redirectTo = new URL(((await answer.json()) as { redirectTo: string }).redirectTo);
    expect(redirectTo.origin + redirectTo.pathname).toBe(REDIRECT);
    const code = redirectTo.searchParams.get('code') ?? '';
    const transport = transportFor('alpha', { authProvider: provider });
    await transport.finishAuth(code);
    const accessToken = provider.tokens()?.access_token ?? '';
    expect(accessToken).toMatch(/^tao_/);

    const client = new Client({ name: 'oauth-test', version: '1' });
    await client.connect(transportFor('alpha', { authProvider: provider }));
    expect((await client.listTools()).tools).toEqual([]);
    await client.close();

    const onBeta = await initializeWith('beta', accessToken);
    expect(onBeta.status).toBe(401);
    expect(onBeta.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(onBeta.headers.get('www-authenticate')).toContain('/.well-known/oauth-protected-resource/api/v1/agents/beta/mcp');
    const onMissing = await initializeWith('nobody', accessToken);
    expect(onMissing.status).toBe(401);
    // Nor is it a token for the rest of the API.
    const elsewhere = await callRoute(mcpPost, apiRequest('/api/v1/agents/alpha/tools', { as: { token: accessToken }, json: {} }), { id: 'alpha' });
    expect(elsewhere.status).toBe(401);

    const grants = (await (await listGrants(apiRequest('/api/v1/oauth/grants'), { params: Promise.resolve({}) })).json()) as { grants: { id: string; clientName: string; agents: string[] }[] };
    expect(grants.grants).toEqual([expect.objectContaining({ clientName: 'Test MCP client', agents: ['alpha'] })]);
    const grantId = grants.grants[0]?.id ?? '';
    expect((await callRoute(revoke, apiRequest(`/api/v1/oauth/grants/${grantId}`, { method: 'DELETE' }), { id: grantId })).status).toBe(204);
    expect((await initializeWith('alpha', accessToken)).status).toBe(401);

    const actions = await database.db.selectFrom('audit_events').select(['action', 'target']).where('action', 'like', 'oauth.%').orderBy('id').execute();
    expect(actions.map((event) => event.action)).toEqual(['oauth.grant', 'oauth.refused', 'oauth.refused', 'oauth.refused', 'oauth.revoke', 'oauth.refused']);
  });

  it('refuses a code exchanged with the wrong verifier, and spends it', async () => {
    const provider = new MemoryClientProvider(REDIRECT, 'Verifier test');
    const params = await startFlow(provider, 'alpha');
    const redirectTo = new URL(((await (await answerConsent(params, true, ['alpha'])).json()) as { redirectTo: string }).redirectTo);
    const form = (verifier: string) =>
      new Request(`${BASE}/api/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: redirectTo.searchParams.get('code') ?? '', code_verifier: verifier, redirect_uri: REDIRECT, client_id: params.client_id ?? '' }),
      });
    const wrong = await token(form('x'.repeat(43)));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const right = await token(form(provider.codeVerifier()));
    expect(await right.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('unknown, used') });
  });

  it('refuses the plain PKCE method and a missing resource before anyone is asked', async () => {
    const provider = new MemoryClientProvider(REDIRECT, 'Plain test');
    const params = await startFlow(provider, 'alpha');
    const plain = await answerConsent({ ...params, code_challenge_method: 'plain' }, true, ['alpha']);
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain('plain is not accepted');
    const withoutResource = Object.fromEntries(Object.entries(params).filter(([name]) => name !== 'resource'));
    expect((await answerConsent(withoutResource, true, ['alpha'])).status).toBe(400);
  });

  it('lets a viewer grant nothing, and records a denial', async () => {
    const provider = new MemoryClientProvider(REDIRECT, 'Viewer test');
    const params = await startFlow(provider, 'alpha');
    const byViewer = await answerConsent(params, true, ['alpha'], 'viewer');
    expect(byViewer.status).toBe(422);
    const denied = await answerConsent(params, false, []);
    const redirectTo = new URL(((await denied.json()) as { redirectTo: string }).redirectTo);
    expect(redirectTo.searchParams.get('error')).toBe('access_denied');
    const event = await database.db.selectFrom('audit_events').select('action').where('action', '=', 'oauth.deny').executeTakeFirst();
    expect(event?.action).toBe('oauth.deny');
  });

  it('refreshes (rotating the refresh token) for another agent of the grant only', async () => {
    const provider = new MemoryClientProvider(REDIRECT, 'Refresh test');
    const params = await startFlow(provider, 'alpha');
    const redirectTo = new URL(((await (await answerConsent(params, true, ['alpha', 'beta'])).json()) as { redirectTo: string }).redirectTo);
    await transportFor('alpha', { authProvider: provider }).finishAuth(redirectTo.searchParams.get('code') ?? '');
    const refreshToken = provider.tokens()?.refresh_token ?? '';
    const refresh = (resource: string) =>
      token(
        new Request(`${BASE}/api/v1/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: params.client_id ?? '', resource }),
        }),
      );
    const forBeta = (await (await refresh(`${BASE}/api/v1/agents/beta/mcp`)).json()) as { access_token: string; refresh_token: string };
    expect((await initializeWith('beta', forBeta.access_token)).status).toBe(200);
    expect((await initializeWith('alpha', forBeta.access_token)).status).toBe(401);
    // The refresh token was spent by its use.
    expect(await (await refresh(`${BASE}/api/v1/agents/beta/mcp`)).json()).toMatchObject({ error: 'invalid_grant' });
    const outside = await token(
      new Request(`${BASE}/api/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: forBeta.refresh_token, client_id: params.client_id ?? '', resource: `${BASE}/api/v1/agents/gamma/mcp` }),
      }),
    );
    expect(await outside.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('refuses a registration with a plain-http redirect URI to another machine', async () => {
    const response = await register(apiRequest('/api/v1/oauth/register', { as: 'anonymous', json: { client_name: 'x', redirect_uris: ['http://evil.example/cb'] } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('pauses registrations from an address after 20 in an hour', async () => {
    const from = (address: string) =>
      register(apiRequest('/api/v1/oauth/register', { as: 'anonymous', headers: { [CLIENT_ADDRESS_HEADER]: address }, json: { client_name: 'flood', redirect_uris: [REDIRECT] } }));
    for (let count = 0; count < 20; count += 1) expect((await from('203.0.113.7')).status).toBe(201);
    const paused = await from('203.0.113.7');
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).status).toBe(201);
  });
});
