import { expect, test } from '../support/test';
import { readAgent, uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';

// Issue 33, finding 11: the config page was a plain textarea without line numbers while errors
// cite "Line 3, column 9"; Apply sat above the plan; after applying, the plan vanished and only
// a toast remained. (Syntax highlighting is not done: no editor library is installed.)

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`[CONFIG][EDITOR]: an error's line is marked and its link goes to it; the plan comes before Apply and stays after, with its audit events (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const token = uniqueToken();
    const id = `edited-${token}`;
    await page.goto('/config');
    const editor = page.getByRole('textbox', { name: 'Configuration file' });
    await editor.fill('apiVersion: tools-admin/v1\nagents:\n  - id: Not An Id\n    name: X\n');
    await page.getByRole('button', { name: 'Review plan' }).click();

    const errors = page.getByRole('list', { name: 'Errors in the file' });
    await errors.getByRole('button', { name: 'Line 3, column 9' }).click();
    await expect(editor).toBeFocused();
    const selected = await editor.evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd));
    expect(selected).toBe('Not An Id');
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await editor.fill(['apiVersion: tools-admin/v1', 'agents:', `  - id: ${id}`, `    name: Edited ${token}`, ''].join('\n'));
    await page.getByRole('button', { name: 'Review plan' }).click();
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    const apply = page.getByRole('button', { name: 'Apply 1 change' });
    await expect(plan).toBeVisible();
    // The plan is read first: Apply comes after it in the page.
    const planBox = await plan.boundingBox();
    const applyBox = await apply.boundingBox();
    expect(applyBox!.y).toBeGreaterThan(planBox!.y + planBox!.height - 1);
    await apply.click();

    const applied = page.getByRole('region', { name: 'Applied plan' });
    await expect(applied.getByRole('status')).toContainText('Applied 1 change.');
    await expect(applied.getByRole('list', { name: 'Planned changes' }).getByRole('listitem', { name: `create agents/${id}`, exact: true })).toBeVisible();
    expect(await readAgent(request, id)).toMatchObject({ name: `Edited ${token}` });
    await applied.getByRole('link', { name: 'See its events in the audit log' }).click();
    await expect(page).toHaveURL(/\/audit\?actor=config\+import&from=/);
    await expect(page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('listitem').filter({ hasText: `agents/${id}` })).toHaveCount(1);
  });
}
