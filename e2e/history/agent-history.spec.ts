import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';
import { startTestMcpServer } from '../../test/mcp-servers/test-mcp-server';

interface Versions {
  current: number;
  versions: { version: number; action: string; actorName?: string; restoredFrom?: number }[];
}
interface Version {
  agent: { name: string; description: string; tools: Record<string, Record<string, unknown>> };
  missing: { tools: string[] };
}

async function versionsOf(request: APIRequestContext, agentId: string): Promise<Versions> {
  const response = await request.get(`/api/v1/agents/${agentId}/versions`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Versions;
}

async function versionOf(request: APIRequestContext, agentId: string, version: number): Promise<Version> {
  const response = await request.get(`/api/v1/agents/${agentId}/versions/${version}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Version;
}

async function rename(request: APIRequestContext, agentId: string, version: number, name: string, description: string): Promise<void> {
  const response = await request.patch(`/api/v1/agents/${agentId}`, { data: { name, description }, headers: { 'if-match': `"${version}"` } });
  expect(response.status(), await response.text()).toBe(200);
}

test('[HISTORY][RESTORE]: admin edits an agent three times, compares versions 1 and 3, and restores version 1 as a new audited change', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Historian');
  const firstName = (await versionOf(request, agentId, 1)).agent.name;
  await rename(request, agentId, 1, `${firstName} renamed`, 'Second words');
  await assignTool(request, agentId, 'word_count', {});
  await rename(request, agentId, 2, `${firstName} again`, 'Third words');

  await page.goto(`/agents/${agentId}`);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `History of ${firstName} again` })).toBeVisible();
  const versions = page.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByRole('listitem')).toHaveCount(4);
  await expect(versions.getByRole('listitem').first()).toContainText('Version 4');
  await expect(versions.getByRole('listitem').first()).toContainText('current');
  await expect(versions.getByRole('listitem').last()).toContainText('Agent created');

  await page.getByRole('combobox', { name: 'Compare version' }).selectOption('1');
  await page.getByRole('combobox', { name: 'with version' }).selectOption('3');
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('group', { name: 'Version 1' })).toContainText(firstName);
  await expect(details.getByRole('group', { name: 'Version 3' })).toContainText(`${firstName} renamed`);
  await expect(details.getByRole('group', { name: 'Version 3' }).locator('[data-setting="name"]')).toHaveAttribute('data-changed', 'true');
  const toolChange = page.getByRole('listitem', { name: 'word_count: added' });
  await expect(toolChange).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Restore this version (version 1)' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByText('Restored version 1 as version 5.')).toBeVisible();
  await expect(versions.getByRole('listitem')).toHaveCount(5);
  await expect(versions.getByRole('listitem').first()).toContainText('Agent restored to an earlier version (version 1)');

  const after = await versionsOf(request, agentId);
  expect(after.current).toBe(5);
  expect(after.versions.at(-1)).toMatchObject({ version: 5, action: 'agent.restore', restoredFrom: 1, actorName: expect.any(String) });
  expect((await versionOf(request, agentId, 5)).agent).toEqual((await versionOf(request, agentId, 1)).agent);
  expect(await assignmentsOf(request, agentId)).toEqual(new Map());
  const audit = await request.get(`/api/v1/audit?agent=${agentId}&action=agent.restore`);
  expect(((await audit.json()) as { events: unknown[] }).events).toHaveLength(1);
});

test('[HISTORY][CONFLICT]: a restore against a version that is no longer current gets 412 and changes nothing', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Stale');
  await rename(request, agentId, 1, 'Stale second', 'Second');
  await page.goto(`/agents/${agentId}/history`);
  await expect(page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem')).toHaveCount(2);
  // Someone else changes the agent after the page was loaded.
  await rename(request, agentId, 2, 'Stale third', 'Third');

  const stale = await request.post(`/api/v1/agents/${agentId}/restore`, { data: { version: 1 }, headers: { 'if-match': '"2"' } });
  expect(stale.status()).toBe(412);
  expect(await stale.json()).toMatchObject({ current: { version: 3 } });

  await page.getByRole('button', { name: 'Restore this version (version 1)' }).click();
  await page.getByRole('alertdialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByText('The agent changed since this page was loaded.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem')).toHaveCount(3);
  expect((await versionsOf(request, agentId)).current).toBe(3);
  expect((await versionOf(request, agentId, 3)).agent.name).toBe('Stale third');
});

test('[HISTORY][MISSING]: restoring a version whose tool has vanished with its MCP server keeps the tool as missing', async ({ page, request }) => {
  const mcp = await startTestMcpServer();
  try {
    const server = `gone${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 24);
    const tool = `${server}_echo`;
    const added = await request.post('/api/v1/servers', { data: { name: server, transport: 'http', url: mcp.url, enabled: true } });
    expect(added.status(), await added.text()).toBe(201);
    const agentId = await createTestAgent(request, 'Vanishing');
    await expect.poll(async () => (await request.put(`/api/v1/agents/${agentId}/tools/${tool}`, { data: { overrides: {} } })).status(), { timeout: 20_000 }).toBe(201);
    const removed = await request.delete(`/api/v1/agents/${agentId}/tools/${tool}`, { headers: { 'if-match': '"1"' } });
    expect(removed.status()).toBe(204);
    const serverVersion = ((await (await request.get(`/api/v1/servers/${server}`)).json()) as { version: number }).version;
    expect((await request.delete(`/api/v1/servers/${server}`, { headers: { 'if-match': `"${serverVersion}"` } })).status()).toBe(200);
    await expect.poll(async () => (await versionOf(request, agentId, 2)).missing.tools).toEqual([tool]);

    await page.goto(`/agents/${agentId}/history`);
    await page.getByRole('button', { name: 'Restore this version (version 2)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore version 2?' });
    await expect(dialog).toContainText(`These tools no longer exist and come back as missing: ${tool}.`);
    await dialog.getByRole('button', { name: 'Restore version 2' }).click();
    await expect(page.getByText(`Restored version 2 as version 4. Kept as missing: ${tool}.`)).toBeVisible();

    expect((await assignmentsOf(request, agentId)).get(tool)).toMatchObject({ status: 'missing', overrides: {} });
    expect((await versionOf(request, agentId, 4)).missing.tools).toEqual([tool]);
  } finally {
    await mcp.close();
  }
});

for (const viewport of [{ name: 'desktop', width: 1280, height: 900 }, { name: 'phone', width: 390, height: 844 }]) {
  test(`[HISTORY][A11Y]: the history page has no serious axe violations and no sideways scroll on ${viewport.name}`, async ({ page, request }) => {
    const agentId = await createTestAgent(request, 'Readable');
    await assignTool(request, agentId, 'word_count', {});
    await rename(request, agentId, 1, 'Readable with a rather long name that has to wrap on a phone', 'Second words');
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`/agents/${agentId}/history`);
    await page.getByRole('combobox', { name: 'Compare version' }).selectOption('1');
    await expect(page.getByRole('listitem', { name: 'word_count: added' })).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
  });
}
