import { expect, test } from '../support/test';
import { createTestAgent } from '../support/agent-api';
import { seriousViolations } from '../support/axe';
import { openPicker } from '../support/tool-picker';

// Issue 33, finding 8: a rule's exclude list was shown but could not be edited, and "Add the
// whole group as a rule" acted at once and closed the picker.

interface ApiRule {
  group: string;
  exclude: string[];
  toolCount: number;
  version: number;
}

const rulesOf = async (request: import('@playwright/test').APIRequestContext, agentId: string) =>
  ((await (await request.get(`/api/v1/agents/${agentId}/rules`)).json()) as { rules: ApiRule[] }).rules;

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`[AGENTS][RULES]: adding a whole group as a rule asks first, naming the tools it covers today; exclusions are edited on the rule (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const agentId = await createTestAgent(request, 'Ruler');
    await page.goto(`/agents/${agentId}`);

    const picker = await openPicker(page);
    await picker.getByRole('combobox', { name: 'Search tools' }).fill('todo_');
    await picker.getByRole('option', { name: /^Add the whole Todo group as a rule/ }).click();
    const question = page.getByRole('alertdialog', { name: 'Add the whole Todo group as a rule?' });
    await expect(question.getByRole('list', { name: 'Tools of the Todo group today' }).getByRole('listitem')).toHaveText(['todo_read', 'todo_write']);
    expect(await seriousViolations(page)).toEqual([]);
    // Cancel keeps the picker open and adds nothing.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(picker).toBeVisible();
    expect(await rulesOf(request, agentId)).toEqual([]);

    await picker.getByRole('option', { name: /^Add the whole Todo group as a rule/ }).click();
    await question.getByRole('button', { name: 'Add rule' }).click();
    await expect(picker).toBeHidden();
    expect(await rulesOf(request, agentId)).toEqual([expect.objectContaining({ group: 'todo', exclude: [], toolCount: 2 })]);

    const section = page.getByRole('region', { name: /Group rules/ });
    await section.getByRole('button', { name: 'Edit the exclusions of the Todo group rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exclusions of the Todo rule' });
    await dialog.getByRole('checkbox', { name: 'todo_write' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save exclusions' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('status')).toHaveText('The Todo rule now gives 1 tool, leaving out 1.');
    await expect(section).toContainText('Excludes todo_write');
    await expect(section.getByRole('list', { name: 'Tools the Todo rule gives' }).getByRole('listitem')).toHaveText(['todo_read']);
    expect(await rulesOf(request, agentId)).toEqual([expect.objectContaining({ group: 'todo', exclude: ['todo_write'], toolCount: 1, version: 2 })]);

    // Unticking brings it back.
    await section.getByRole('button', { name: 'Edit the exclusions of the Todo group rule' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'todo_write' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'todo_write' }).uncheck();
    await dialog.getByRole('button', { name: 'Save exclusions' }).click();
    await expect(section.getByRole('list', { name: 'Tools the Todo rule gives' }).getByRole('listitem')).toHaveText(['todo_read', 'todo_write']);
    expect(await rulesOf(request, agentId)).toEqual([expect.objectContaining({ exclude: [], toolCount: 2 })]);
  });
}
