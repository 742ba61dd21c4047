import { readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { assignTool, createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { addSessionCookie, signInCookie } from '../support/e2e-admin';
import { E2E_PORT } from '../support/ports';

/** The shared server has no PUBLIC_URL, so the app's public address is localhost on its port. */
const publicOrigin = `http://localhost:${E2E_PORT}`;

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The tool names the MCP SDK's client lists at `endpoint` with the Bearer `token`. */
async function listToolsOverMcp(endpoint: string, token: string) {
  const client = new Client({ name: 'connect-card-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools;
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  }
}

async function axeInBothThemes(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }
}

test('[AGENTS][CONNECT]: a new admin copies the endpoint and a config, creates the agent\'s token, and the MCP SDK client lists that agent\'s tools', async ({ page, request, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const agentId = await createTestAgent(request, 'Connect');
  const otherId = await createTestAgent(request, 'Elsewhere');
  await assignTool(request, agentId, 'word_count', {});
  await assignTool(request, agentId, 'todo_read', {});
  await assignTool(request, otherId, 'word_count', {});
  const agentName = ((await (await request.get(`/api/v1/agents/${agentId}`)).json()) as { name: string }).name;
  const endpoint = `${publicOrigin}/api/v1/agents/${agentId}/mcp`;

  await page.goto(`/agents/${agentId}`);
  const card = page.getByRole('region', { name: 'Connect' });
  await expect(card.getByRole('textbox', { name: 'MCP endpoint (Streamable HTTP)' })).toHaveValue(endpoint);
  await expect(card).toContainText('A client will list 2 tools.');

  await card.getByRole('button', { name: 'Copy endpoint URL' }).click();
  await expect(page.getByText('Copied the endpoint URL.')).toBeVisible();
  expect(await clipboardText(page)).toBe(endpoint);

  // The configurations by keyboard: the tabs follow the arrow keys.
  const tabs = card.getByRole('tablist', { name: 'Client' });
  await tabs.getByRole('tab', { name: 'Cursor, Claude Code' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Claude Desktop' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Claude Desktop' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByLabel('Configuration for Claude Desktop')).toContainText('mcp-remote');
  await page.keyboard.press('ArrowLeft');
  await card.getByRole('button', { name: 'Copy configuration' }).click();
  await expect(page.getByText('Copied the Cursor, Claude Code configuration.')).toBeVisible();
  const placeholderConfig = JSON.parse(await clipboardText(page)) as { mcpServers: Record<string, { url: string; headers: Record<string, string> }> };
  expect(placeholderConfig.mcpServers[agentId]).toEqual({ type: 'http', url: endpoint, headers: { Authorization: 'Bearer YOUR_RUNTIME_TOKEN' } });
  await expect(card.getByLabel('Configuration for Cursor, Claude Code').getByText('YOUR_RUNTIME_TOKEN')).toBeVisible();
  await axeInBothThemes(page);

  await card.getByRole('button', { name: 'Create a token for this agent' }).click();
  const dialog = page.getByRole('dialog', { name: `A token for ${agentName}` });
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const secretField = dialog.getByRole('textbox', { name: 'New token' });
  await expect(secretField).toBeFocused();
  const secret = await secretField.inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await dialog.getByRole('button', { name: 'Copy token' }).click();
  await expect(dialog.getByText('Copied the token.')).toBeVisible();
  expect(await clipboardText(page)).toBe(secret);
  await dialog.getByRole('button', { name: 'Copy configuration' }).click();
  await expect(dialog.getByText('Copied the Cursor, Claude Code configuration, with the token.')).toBeVisible();
  const copied = JSON.parse(await clipboardText(page)) as { mcpServers: Record<string, { url: string; headers: { Authorization: string } }> };
  const entry = copied.mcpServers[agentId]!;
  expect(entry.headers.Authorization).toBe(`Bearer ${secret}`);
  await axeInBothThemes(page);

  // The token the API stored: runtime only, for this agent only; its secret never in the list.
  const tokens = (await (await request.get('/api/v1/tokens')).json()) as { tokens: { name: string; scopes: string[]; agents: unknown }[] };
  const made = tokens.tokens.filter((token) => token.name === `${agentName} runtime`);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ scopes: ['runtime'], agents: [agentId] });
  expect(JSON.stringify(tokens)).not.toContain(secret);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.content()).not.toContain(secret);
  await expect(card.getByLabel('Configuration for Cursor, Claude Code')).toContainText('YOUR_RUNTIME_TOKEN');

  // What a new user does next: the SDK client with the copied URL and token.
  const listed = await listToolsOverMcp(entry.url, entry.headers.Authorization.replace(/^Bearer /, ''));
  const effective = (await (await request.get(`/api/v1/agents/${agentId}/effective-tools?format=mcp`)).json()) as { tools: unknown[] };
  expect(listed).toEqual(effective.tools);
  expect(listed.map((tool) => tool.name).sort()).toEqual(['todo_read', 'word_count']);
  // Bound to this agent: another agent's endpoint is not found for it.
  await expect(listToolsOverMcp(`${publicOrigin}/api/v1/agents/${otherId}/mcp`, secret)).rejects.toThrow(/404/);
});

test('[AGENTS][CONNECT]: the effective tools download as JSON files named after the agent and format, the same as the API answers', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Download');
  await assignTool(request, agentId, 'word_count', {});
  await page.goto(`/agents/${agentId}`);
  const card = page.getByRole('region', { name: 'Connect' });

  for (const [format, label] of [['openai', 'OpenAI'], ['anthropic', 'Anthropic'], ['mcp', 'MCP']] as const) {
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: `Download ${label} JSON` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${agentId}-tools-${format}.json`);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { tools: unknown[] };
    const api = await (await request.get(`/api/v1/agents/${agentId}/effective-tools?format=${format}`)).json();
    expect(file).toEqual(api);
    expect(file.tools).toHaveLength(1);
  }
});

test('[AGENTS][CONNECT]: a viewer sees the endpoint and configurations, learns why they cannot create a token, and downloads the tools', async ({ browser, request, baseURL }) => {
  const email = `connect-viewer-${uniqueToken()}@e2e.test`;
  const password = 'a long password for the viewer 2026';
  expect((await request.post('/api/v1/users', { data: { email, name: 'Vera Viewer', role: 'viewer', password } })).status()).toBe(201);
  const agentId = await createTestAgent(request, 'Viewed');
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await addSessionCookie(context, baseURL!, await signInCookie(baseURL!, email, password));
  const page = await context.newPage();

  await page.goto(`/agents/${agentId}`);
  const card = page.getByRole('region', { name: 'Connect' });
  await expect(card.getByRole('textbox', { name: 'MCP endpoint (Streamable HTTP)' })).toHaveValue(`${publicOrigin}/api/v1/agents/${agentId}/mcp`);
  await expect(card).toContainText('A client will list no tools yet');
  await expect(card).toContainText('Only admins create tokens');
  await expect(card.getByRole('button', { name: 'Create a token for this agent' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Settings → Connections' })).toHaveAttribute('href', '/settings/connections');

  const downloading = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download OpenAI JSON' }).click();
  const file = JSON.parse(await readFile((await (await downloading).path())!, 'utf8')) as { tools: unknown[] };
  expect(file.tools).toEqual([]);
  await axeInBothThemes(page);
  await context.close();
});
