import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { assignTool, createTestAgent } from '../support/agent-api';
import { filesFolder } from '../support/files-root';
import { horizontalOverflow } from '../support/layout-checks';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** A known mix through the real invoke route: 3 ok, 1 bad arguments, 1 tool error. */
async function makeCalls(request: APIRequestContext, agentId: string): Promise<void> {
  const invoke = (toolName: string, args: unknown) => request.post(`/api/v1/agents/${agentId}/tools/${toolName}/invoke`, { data: { arguments: args } });
  for (const text of ['one', 'one two', 'one two three']) expect((await invoke('word_count', { text })).status()).toBe(200);
  expect((await invoke('word_count', { text: 3 })).status()).toBe(400);
  expect((await invoke('fs_read_file', { path: 'no-such-file.txt' })).status()).toBe(422);
}

let agentId = '';

test.beforeAll(async ({ request }) => {
  agentId = await createTestAgent(request, 'Usage');
  const baseDir = filesFolder(`usage-${agentId}`);
  mkdirSync(baseDir, { recursive: true });
  writeFileSync(path.join(baseDir, 'notes.txt'), 'notes');
  await assignTool(request, agentId, 'word_count', {});
  await assignTool(request, agentId, 'fs_read_file', { baseDir });
  await makeCalls(request, agentId);
});

test('[USAGE][API]: the calls an agent made are counted by outcome in GET /api/v1/usage', async ({ request }) => {
  const response = await request.get(`/api/v1/usage?agent=${agentId}&by=tool`);
  expect(response.status()).toBe(200);
  const report = (await response.json()) as { totals: { calls: number; ok: number; errors: Record<string, number> }; groups: { key: string; calls: number }[] };
  expect(report.totals).toMatchObject({ calls: 5, ok: 3, errors: { badArguments: 1, toolError: 1, timeout: 0 } });
  expect(Object.fromEntries(report.groups.map((group) => [group.key, group.calls]))).toEqual({ word_count: 4, fs_read_file: 1 });
});

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`[USAGE][CHARTS]: admin reads an agent's calls, errors and latency as charts and tables (${viewport.width} px, ${theme})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.goto(`/agents/${agentId}`);
      const usage = page.getByRole('region', { name: 'Usage' });
      await expect(usage.getByRole('definition').first()).toHaveText('5');
      await expect(usage.getByRole('img', { name: /^Calls and errors of .*: 5 calls, 2 errors/ })).toBeVisible();
      await expect(usage.getByRole('img', { name: /^Latency of .*: p50/ })).toBeVisible();
      // The chart draws bars for the calls (recharts' SVG).
      await expect(usage.locator('.recharts-bar-rectangle').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toEqual([]);

      await usage.getByRole('button', { name: 'Show calls and errors as a table' }).click();
      const table = usage.getByRole('table', { name: /^Calls and errors of/ });
      await expect(table).toBeVisible();
      // The hour holding the calls: 5 calls, 3 ok, 1 bad arguments, 1 tool error.
      // (On a phone each cell also reads its column's name first.)
      await expect(table.getByRole('cell', { name: /^(Calls\s*)?5$/ })).toHaveCount(1);
      await expect(table.getByRole('cell', { name: /^(OK\s*)?3$/ })).toHaveCount(1);
      await usage.getByRole('button', { name: 'Show latency as a table' }).click();
      await expect(usage.getByRole('table', { name: /^Latency of/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toEqual([]);
    });
  }
}

test('[USAGE][CHARTS]: the tool page charts the tool\'s calls over every agent', async ({ page, request }) => {
  const report = (await (await request.get('/api/v1/usage?tool=fs_read_file')).json()) as { totals: { calls: number } };
  await page.goto('/tools/fs_read_file');
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage.getByRole('img', { name: new RegExp(`^Calls and errors of fs_read_file: ${report.totals.calls} calls`) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const theme of THEMES) {
  test(`[USAGE][SPARKLINE]: the agents list and the catalogue show each one's calls of the last 7 days (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.goto(`/agents?q=${agentId}`);
    await expect(page.getByRole('img', { name: new RegExp(`^Calls of ${agentId} in the last 7 days: 5 calls`) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/?q=word_count');
    await expect(page.getByRole('img', { name: /^Calls of word_count in the last 7 days: \d+ calls/ }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('[USAGE][SUGGESTIONS]: admin sees a tool idle for 30 days with its token cost and removes it, and a failing tool links to its calls', async ({ page, request }) => {
  const advised = await createTestAgent(request, 'Advised');
  await assignTool(request, advised, 'word_count', {});
  await assignTool(request, advised, 'todo_read', {});
  // todo_read has been the agent's for 40 days (a tool given today is not yet "unused").
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(process.env.E2E_DATABASE_FILE!);
  db.prepare('update assignments set created_at = ? where agent_id = ? and tool_name = ?').run(new Date(Date.now() - 40 * 86_400_000).toISOString(), advised, 'todo_read');
  db.close();
  for (let index = 0; index < 5; index++) {
    const args = index < 3 ? { text: 3 } : { text: 'fine words' };
    await request.post(`/api/v1/agents/${advised}/tools/word_count/invoke`, { data: { arguments: args } });
  }
  await page.goto(`/agents/${advised}`);
  const suggestions = page.getByRole('list', { name: 'Suggestions from the last 30 days' });
  await expect(suggestions.getByRole('listitem').filter({ hasText: /^todo_read was not called in 30 days: remove it to save \d+ tokens per turn\./ })).toBeVisible();
  const failing = suggestions.getByRole('listitem').filter({ hasText: 'word_count failed 60 % of 5 calls; most often: bad arguments.' });
  await expect(failing.getByRole('link', { name: 'See the calls of word_count' })).toHaveAttribute('href', `/audit?agent=${advised}&tool=word_count&action=tool.invoke`);
  expect(await seriousViolations(page)).toEqual([]);

  await suggestions.getByRole('button', { name: 'Remove todo_read' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed todo_read.').first()).toBeVisible();
  const tools = (await (await request.get(`/api/v1/agents/${advised}/tools`)).json()) as { assignments: { toolName: string }[] };
  expect(tools.assignments.map((assignment) => assignment.toolName)).toEqual(['word_count']);
});
