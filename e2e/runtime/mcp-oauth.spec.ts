import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MemoryClientProvider } from '../../test/oauth/memory-client-provider';
import { assignTool, createTestAgent } from '../support/agent-api';
import { seriousViolations } from '../support/axe';
import { ownServerPort } from '../support/ports';
import { expect, test } from '../support/test';

/**
 * The MCP SDK's own OAuth client against the shared server: it discovers the authorization
 * server from the 401, registers, is sent to the consent page (driven here in Chromium as the
 * signed-in admin), exchanges the code, lists agent A's tools; the token is refused on agent B
 * and, once the connection is revoked on /settings/connections, on A too.
 */
test.describe('[RUNTIME][OAUTH]', () => {
  const callbackPort = ownServerPort(115);
  const redirectUrl = `http://127.0.0.1:${callbackPort}/callback`;
  let callback: Server;

  test.beforeAll(async () => {
    // The client's redirect target: a page that says it is done, as a desktop client's loopback listener would.
    callback = createServer((_request, response) => response.end('<title>Signed in</title><p>You may close this window.</p>'));
    await new Promise<void>((resolve) => callback.listen(callbackPort, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => callback.close(resolve));
  });

  test('[RUNTIME][OAUTH]: an MCP client signs in by OAuth, reaches only the agent granted, and is refused once revoked', async ({ page, request, baseURL }) => {
    const alpha = await createTestAgent(request, 'Alpha');
    const beta = await createTestAgent(request, 'Beta');
    await assignTool(request, alpha, 'word_count', {});
    const endpoint = (agentId: string) => new URL(`${baseURL}/api/v1/agents/${agentId}/mcp`);
    const clientName = `E2E OAuth client ${alpha}`;
    const provider = new MemoryClientProvider(redirectUrl, clientName);

    // Discovery from the 401, registration, and the redirect to the consent page.
    await expect(new Client({ name: 'e2e', version: '1' }).connect(new StreamableHTTPClientTransport(endpoint(alpha), { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    const authorizationUrl = provider.authorizationUrl;
    expect(authorizationUrl?.pathname).toBe('/oauth/authorize');

    await page.goto(String(authorizationUrl));
    await expect(page.getByRole('heading', { name: `Allow ${clientName} to reach agents?` })).toBeVisible();
    await expect(page.getByText(redirectUrl)).toBeVisible();
    const alphaBox = page.getByRole('checkbox', { name: new RegExp(`\\(${alpha}\\)`) });
    await expect(alphaBox).toBeChecked();
    await expect(page.getByRole('checkbox', { name: new RegExp(`\\(${beta}\\)`) })).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Allow access' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUrl));
    const code = new URL(page.url()).searchParams.get('code');
    expect(code).toMatch(/^tac_/);

    // Token exchange, then tools/list on agent A.
    await new StreamableHTTPClientTransport(endpoint(alpha), { authProvider: provider }).finishAuth(code ?? '');
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(endpoint(alpha), { authProvider: provider }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['word_count']);
    await client.close();

    // The same token on agent B: refused, with B's metadata address to start over from.
    const accessToken = provider.tokens()?.access_token ?? '';
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } } };
    const call = (agentId: string) =>
      fetch(endpoint(agentId), { method: 'POST', headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(initialize) });
    const onBeta = await call(beta);
    expect(onBeta.status).toBe(401);
    expect(onBeta.headers.get('www-authenticate')).toContain(`resource_metadata="${baseURL}/.well-known/oauth-protected-resource/api/v1/agents/${beta}/mcp"`);
    expect(onBeta.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await call(alpha)).status).toBe(200);

    // Revoked on the connections page: refused at once.
    await page.goto('/settings/connections');
    const row = page.getByRole('listitem', { name: clientName });
    await expect(row.getByText(`Agents: ${alpha}`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: `Revoke ${clientName}` }).click();
    // Asked first, in the styled dialog: Cancel keeps the grant.
    const ask = page.getByRole('alertdialog', { name: `Revoke the access of "${clientName}"?` });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect((await call(alpha)).status).toBe(200);
    await row.getByRole('button', { name: `Revoke ${clientName}` }).click();
    await ask.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(row).toHaveCount(0);
    expect((await call(alpha)).status).toBe(401);
    const grants = (await (await request.get('/api/v1/oauth/grants')).json()) as { grants: { clientName: string }[] };
    expect(grants.grants.map((grant) => grant.clientName)).not.toContain(clientName);
    const audit = (await (await request.get('/api/v1/audit?action=oauth.refused')).json()) as { events: { after: { audience?: string } }[] };
    expect(audit.events.some((event) => event.after.audience === alpha)).toBe(true);
  });

  test('[RUNTIME][OAUTH]: a person who denies sends the client back with access_denied, and nothing is granted', async ({ page, request, baseURL }) => {
    const agent = await createTestAgent(request, 'Denied');
    const clientName = `E2E denied client ${agent}`;
    const provider = new MemoryClientProvider(redirectUrl, clientName);
    const transport = new StreamableHTTPClientTransport(new URL(`${baseURL}/api/v1/agents/${agent}/mcp`), { authProvider: provider });
    await expect(new Client({ name: 'e2e', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    await page.goto(String(provider.authorizationUrl));
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUrl));
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    const grants = (await (await request.get('/api/v1/oauth/grants')).json()) as { grants: { clientName: string }[] };
    expect(grants.grants.map((grant) => grant.clientName)).not.toContain(clientName);
    const audit = (await (await request.get('/api/v1/audit?action=oauth.deny')).json()) as { events: { after: { client?: string } }[] };
    expect(audit.events.some((event) => event.after.client === clientName)).toBe(true);
  });

  test('[RUNTIME][OAUTH]: a signed-out editor signs in on the way and returns to the consent page, which offers no agent they may not use', async ({ browser, request, baseURL }) => {
    const agent = await createTestAgent(request, 'Editors');
    const email = `oauth-editor-${agent}@e2e.test`;
    const password = 'an editor password, long enough';
    expect((await request.post('/api/v1/users', { data: { email, name: 'Ed Itor', role: 'editor', password } })).status()).toBe(201);
    const provider = new MemoryClientProvider(redirectUrl, `E2E editor client ${agent}`);
    const transport = new StreamableHTTPClientTransport(new URL(`${baseURL}/api/v1/agents/${agent}/mcp`), { authProvider: provider });
    await expect(new Client({ name: 'e2e', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(String(provider.authorizationUrl));
    await expect(page).toHaveURL(/\/sign-in\?next=%2Foauth%2Fauthorize%3F/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: `Allow E2E editor client ${agent} to reach agents?` })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Your role may not call agents' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Allow access' })).toBeDisabled();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUrl));
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    await context.close();
  });
});
