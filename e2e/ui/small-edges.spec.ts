import { expect, test } from '../support/test';
import { agentSearchBox, readAgent } from '../support/agents-page';
import { assignTool, createTestAgent } from '../support/agent-api';
import { seriousViolations } from '../support/axe';
import { filesFolder } from '../support/files-root';
import { horizontalOverflow } from '../support/layout-checks';
import { openPicker } from '../support/tool-picker';

// Issue 33, finding 13 (the small ones): success said twice, a clone's id that kept
// "…-copy" when the name was edited, "gets 7 tools" silent about the copied rule, and the
// picker on a phone showing keyboard hints and breaking names mid-word.

test('[AGENTS][CLONE]: the clone\'s id follows its name until edited, and the dialog counts the copied group rule', async ({ page, request }) => {
  const source = await createTestAgent(request, 'Research');
  await assignTool(request, source, 'word_count', {});
  expect((await request.post(`/api/v1/agents/${source}/rules`, { data: { group: 'todo', exclude: [] } })).status()).toBe(201);
  await page.goto('/agents');
  await agentSearchBox(page).fill(source);
  await page.getByRole('button', { name: /^Clone agent Research/ }).click();

  const dialog = page.getByRole('dialog', { name: /^Clone Research/ });
  await expect(dialog).toContainText('The new agent gets the 1 tool and 1 group rule of this one, with their settings.');
  const id = dialog.getByRole('textbox', { name: 'ID', exact: true });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Writer ${source}`);
  await expect(id).toHaveValue(`writer-${source}`);
  expect(await seriousViolations(page)).toEqual([]);

  // Once edited by hand, the id stays as typed.
  await id.fill(`${source}-w`);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Writer two ${source}`);
  await expect(id).toHaveValue(`${source}-w`);
  await dialog.getByRole('button', { name: 'Clone agent' }).click();
  await expect(page).toHaveURL(`/agents/${source}-w`);
  expect(await readAgent(request, `${source}-w`)).toMatchObject({ name: `Writer two ${source}` });
  const rules = (await (await request.get(`/api/v1/agents/${source}-w/rules`)).json()) as { rules: { group: string }[] };
  expect(rules.rules.map((rule) => rule.group)).toEqual(['todo']);
});

test('[AGENTS][SAVE]: saving settings is said once, on the page, not in a toast as well', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Once');
  await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('once') });
  await page.goto(`/agents/${agentId}`);
  await page.getByRole('button', { name: 'Edit settings of fs_read_file' }).click();
  await page.getByRole('spinbutton', { name: /Maximum bytes/ }).fill('4096');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the settings of fs_read_file.' })).toBeVisible();
  await expect(page.getByText('Settings saved.')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0);
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('[AGENTS][PICKER]: on a phone the picker shows no keyboard hints and breaks tool names at their underscores, not mid-word', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const agentId = await createTestAgent(request, 'Pocket');
  await page.goto(`/agents/${agentId}`);
  const dialog = await openPicker(page);
  await expect(dialog.getByText('Tap tools to choose them, then add them.')).toBeVisible();
  await expect(dialog.getByText(/Ctrl\+Enter/)).toBeHidden();
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill('fs_read');
  const option = dialog.getByRole('option', { name: /^fs_read_file/ });
  await expect(option).toBeVisible();
  // Every line of the name starts where a part of it starts: after "_" or at its beginning.
  const lines = await option.locator('span.font-mono').first().evaluate((name) => {
    const range = document.createRange();
    const starts: string[] = [];
    let top = Number.NEGATIVE_INFINITY;
    const text = name.textContent ?? '';
    let offset = 0;
    for (const node of name.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (let at = 0; at < (node.textContent ?? '').length; at++) {
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const box = range.getBoundingClientRect();
        if (box.top > top + 1) {
          starts.push(text.slice(Math.max(0, offset + at - 1), offset + at + 1));
          top = box.top;
        }
      }
      offset += (node.textContent ?? '').length;
    }
    return starts;
  });
  for (const start of lines.slice(1)) expect(start.startsWith('_')).toBe(true);
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});
