import { expect, test } from '../support/test';
import { agentSearchBox, readAgent } from '../support/agents-page';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';

test('[AGENTS][CLONE]: admin can clone an agent with its tools, their settings, its tool policies and token budget', async ({ page, request }) => {
  const source = await createTestAgent(request, 'Original');
  await assignTool(request, source, 'word_count', {});
  const policy = { displayName: 'count_words', description: 'Counts words.', callPolicy: 'ask' };
  expect((await request.put(`/api/v1/agents/${source}/tools/word_count/policy`, { data: policy })).status()).toBe(200);
  expect((await request.put(`/api/v1/agents/${source}/token-budget`, { data: { tokens: 4321 } })).status()).toBe(200);
  await page.goto('/agents');
  await agentSearchBox(page).fill(source);
  await page.getByRole('button', { name: /^Clone agent Original/ }).click();

  const dialog = page.getByRole('dialog', { name: /^Clone Original/ });
  await expect(dialog).toContainText('Its tool policies and token budget are copied too.');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('The clone');
  await dialog.getByRole('textbox', { name: 'ID', exact: true }).fill(`${source}-clone`);
  await dialog.getByRole('button', { name: 'Clone agent' }).click();

  await expect(page).toHaveURL(`/agents/${source}-clone`);
  expect(await readAgent(request, `${source}-clone`)).toMatchObject({ name: 'The clone', version: 1 });
  expect((await assignmentsOf(request, `${source}-clone`)).get('word_count')?.overrides).toEqual({});
  const copiedPolicy = await request.get(`/api/v1/agents/${source}-clone/tools/word_count/policy`);
  expect(await copiedPolicy.json()).toMatchObject({ version: 1, agent: policy, effective: { name: { value: 'count_words', source: 'agent' } } });
  expect(await (await request.get(`/api/v1/agents/${source}-clone/token-budget`)).json()).toMatchObject({ tokens: 4321, source: 'agent' });
});
