import { expect, test } from '../support/test';
import { createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { openPicker } from '../support/tool-picker';

/** Chooses a step's tool in the grouped picker, by search. */
async function chooseStepTool(page: import('@playwright/test').Page, stepLabel: string, toolName: string): Promise<void> {
  await page.getByRole('button', { name: `Choose the tool of ${stepLabel}` }).click();
  const dialog = page.getByRole('dialog', { name: `Choose the tool of ${stepLabel}` });
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill(toolName);
  await dialog.getByRole('option', { name: new RegExp(`^${toolName}`) }).click();
  await expect(dialog).toBeHidden();
}

test('[WORKFLOWS][UI]: admin builds a two-step workflow with the picker and the step forms, dry-runs it, and saves it into the catalogue', async ({ page, request }) => {
  const name = `count_${uniqueToken().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  await page.goto('/workflows');
  await page.getByRole('navigation').getByRole('link', { name: 'Workflows' }).waitFor();
  await page.getByRole('button', { name: 'New workflow' }).click();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Counts words, then counts the count');
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByRole('textbox', { name: 'Input 1 name' }).fill('text');

  await chooseStepTool(page, 'Step 1', 'word_count');
  const step1 = page.getByRole('group', { name: /^Step 1/ });
  // The RJSF form generated from word_count's parameters schema, holding a template.
  await step1.getByRole('textbox', { name: /^text/ }).fill('{{input.text}}');

  await page.getByRole('button', { name: 'Add step' }).click();
  await chooseStepTool(page, 'Step 2', 'word_count');
  const step2 = page.getByRole('group', { name: /^Step 2/ });
  await step2.getByRole('textbox', { name: /^text/ }).fill('{{steps.step1.result}}');
  await page.getByRole('textbox', { name: 'Output' }).fill('{{steps.step1.result}} / {{steps.step2.result}}');

  await page.getByRole('group', { name: 'Dry-run arguments' }).getByRole('textbox', { name: /^text/ }).fill('one two three four');
  await page.getByRole('button', { name: 'Dry run' }).click();
  const steps = page.getByRole('list', { name: 'Dry-run steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(steps.getByRole('listitem').first()).toContainText('text: one two three four');
  await expect(steps.getByRole('listitem').first()).toContainText('Word count: 4');
  await expect(steps.getByRole('listitem').nth(1)).toContainText('text: Word count: 4');
  await expect(page.getByRole('status').filter({ hasText: 'Output' })).toContainText('Word count: 4 / Word count: 3');

  await page.getByRole('button', { name: 'Save workflow' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved the workflow ${name}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Workflows' }).getByRole('cell', { name: `workflow_${name}` })).toBeVisible();

  const stored = await request.get(`/api/v1/workflows/${name}`);
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toMatchObject({
    inputs: [{ name: 'text', type: 'string', required: true }],
    steps: [
      { id: 'step1', tool: 'word_count', arguments: { text: '{{input.text}}' } },
      { id: 'step2', tool: 'word_count', arguments: { text: '{{steps.step1.result}}' } },
    ],
    output: '{{steps.step1.result}} / {{steps.step2.result}}',
  });
  const entry = await request.get(`/api/v1/tools/workflow_${name}`);
  expect(entry.status()).toBe(200);
  expect(await entry.json()).toMatchObject({ group: 'workflow', parametersSchema: { required: ['text'] } });

  // Deleting asks first, then removes it from the catalogue.
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted the workflow ${name}.` })).toBeVisible();
  expect((await request.get(`/api/v1/tools/workflow_${name}`)).status()).toBe(404);
});

test('[WORKFLOWS][UI]: a refused step is shown on its step, and nothing is stored', async ({ page, request }) => {
  const name = `bad_${uniqueToken().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'New workflow' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await chooseStepTool(page, 'Step 1', 'word_count');
  await page.getByRole('group', { name: /^Step 1/ }).getByRole('textbox', { name: /^text/ }).fill('{{input.missing}}');
  await page.getByRole('button', { name: 'Save workflow' }).click();
  const step = page.getByRole('group', { name: /^Step 1/ });
  await expect(step.getByRole('alert')).toContainText('An argument is refused; see the field marked below.');
  await expect(step.getByRole('textbox', { name: /^text/ })).toHaveAccessibleDescription(/names no input of this workflow/);
  expect((await request.get(`/api/v1/workflows/${name}`)).status()).toBe(404);
});

test('[WORKFLOWS][RULES]: admin adds a whole group to an agent as a rule from the picker; the page shows it apart with its count', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Ruled');
  await page.goto(`/agents/${agentId}`);
  await expect(page.getByText('No tools assigned yet.')).toBeVisible();
  const dialog = await openPicker(page);
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill('todo_');
  await dialog.getByRole('option', { name: /^Add the whole Todo group as a rule/ }).click();
  await page.getByRole('alertdialog', { name: 'Add the whole Todo group as a rule?' }).getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: /Added the Todo group as a rule: it gives 2 tools now\./ })).toBeVisible();

  const section = page.getByRole('region', { name: /Group rules/ });
  await expect(section.getByRole('heading', { name: 'Todo' })).toBeVisible();
  await expect(section.getByText('2 tools now')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Tools the Todo rule gives' }).getByRole('listitem')).toHaveText(['todo_read', 'todo_write']);
  // With only a rule, the agent is not shown as having nothing.
  await expect(page.getByText('No tools assigned yet.')).toBeHidden();
  await expect(page.getByText('No single tools assigned.')).toBeVisible();
  await expect(page.getByText(/The group rules below give this agent 2 tools\./)).toBeVisible();

  const rules = (await (await request.get(`/api/v1/agents/${agentId}/rules`)).json()) as { rules: { group: string; toolCount: number }[] };
  expect(rules.rules).toEqual([expect.objectContaining({ group: 'todo', toolCount: 2 })]);
  const effective = (await (await request.get(`/api/v1/agents/${agentId}/effective-tools`)).json()) as { tools: { function: { name: string } }[] };
  expect(effective.tools.map((tool) => tool.function.name).sort()).toEqual(['todo_read', 'todo_write']);
  const assignments = (await (await request.get(`/api/v1/agents/${agentId}/tools`)).json()) as { assignments: unknown[] };
  expect(assignments.assignments).toEqual([]);

  const listed = (await (await request.get(`/api/v1/agents?search=${agentId}`)).json()) as { agents: { id: string; assignmentCount: number; ruleCount: number }[] };
  expect(listed.agents).toEqual([expect.objectContaining({ id: agentId, assignmentCount: 0, ruleCount: 1 })]);
  await page.goto(`/agents?q=${agentId}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Ruled / }) });
  await expect(row).toContainText('No single tools');
  await expect(row).toContainText('1 group rule');
  await page.goto(`/agents/${agentId}`);
  await expect(section.getByRole('heading', { name: 'Todo' })).toBeVisible();

  // Offered again, the picker says the group is already a rule.
  const again = await openPicker(page);
  await again.getByRole('combobox', { name: 'Search tools' }).fill('todo_');
  await expect(again.getByRole('option', { name: /The whole Todo group is a rule of this agent/ })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  await section.getByRole('button', { name: 'Remove the Todo group rule' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove rule' }).click();
  await expect(section).toBeHidden();
  const after = (await (await request.get(`/api/v1/agents/${agentId}/rules`)).json()) as { rules: unknown[] };
  expect(after.rules).toEqual([]);
  await expect(page.getByText('No tools assigned yet.')).toBeVisible();
});
