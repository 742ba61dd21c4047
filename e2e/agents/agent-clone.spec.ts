import { expect, test } from '../support/test';
import { agentSearchBox, readAgent } from '../support/agents-page';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';

test('[AGENTS][CLONE]: admin can clone an agent with its tools and their settings', async ({ page, request }) => {
  const source = await createTestAgent(request, 'Original');
  await assignTool(request, source, 'word_count', {});
  await page.goto('/agents');
  await agentSearchBox(page).fill(source);
  await page.getByRole('button', { name: /^Clone agent Original/ }).click();

  const dialog = page.getByRole('dialog', { name: /^Clone Original/ });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('The clone');
  await dialog.getByRole('textbox', { name: 'ID', exact: true }).fill(`${source}-clone`);
  await dialog.getByRole('button', { name: 'Clone agent' }).click();

  await expect(page).toHaveURL(`/agents/${source}-clone`);
  expect(await readAgent(request, `${source}-clone`)).toMatchObject({ name: 'The clone', version: 1 });
  expect((await assignmentsOf(request, `${source}-clone`)).get('word_count')?.overrides).toEqual({});
});
