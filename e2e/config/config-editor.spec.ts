import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { readAgent, uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';

// Issue 33, finding 11: the config page was a plain textarea without line numbers or highlighting
// while errors cite "Line 3, column 9"; Apply sat above the plan; after applying, the plan
// vanished and only a toast remained. Now a CodeMirror 6 editor with its YAML mode.

const INVALID = 'apiVersion: tools-admin/v1\nagents:\n  - id: Not An Id\n    name: X\n';

/** The text selected in the page (CodeMirror keeps the browser's selection in step with its own). */
async function selectedText(page: Page): Promise<string> {
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}

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
    await editor.fill(INVALID);
    await page.getByRole('button', { name: 'Review plan' }).click();

    const errors = page.getByRole('list', { name: 'Errors in the file' });
    await errors.getByRole('button', { name: 'Line 3, column 9' }).click();
    await expect(editor).toBeFocused();
    expect(await selectedText(page)).toBe('Not An Id');
    // Marked on its line: the gutter beside line 3 carries the error marker, the text its underline.
    const marker = page.locator('.cm-lint-marker-error');
    await expect(marker).toHaveCount(1);
    await expect(page.locator('.cm-lintRange-error')).toHaveText('Not An Id');
    const lineThree = await page.locator('.cm-lineNumbers .cm-gutterElement').filter({ visible: true, hasText: /^3$/ }).boundingBox();
    const markerBox = await marker.boundingBox();
    expect(Math.abs(markerBox!.y + markerBox!.height / 2 - (lineThree!.y + lineThree!.height / 2))).toBeLessThan(lineThree!.height / 2);
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await editor.fill(['apiVersion: tools-admin/v1', 'agents:', `  - id: ${id}`, `    name: Edited ${token}`, ''].join('\n'));
    await page.getByRole('button', { name: 'Review plan' }).click();
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    const apply = page.getByRole('button', { name: 'Apply 1 change' });
    await expect(plan).toBeVisible();
    await expect(page.locator('.cm-lint-marker-error')).toHaveCount(0);
    // The plan is read first: Apply comes after it in the page.
    const planBox = await plan.boundingBox();
    const applyBox = await apply.boundingBox();
    expect(applyBox!.y).toBeGreaterThan(planBox!.y + planBox!.height - 1);
    await apply.click();

    const applied = page.getByRole('region', { name: 'Applied plan' });
    await expect(applied.getByRole('status')).toContainText('Applied 1 change.');
    await expect(applied.getByRole('list', { name: 'Planned changes' }).getByRole('listitem', { name: `create agents/${id}`, exact: true })).toBeVisible();
    expect(await readAgent(request, id)).toMatchObject({ name: `Edited ${token}` });
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await applied.getByRole('link', { name: 'See its events in the audit log' }).click();
    await expect(page).toHaveURL(/\/audit\?actor=config\+import&from=/);
    await expect(page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('listitem').filter({ hasText: `agents/${id}` })).toHaveCount(1);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`[CONFIG][EDITOR]: admin edits YAML with line numbers and highlighting, Tab indents and Escape then Tab leaves, axe clean (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/config');
    const editor = page.getByRole('textbox', { name: 'Configuration file' });
    await expect(editor).toHaveAttribute('aria-describedby', /.+/);
    await editor.fill('# agents to import\napiVersion: tools-admin/v1\nagents:\n  - id: helper\n    name: "Helper"\n    tools: {}\n');

    // One number per line, and keys, strings and comments each in their own colour.
    await expect(page.locator('.cm-lineNumbers .cm-gutterElement').filter({ visible: true })).toHaveText(['1', '2', '3', '4', '5', '6', '7']);
    const colourOf = (text: string) => editor.getByText(text, { exact: true }).first().evaluate((element) => getComputedStyle(element).color);
    const [key, string, comment, plain] = await Promise.all([colourOf('apiVersion'), colourOf('"Helper"'), colourOf('# agents to import'), editor.evaluate((element) => getComputedStyle(element).color)]);
    expect(new Set([key, string, comment, plain]).size).toBe(4);

    // Tab indents inside the editor; Escape, then Tab, moves on to the next control.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Tab');
    await expect(editor).toContainText('tools: {}');
    expect(await editor.evaluate((element) => element.querySelectorAll('.cm-line')[6]?.textContent)).toBe('  ');
    await expect(editor).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await expect(page.getByRole('checkbox', { name: /Delete what the file leaves out/ })).toBeFocused();

    await page.getByRole('button', { name: 'Review plan' }).click();
    await expect(page.getByRole('region', { name: 'Plan', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
