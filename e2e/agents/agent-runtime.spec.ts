import { expect, test } from '../support/test';
import { assignTool, createTestAgent } from '../support/agent-api';
import { seriousViolations } from '../support/axe';

/** Stores an assignment of a tool no plugin provides, as a since-removed plugin would have left it. */
async function storeMissingTool(agentId: string, toolName: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(process.env.E2E_DATABASE_FILE!);
  const now = new Date().toISOString();
  db.prepare('insert into assignments (agent_id, tool_name, overrides, version, created_at, updated_at) values (?, ?, ?, 1, ?, ?)').run(agentId, toolName, '{}', now, now);
  db.close();
}

test('[AGENTS][TRY-IT]: admin runs word_count as the agent on "one two three" and sees 3, then replays the run', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Counter');
  await assignTool(request, agentId, 'word_count', {});
  await page.goto(`/agents/${agentId}`);

  const panel = page.getByRole('region', { name: 'Try it' });
  await panel.getByLabel('Tool to run').selectOption('word_count');
  await panel.getByRole('textbox', { name: 'text' }).fill('one two three');
  await panel.getByRole('button', { name: 'Run word_count' }).click();

  const result = panel.getByRole('region', { name: 'Result' });
  await expect(result.getByLabel('Tool output')).toHaveText('Word count: 3');
  await expect(result).toContainText(/in [\d.]+ ms/);
  const audit = await (await request.get('/api/v1/audit?limit=5')).json() as { events: { action: string; target: string; after: { outcome: string } }[] };
  expect(audit.events.find((event) => event.action === 'tool.invoke')).toMatchObject({ target: `agents/${agentId}/tools/word_count`, after: { outcome: 'ok' } });

  await page.reload();
  await panel.getByText('Recent runs in this browser (1)').click();
  await panel.getByRole('button', { name: /^Replay word_count/ }).click();
  await expect(panel.getByRole('textbox', { name: 'text' })).toHaveValue('one two three');
  expect(await seriousViolations(page)).toEqual([]);
});

test('[AGENTS][TRY-IT]: admin runs slow_lines and sees its lines as they come, then the whole result', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Narrator');
  await assignTool(request, agentId, 'slow_lines', {});
  await page.goto(`/agents/${agentId}`);

  const panel = page.getByRole('region', { name: 'Try it' });
  await panel.getByLabel('Tool to run').selectOption('slow_lines');
  // Its defaults: three lines, one second apart (e2e/fixtures/plugins/streaming).
  await panel.getByRole('button', { name: 'Run slow_lines' }).click();

  const soFar = panel.getByLabel('Output so far');
  const result = panel.getByRole('region', { name: 'Result' });
  await expect(soFar).toContainText('line 1');
  expect(await result.count()).toBe(0);
  await expect(result.getByLabel('Tool output')).toHaveText(/^line 1\s+line 2\s+line 3\s*$/);
  await expect(soFar).toHaveCount(0);
  const audit = await (await request.get(`/api/v1/audit?action=tool.invoke&agent=${agentId}`)).json() as { events: { target: string; after: { outcome: string } }[] };
  expect(audit.events).toEqual([expect.objectContaining({ target: `agents/${agentId}/tools/slow_lines`, after: expect.objectContaining({ outcome: 'ok' }) })]);
});

test('[AGENTS][TRY-IT]: arguments that fail the schema are refused on their field and nothing runs', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Strict');
  await assignTool(request, agentId, 'word_count', {});
  await page.goto(`/agents/${agentId}`);
  const panel = page.getByRole('region', { name: 'Try it' });
  await panel.getByLabel('Tool to run').selectOption('word_count');
  await panel.getByRole('button', { name: 'Run word_count' }).click();
  await expect(panel.getByRole('region', { name: 'Result' })).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'text' })).toHaveAttribute('aria-invalid', 'true');
});

test('[AGENTS][MODEL-VIEW]: the panel shows the token count and a missing tool left out with its reason', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Viewer');
  await assignTool(request, agentId, 'word_count', {});
  await storeMissingTool(agentId, 'retired_lookup');
  await page.goto(`/agents/${agentId}`);

  const panel = page.getByRole('region', { name: 'What the model sees' });
  const api = await (await request.get(`/api/v1/agents/${agentId}/effective-tools?format=openai`)).json() as { tokens: { total: number } };
  await expect(panel.getByTestId('token-total')).toHaveText(`${api.tokens.total} tokens (o200k tokenizer)`);
  const leftOut = panel.getByRole('region', { name: 'Left out' });
  await expect(leftOut).toContainText('retired_lookup');
  await expect(leftOut).toContainText('missing');
  await expect(leftOut).toContainText('No plugin provides this tool any more');
  await expect(panel.getByLabel('Tools as OpenAI receives them')).toContainText('"type": "function"');

  await panel.getByRole('radio', { name: 'Anthropic' }).click();
  await expect(panel.getByTestId('token-total')).toHaveText(/^about \d+ tokens \(estimate\)$/);
  await expect(panel.getByLabel('Tools as Anthropic receives them')).toContainText('"input_schema"');
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download JSON' }).click();
  expect((await download).suggestedFilename()).toBe(`${agentId}-tools-anthropic.json`);
});
