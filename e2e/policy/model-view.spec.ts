import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seriousViolations } from '../support/axe';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { expect, test } from '../support/test';

// A server of its own with the demo agent (word_count, fs_read_file, fs_list_dir) as a first start
// seeds it: its data folder of its own, whose files/ are the folders agents may read, as by default.
let server: NextServer | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'model-view-'));
  server = await startNextServer(ownServerPort(91), { SEED_DEMO: '1', DATABASE_URL: `sqlite:${path.join(dataDir, 'tools-admin.sqlite')}`, FS_ALLOWED_ROOTS: path.join(dataDir, 'files') });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('[POLICY][LINT]: the demo agent shows a real lint finding, and the budget warning appears when the budget is lowered', async ({ page }) => {
  await server!.signIn(page.context());
  await page.goto(`${server!.url}/agents/demo`);
  const lint = page.getByRole('region', { name: 'Tool lint' });
  // The first count loads the tokenizer: give it time on a busy machine.
  await expect(lint.getByRole('list', { name: 'Lint findings' })).toContainText('OpenAI\'s strict mode would refuse the parameters of "fs_list_dir"', { timeout: 30_000 });
  await expect(lint.getByText('Over budget')).toHaveCount(0);
  await lint.getByLabel('Token budget').fill('50');
  await lint.getByRole('button', { name: 'Save budget' }).click();
  await expect(lint.getByText('Over budget')).toHaveCount(3);
  await expect(lint.getByRole('list', { name: 'Lint findings' })).toContainText('above the budget of 50');
  const budget = (await (await server!.fetch('/api/v1/agents/demo/token-budget')).json()) as { tokens: number; source: string };
  expect(budget).toEqual({ agentId: 'demo', tokens: 50, source: 'agent', version: 1 });
  expect(await seriousViolations(page)).toEqual([]);
});

test('[POLICY][MODEL-VIEW]: admin renames a tool for the model, a bad name is refused, and Try it runs it by the new name', async ({ page }) => {
  await server!.signIn(page.context());
  await page.goto(`${server!.url}/agents/demo`);
  await page.getByRole('button', { name: 'Edit what the model is told about word_count' }).click();
  const form = page.getByRole('form', { name: 'What the model is told about word_count' });
  await expect(form.getByText('Now from the tool itself.').first()).toBeVisible();
  await form.getByLabel('Name the model sees').fill('count words!');
  await form.getByRole('button', { name: 'Save what the model is told' }).click();
  await expect(form.getByText(/OpenAI refuses "count words!"/)).toBeVisible();
  await form.getByLabel('Name the model sees').fill('count_words');
  await form.getByLabel('Description', { exact: true }).fill('Counts the words of an essay.');
  await form.getByLabel('Description of parameter text').fill('The essay.');
  await form.getByRole('button', { name: 'Save what the model is told' }).click();
  await expect(form).toHaveCount(0);

  const { tools } = (await (await server!.fetch('/api/v1/agents/demo/effective-tools?format=anthropic')).json()) as { tools: { name: string; description: string; input_schema: { properties: { text?: { description: string } } } }[] };
  const renamed = tools.find((tool) => tool.name === 'count_words');
  expect(renamed?.description).toBe('Counts the words of an essay.');
  expect(renamed?.input_schema.properties.text?.description).toBe('The essay.');

  const tryIt = page.getByRole('region', { name: 'Try it' });
  await tryIt.getByLabel('Tool to run').selectOption('count_words');
  await tryIt.getByRole('textbox', { name: 'text' }).fill('one two three four');
  await tryIt.getByRole('button', { name: 'Run count_words' }).click();
  await expect(tryIt.getByRole('region', { name: 'Result' }).getByLabel('Tool output')).toHaveText('Word count: 4');
});
