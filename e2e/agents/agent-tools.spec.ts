import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { filesFolder } from '../support/files-root';
import { addThroughPicker, openPicker } from '../support/tool-picker';


test('[AGENTS][TOOLS]: admin adds fs_read_file by typing in the picker; an empty base directory is refused and nothing is saved', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Reader');
  await page.goto(`/agents/${agentId}`);
  await expect(page.getByText('No tools assigned yet.')).toBeVisible();

  const dialog = await openPicker(page);
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill('read_file');
  await dialog.getByRole('option', { name: /^fs_read_file/ }).click();
  await dialog.getByRole('button', { name: 'Add 1 tool' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /fs_read_file/ }) });
  await expect(card.getByText('Not saved yet')).toBeVisible();
  const baseDir = card.getByRole('textbox', { name: 'Base directory' });
  await expect(baseDir).toHaveValue('');
  await card.getByRole('button', { name: 'Assign fs_read_file' }).click();

  await expect(card.getByText('Base directory is required')).toBeVisible();
  await expect(baseDir).toHaveAttribute('aria-invalid', 'true');
  expect((await assignmentsOf(request, agentId)).size).toBe(0);

  await baseDir.fill(filesFolder('docs'));
  await card.getByRole('button', { name: 'Assign fs_read_file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assigned fs_read_file.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toEqual({ baseDir: filesFolder('docs'), maxBytes: 65_536 });

  await page.reload();
  await expect(card.getByText('OK', { exact: true })).toBeVisible();
  await expect(card.getByText(filesFolder('docs'))).toBeVisible();
});

test('[AGENTS][TOOLS]: admin adds fs_read_file and sets its base directory with the keyboard only', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Keyboard');
  await page.goto(`/agents/${agentId}`);
  const addTools = page.getByRole('button', { name: 'Add tools' });
  await expect(addTools).toBeEnabled();
  for (let presses = 0; presses < 30 && !(await addTools.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(addTools).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: /^Add tools to / });
  await expect(dialog.getByRole('combobox', { name: 'Search tools' })).toBeFocused();
  // Arrows move through the options; typing narrows them and highlights the first match.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('fs_');
  await expect(dialog.getByRole('option', { name: /^fs_list_dir/ })).toHaveAttribute('aria-selected', 'true');
  // Screen readers hear the highlighted option: the search box points at it.
  const highlightedId = await dialog.getByRole('option', { name: /^fs_list_dir/ }).getAttribute('id');
  await expect(dialog.getByRole('combobox', { name: 'Search tools' })).toHaveAttribute('aria-activedescendant', highlightedId!);
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', { name: /^fs_read_file/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('option', { name: /^fs_read_file/ })).toHaveAttribute('aria-checked', 'true');
  // Only that tool: the group's own option comes after its tools and stays unchosen.
  await expect(dialog.getByText('1 tool chosen')).toBeVisible();
  await expect(dialog.getByRole('option', { name: /^fs_list_dir/ })).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();

  // Focus goes straight to the setting the new tool needs.
  const baseDir = page.getByRole('textbox', { name: 'Base directory' });
  await expect(baseDir).toBeFocused();
  await page.keyboard.type(filesFolder('keyboard'));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'Assigned fs_read_file.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')?.overrides).toMatchObject({ baseDir: filesFolder('keyboard') });
});

test('[AGENTS][TOOLS]: admin adds a whole group in one step', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Planner');
  await page.goto(`/agents/${agentId}`);

  const dialog = await openPicker(page);
  await expect(dialog.getByRole('group', { name: /^Todo \(2\)/ })).toBeVisible();
  // A click leaves focus in the search box, so typing still filters.
  await dialog.getByRole('option', { name: /^todo_read/ }).click();
  await expect(dialog.getByRole('combobox', { name: 'Search tools' })).toBeFocused();
  await dialog.getByRole('option', { name: /^Choose the whole Todo group \(2 tools\) Adds the 2 tools it has today, once/ }).click();
  await expect(dialog.getByRole('option', { name: /^todo_read/ })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('option', { name: /^todo_write/ })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: 'Add 2 tools' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Assigned todo_read, todo_write.' })).toBeVisible();
  const todo = page.getByRole('region', { name: /^Todo/ });
  await expect(todo.getByRole('heading', { name: /todo_read/ })).toBeVisible();
  await expect(todo.getByRole('heading', { name: /todo_write/ })).toBeVisible();
  expect([...(await assignmentsOf(request, agentId)).keys()].sort()).toEqual(['todo_read', 'todo_write']);

  const again = await openPicker(page);
  await again.getByRole('combobox', { name: 'Search tools' }).fill('todo');
  await expect(again.getByRole('option', { name: /^todo_read.*Already assigned/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(again.getByRole('option', { name: /^Choose the whole Todo group/ })).toHaveCount(0);
});

test('[AGENTS][TOOLS]: the picker shows unavailable tools disabled with their reason', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Picker');
  await page.goto(`/agents/${agentId}`);

  const dialog = await openPicker(page);
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill('acme');
  const acme = dialog.getByRole('option', { name: /^acme_lookup/ });
  await expect(acme).toHaveAttribute('aria-disabled', 'true');
  await expect(acme).toContainText('Missing setting "acme.api-key"');

  await dialog.getByRole('combobox', { name: 'Search tools' }).fill('no tool is called this');
  await expect(dialog.getByText('No tools match “no tool is called this”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('[AGENTS][TOOLS]: closing the picker with tools chosen asks first', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Chooser');
  await page.goto(`/agents/${agentId}`);
  const dialog = await openPicker(page);
  await page.keyboard.type('word_count');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('1 tool chosen')).toBeVisible();

  await page.keyboard.press('Escape');
  const question = page.getByRole('alertdialog', { name: 'Close without adding the 1 chosen tool?' });
  await question.getByRole('button', { name: 'Keep choosing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByText('1 tool chosen')).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await assignmentsOf(request, agentId)).size).toBe(0);
});

test('[AGENTS][TOOLS]: admin sets the groups tool_search may search from the known groups', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Searcher');
  await page.goto(`/agents/${agentId}`);
  await addThroughPicker(page, 'tool_search');
  await expect(page.getByRole('status').filter({ hasText: 'Assigned tool_search.' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit settings of tool_search' }).click();
  const groups = page.getByRole('group', { name: 'Searchable groups' });
  await expect(groups.getByRole('checkbox')).not.toHaveCount(0);
  await expect(groups.getByRole('checkbox').first()).toBeFocused();
  await groups.getByRole('checkbox', { name: 'fs', exact: true }).check();
  await groups.getByRole('checkbox', { name: 'todo', exact: true }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Saved the settings of tool_search.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit settings of tool_search' })).toBeFocused();
  expect((await assignmentsOf(request, agentId)).get('tool_search')?.overrides).toEqual({ groups: ['fs', 'todo'] });
  await expect(page.getByText('fs, todo')).toBeVisible();
});

test('[AGENTS][TOOLS]: admin removes an assignment', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Remover');
  await assignTool(request, agentId, 'word_count', {});
  await page.goto(`/agents/${agentId}`);

  // The tool's own card: the Suggestions panel may offer to remove it too.
  await page.getByRole('listitem', { name: /^word_count/ }).getByRole('button', { name: 'Remove word_count' }).click();
  await page.getByRole('alertdialog', { name: 'Remove word_count?' }).getByRole('button', { name: 'Remove', exact: true }).click();

  await expect(page.getByText('No tools assigned yet.')).toBeVisible();
  expect((await assignmentsOf(request, agentId)).size).toBe(0);
});

test('[AGENTS][TOOLS]: declining the confirmation keeps the assignment', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Keeper');
  await assignTool(request, agentId, 'word_count', {});
  await page.goto(`/agents/${agentId}`);

  // The tool's own card: the Suggestions panel may offer to remove it too.
  await page.getByRole('listitem', { name: /^word_count/ }).getByRole('button', { name: 'Remove word_count' }).click();
  await page.getByRole('alertdialog', { name: 'Remove word_count?' }).getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('heading', { name: /word_count/ })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).has('word_count')).toBe(true);
});

/**
 * Stores overrides the tool's schema refuses. They can only come from before a schema change (a
 * group that is gone, a tightened limit); the API never stores them, so they are written straight
 * into the database the shared server uses.
 */
async function storeOutdatedOverrides(agentId: string, toolName: string, overrides: Record<string, unknown>): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(process.env.E2E_DATABASE_FILE!);
  const now = new Date().toISOString();
  db.prepare('insert into assignments (agent_id, tool_name, overrides, version, created_at, updated_at) values (?, ?, ?, 1, ?, ?)').run(
    agentId, toolName, JSON.stringify(overrides), now, now,
  );
  db.close();
}

test('[AGENTS][TOOLS]: an assignment whose saved settings fail the schema opens with its errors marked', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Broken');
  await storeOutdatedOverrides(agentId, 'fs_read_file', { baseDir: filesFolder('srv'), maxBytes: 0 });

  await page.goto(`/agents/${agentId}`);
  await expect(page.getByText('Invalid settings')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Problems with the saved settings' })).toContainText('Maximum bytes must be >= 1');
  await page.getByRole('button', { name: 'Edit settings of fs_read_file' }).click();

  const maxBytes = page.getByRole('spinbutton', { name: 'Maximum bytes' });
  await expect(maxBytes).toHaveAttribute('aria-invalid', 'true');
  await maxBytes.fill('4096');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the settings of fs_read_file.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')).toMatchObject({ status: 'ok', overrides: { baseDir: filesFolder('srv'), maxBytes: 4096 } });
});

test('[AGENTS][TOOLS]: saved values the schema no longer offers are shown as they are and can be taken out', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Outdated');
  await storeOutdatedOverrides(agentId, 'tool_search', { groups: ['fs', 'gone'] });
  await storeOutdatedOverrides(agentId, 'text_slugify', { separator: '~' });
  await page.goto(`/agents/${agentId}`);
  // Within the tool's card: "What the model sees" lists the same reason once it has loaded.
  const problems = page.getByRole('list', { name: 'Problems with the saved settings' });
  await expect(problems.filter({ hasText: 'Item 2 of groups is "gone", which is not one of the allowed values' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit settings of text_slugify' }).click();
  await expect(page.getByRole('combobox', { name: 'Separator' }).locator('option:checked')).toHaveText('~ (not allowed)');
  await page.getByRole('combobox', { name: 'Separator' }).selectOption({ label: '_' });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the settings of text_slugify.' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit settings of tool_search' }).click();
  const groups = page.getByRole('group', { name: 'Searchable groups' });
  await expect(groups.getByRole('checkbox', { name: 'gone (no longer offered)' })).toBeChecked();
  // Unticked, the value leaves the form, and its box with it.
  await groups.getByRole('checkbox', { name: 'gone (no longer offered)' }).click();
  await expect(groups.getByRole('checkbox', { name: 'gone (no longer offered)' })).toHaveCount(0);
  await groups.getByRole('checkbox', { name: 'todo', exact: true }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the settings of tool_search.' })).toBeVisible();
  const saved = await assignmentsOf(request, agentId);
  expect(saved.get('tool_search')).toMatchObject({ status: 'ok', overrides: { groups: ['fs', 'todo'] } });
  expect(saved.get('text_slugify')).toMatchObject({ status: 'ok', overrides: { separator: '_' } });
});

test('[AGENTS][TOOLS]: typing a tool\'s name and pressing Enter chooses that tool, not one that only mentions it', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Namer');
  await page.goto(`/agents/${agentId}`);
  const dialog = await openPicker(page);
  await page.keyboard.type('word');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('option', { name: /^word_count/ })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByText('1 tool chosen')).toBeVisible();
});

test('[AGENTS][API]: a PUT of invalid overrides straight to the API is refused with field errors and changes nothing', async ({ request }) => {
  const agentId = await createTestAgent(request, 'Direct');
  const created = await assignTool(request, agentId, 'fs_read_file', { baseDir: filesFolder('ok') });

  const response = await request.put(`/api/v1/agents/${agentId}/tools/fs_read_file`, {
    data: { overrides: { baseDir: '', maxBytes: 'lots' } },
    headers: { 'if-match': `"${created.version}"` },
  });

  expect(response.status()).toBe(400);
  expect(response.headers()['content-type']).toContain('application/problem+json');
  const problem = (await response.json()) as { errors: { pointer: string; message: string }[] };
  expect(problem.errors.map((error) => error.pointer).sort()).toEqual(['/overrides/baseDir', '/overrides/maxBytes']);
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')).toMatchObject({ version: created.version, overrides: { baseDir: filesFolder('ok') } });
});

test('[AGENTS][PICKER]: typing "read file" and pressing Enter chooses fs_read_file, shown as a removable chip', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Reader');
  await page.goto(`/agents/${agentId}`);
  const dialog = await openPicker(page);
  await page.keyboard.type('read file');
  const options = dialog.getByRole('option');
  await expect(options.first()).toHaveAccessibleName(/^fs_read_file/);
  await page.keyboard.press('Enter');

  const chips = dialog.getByRole('list', { name: 'Chosen tools' });
  await expect(chips.getByRole('listitem')).toHaveText(['fs_read_file']);
  await expect(dialog.getByText('1 tool chosen')).toBeVisible();
  await chips.getByRole('button', { name: 'Unchoose fs_read_file' }).click();
  await expect(chips).toHaveCount(0);
  await expect(dialog.getByText('No tools chosen')).toBeVisible();
  await expect(dialog.getByRole('option', { name: /^fs_read_file/ })).toHaveAttribute('aria-checked', 'false');
});

test('[AGENTS][PICKER]: the list keeps its height while the matches shrink', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Steady');
  await page.goto(`/agents/${agentId}`);
  const dialog = await openPicker(page);
  const list = dialog.getByRole('listbox');
  const before = (await list.boundingBox())!.height;
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill('word_count');
  await expect(dialog.getByRole('option', { name: /^fs_read_file/ })).toHaveCount(0);
  await expect(dialog.getByRole('option', { name: /^word_count/ })).toBeVisible();
  expect((await list.boundingBox())!.height).toBe(before);
});
