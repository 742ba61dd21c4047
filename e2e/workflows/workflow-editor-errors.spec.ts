import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { assignTool, createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { filesFolder } from '../support/files-root';

// Issue 33, finding 9: the workflow editor showed errors as a JSON pointer above the field,
// "Run as agent" was a free-text id, and a dry run without an agent leaked the internal name
// "workflow-dry-run", twice.

async function chooseStepTool(page: Page, stepLabel: string, toolName: string): Promise<void> {
  await page.getByRole('button', { name: `Choose the tool of ${stepLabel}` }).click();
  const dialog = page.getByRole('dialog', { name: `Choose the tool of ${stepLabel}` });
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill(toolName);
  await dialog.getByRole('option', { name: new RegExp(`^${toolName}`) }).click();
  await expect(dialog).toBeHidden();
}

test('[WORKFLOWS][ERRORS]: a refused argument and a bad step id are marked on their fields, with no JSON pointer shown', async ({ page, request }) => {
  const name = `marked_${uniqueToken().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'New workflow' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await chooseStepTool(page, 'Step 1', 'word_count');
  const step = page.getByRole('group', { name: /^Step 1/ });
  await step.getByRole('textbox', { name: /^text/ }).fill('{{input.missing}}');
  await page.getByRole('button', { name: 'Add step' }).click();
  await chooseStepTool(page, 'Step 2', 'word_count');
  const second = page.getByRole('group', { name: /^Step 2/ });
  await second.getByRole('textbox', { name: /^text/ }).fill('fine');
  await second.getByRole('textbox', { name: 'Step 2 id' }).fill('step1');
  await page.getByRole('button', { name: 'Save workflow' }).click();

  const argument = step.getByRole('textbox', { name: /^text/ });
  await expect(argument).toHaveAttribute('aria-invalid', 'true');
  await expect(argument).toHaveAccessibleDescription(/names no input of this workflow/);
  const stepId = second.getByRole('textbox', { name: 'Step 2 id' });
  await expect(stepId).toHaveAttribute('aria-invalid', 'true');
  await expect(stepId).toHaveAccessibleDescription('Another step already has the id "step1"');
  for (const group of [step, second]) {
    await expect(group).not.toContainText('/arguments/');
    await expect(group).not.toContainText('/id');
  }
  expect(await seriousViolations(page)).toEqual([]);
  expect((await request.get(`/api/v1/workflows/${name}`)).status()).toBe(404);
});

test('[WORKFLOWS][DRY-RUN]: "Run as agent" offers the agents that have the steps\' tools; without one, the reason is said once, in words', async ({ page, request }) => {
  const baseDir = filesFolder('dry-run-agent');
  const withTool = await createTestAgent(request, 'Reader');
  await assignTool(request, withTool, 'fs_read_file', { baseDir });
  const withoutTool = await createTestAgent(request, 'Idle');

  await page.goto('/workflows');
  await page.getByRole('button', { name: 'New workflow' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('agent_check');
  await chooseStepTool(page, 'Step 1', 'fs_read_file');
  await page.getByRole('group', { name: /^Step 1/ }).getByRole('textbox', { name: /^path/ }).fill('notes.txt');

  const runAs = page.getByRole('combobox', { name: 'Run as agent' });
  await expect(runAs.getByRole('option', { name: new RegExp(`\\(${withTool}\\)$`) })).toHaveCount(1);
  await expect(runAs.getByRole('option', { name: new RegExp(`\\(${withoutTool}\\)$`) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // No agent: fs_read_file has no default base directory. The page says what to do, once.
  await page.getByRole('button', { name: 'Dry run' }).click();
  const steps = page.getByRole('list', { name: 'Dry-run steps' });
  await expect(steps.getByRole('listitem')).toContainText('fs_read_file needs settings that have no default (baseDir). Choose an agent that has fs_read_file assigned under "Run as agent"');
  await expect(page.getByRole('alert').filter({ hasText: 'The dry run stopped at step "step1"' })).toBeVisible();
  await expect(page.getByText('workflow-dry-run')).toHaveCount(0);
  await expect(page.getByText(/needs settings that have no default/)).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // With the agent, its settings are used.
  await runAs.selectOption(withTool);
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(steps.getByRole('listitem')).toContainText("the agent's settings");
  await expect(page.getByText(/needs settings that have no default/)).toHaveCount(0);
});
