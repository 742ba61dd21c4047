import { expect, test } from '../support/test';
import { agentSearchBox, createAgentViaApi, readAgent, shownAgents, uniqueToken } from '../support/agents-page';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

test('[AGENTS][LIST]: admin can create an agent whose ID is made from its name', async ({ page, request }) => {
  const token = uniqueToken();
  const name = `Café Helper ${token}`;
  await page.goto('/agents');
  const opener = page.getByRole('button', { name: 'New agent' });

  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'New agent' });
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await page.keyboard.type(name);
  await expect(dialog.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue(`cafe-helper-${token}`);
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Answers questions.\nSecond line.');
  await dialog.getByRole('button', { name: 'Create agent' }).click();

  await expect(page).toHaveURL(`/agents/cafe-helper-${token}`);
  expect(await readAgent(request, `cafe-helper-${token}`)).toMatchObject({ name, description: 'Answers questions.\nSecond line.', version: 1 });
});

test('[AGENTS][LIST]: admin can type an ID of their own, and it stays when the name changes', async ({ page, request }) => {
  const token = uniqueToken();
  await page.goto('/agents');
  await page.getByRole('button', { name: 'New agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'New agent' });
  const idField = dialog.getByRole('textbox', { name: 'ID', exact: true });
  await expect(idField).toHaveAccessibleDescription(/lowercase letters, digits and hyphens/);

  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`First ${token}`);
  await idField.fill(`own-${token}`);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Second ${token}`);
  await expect(idField).toHaveValue(`own-${token}`);
  await dialog.getByRole('button', { name: 'Create agent' }).click();

  await expect(page).toHaveURL(`/agents/own-${token}`);
  expect(await readAgent(request, `own-${token}`)).toMatchObject({ name: `Second ${token}` });
  expect(await readAgent(request, `second-${token}`)).toBeUndefined();
});

test('[AGENTS][LIST]: admin is told on the field when the name is empty, and nothing is created', async ({ page, request }) => {
  const before = (await (await request.get('/api/v1/agents')).json()) as { agents: unknown[] };
  await page.goto('/agents');
  await page.getByRole('button', { name: 'New agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'New agent' });
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Kept after the error');

  await dialog.getByRole('button', { name: 'Create agent' }).click();

  const nameField = dialog.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toHaveAccessibleDescription('A name is required.');
  await expect(nameField).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Kept after the error');
  const after = (await (await request.get('/api/v1/agents')).json()) as { agents: unknown[] };
  expect(after.agents).toHaveLength(before.agents.length);

  await nameField.fill('Now named');
  await expect(nameField).not.toHaveAttribute('aria-invalid');
});

test('[AGENTS][LIST]: admin is told on the ID field when the ID is taken, keeps what they typed, and nothing is created', async ({ page, request }) => {
  const token = uniqueToken();
  await createAgentViaApi(request, { id: `taken-${token}`, name: `Original ${token}` });
  await page.goto('/agents');
  await page.getByRole('button', { name: 'New agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'New agent' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Taken ${token}`);
  await expect(dialog.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue(`taken-${token}`);

  await dialog.getByRole('button', { name: 'Create agent' }).click();

  const idField = dialog.getByRole('textbox', { name: 'ID', exact: true });
  await expect(idField).toHaveAttribute('aria-invalid', 'true');
  await expect(idField).toHaveAccessibleDescription(new RegExp(`An agent with the ID “taken-${token}” already exists`));
  await expect(idField).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Taken ${token}`);
  expect(await readAgent(request, `taken-${token}`)).toMatchObject({ name: `Original ${token}`, version: 1 });

  await idField.fill(`Bad ID ${token}`);
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expect(idField).toHaveAccessibleDescription(/^Use 1 to 64 lowercase letters/);
  await expect(page).toHaveURL(/\/agents$/);
});

test('[AGENTS][LIST]: admin can narrow the list by searching, and the search survives a reload', async ({ page, request }) => {
  const token = uniqueToken();
  await createAgentViaApi(request, { id: `alpha-${token}`, name: `Alpha ${token}` });
  await createAgentViaApi(request, { id: `beta-${token}`, name: `Beta ${token}`, description: 'Second of two' });
  await page.goto('/agents');
  await expect(shownAgents(page).first()).toBeVisible();

  await agentSearchBox(page).fill(token);

  await expect(shownAgents(page)).toHaveText([`Alpha ${token}`, `Beta ${token}`]);
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(`2 agents match “${token}”.`);
  await expect(page).toHaveURL(`/agents?q=${token}`);
  const { agents } = (await (await request.get(`/api/v1/agents?search=${token}`)).json()) as { agents: { name: string }[] };
  expect(agents.map((agent) => agent.name)).toEqual([`Alpha ${token}`, `Beta ${token}`]);

  await page.reload();
  await expect(agentSearchBox(page)).toHaveValue(token);
  await expect(shownAgents(page)).toHaveText([`Alpha ${token}`, `Beta ${token}`]);

  await agentSearchBox(page).fill(`second of two ${token}`);
  await expect(page.getByRole('heading', { name: `No agents match “second of two ${token}”` })).toBeVisible();
  await agentSearchBox(page).fill(`beta-${token}`);
  await expect(shownAgents(page)).toHaveText([`Beta ${token}`]);
  await expect(page.getByRole('link', { name: `Beta ${token}` })).toHaveAttribute('href', `/agents/beta-${token}`);
});

test('[AGENTS][LIST]: admin who finds nothing is told so and can clear the search', async ({ page }) => {
  const search = `nothing-${uniqueToken()}`;
  await page.goto(`/agents?q=${search}`);

  await expect(page.getByRole('heading', { name: `No agents match “${search}”` })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();

  await expect(agentSearchBox(page)).toHaveValue('');
  await expect(shownAgents(page).first()).toBeVisible();
  await expect(page).toHaveURL(/\/agents$/);
});

test('[AGENTS][LIST]: admin sees a failed search with a Retry, and the last list stays', async ({ page }) => {
  await page.goto('/agents');
  await expect(shownAgents(page).first()).toBeVisible();
  let isFailing = true;
  await page.route(
    (url) => url.pathname === '/api/v1/agents' && url.searchParams.has('search'),
    (route) =>
      isFailing
        ? route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Service unavailable', detail: 'The database is busy.' }) })
        : route.fallback(),
  );

  await agentSearchBox(page).fill('demo');

  const alert = page.getByRole('alert').filter({ hasText: 'could not be refreshed' });
  await expect(alert).toHaveText(/The agents could not be refreshed; showing the last list\. The database is busy\./);
  await expect(shownAgents(page).first()).toBeVisible();
  isFailing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText('“demo”');
});

test('[AGENTS][LIST]: each keystroke of a search asks the server once, and a query seen before is not asked again', async ({ page, request }) => {
  const token = uniqueToken();
  await createAgentViaApi(request, { id: `once-${token}`, name: `Once ${token}` });
  await page.goto('/agents');
  await expect(shownAgents(page).first()).toBeVisible();
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/api/v1/agents' && url.searchParams.has('search')) asked.push(url.searchParams.get('search') ?? '');
  });

  await agentSearchBox(page).pressSequentially(token, { delay: 60 });
  await expect(shownAgents(page)).toHaveText([`Once ${token}`]);
  await agentSearchBox(page).press('Backspace');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText(`“${token.slice(0, -1)}”`);

  expect(asked).toEqual(Array.from(token, (_, index) => token.slice(0, index + 1)));
});

test('[AGENTS][LIST]: admin whose search is slow sees the last list dimmed and "Searching…" until the answer comes', async ({ page, request }) => {
  const token = uniqueToken();
  await createAgentViaApi(request, { id: `slow-${token}`, name: `Slow ${token}` });
  await page.goto('/agents');
  await expect(shownAgents(page).first()).toBeVisible();
  const before = await shownAgents(page).allTextContents();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/v1/agents' && url.searchParams.get('search') === token,
    async (route) => {
      await held;
      await route.fallback();
    },
  );

  await agentSearchBox(page).fill(token);

  await expect(page.getByRole('status').filter({ hasText: 'Searching…' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Agents' })).toHaveAttribute('aria-busy', 'true');
  await expect(shownAgents(page)).toHaveText(before);
  release();
  await expect(shownAgents(page)).toHaveText([`Slow ${token}`]);
  await expect(page.getByRole('list', { name: 'Agents' })).not.toHaveAttribute('aria-busy');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(`1 agent matches “${token}”.`);
});

test('[AGENTS][LIST]: admin can rename and describe an agent, and focus returns to its Edit button', async ({ page, request }) => {
  const token = uniqueToken();
  await createAgentViaApi(request, { id: `rename-${token}`, name: `Before ${token}`, description: 'Old words' });
  await page.goto(`/agents?q=${token}`);

  await page.getByRole('button', { name: `Edit agent Before ${token}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit agent “Before ${token}”` });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`After ${token}`);
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('New words\nand a second line');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toBeHidden();
  await expect(shownAgents(page)).toHaveText([`After ${token}`]);
  await expect(page.getByRole('main').getByText('New words', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit agent After ${token}` })).toBeFocused();
  expect(await readAgent(request, `rename-${token}`)).toMatchObject({ name: `After ${token}`, description: 'New words\nand a second line', version: 2 });
});

test('[AGENTS][LIST]: admin whose edit went stale sees both versions and can overwrite deliberately', async ({ page, request }) => {
  const token = uniqueToken();
  const id = `stale-${token}`;
  await createAgentViaApi(request, { id, name: `Mine ${token}`, description: 'Original' });
  await page.goto(`/agents?q=${token}`);
  await page.getByRole('button', { name: `Edit agent Mine ${token}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit agent “Mine ${token}”` });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`My rename ${token}`);
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('My description');

  const theirs = await request.patch(`/api/v1/agents/${id}`, { data: { name: `Their rename ${token}`, description: 'Their description' }, headers: { 'if-match': '"1"' } });
  expect(theirs.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Save' }).click();

  const conflict = dialog.getByRole('alert');
  await expect(conflict).toContainText('Someone else changed this agent');
  await expect(conflict).toContainText(`Their rename ${token}`);
  await expect(conflict).toContainText('Their description');
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`My rename ${token}`);
  await expect(dialog.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('My description');
  expect(await readAgent(request, id)).toMatchObject({ name: `Their rename ${token}`, version: 2 });

  await dialog.getByRole('button', { name: 'Save mine anyway' }).click();

  await expect(dialog).toBeHidden();
  expect(await readAgent(request, id)).toMatchObject({ name: `My rename ${token}`, description: 'My description', version: 3 });
});

test('[AGENTS][LIST]: admin whose edit went stale can take the other version instead', async ({ page, request }) => {
  const token = uniqueToken();
  const id = `reload-${token}`;
  await createAgentViaApi(request, { id, name: `Reload ${token}` });
  await page.goto(`/agents?q=${token}`);
  await page.getByRole('button', { name: `Edit agent Reload ${token}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit agent “Reload ${token}”` });
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Mine, to be dropped');
  await request.patch(`/api/v1/agents/${id}`, { data: { description: 'Theirs, kept' }, headers: { 'if-match': '"1"' } });

  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Use their version' }).click();

  await expect(dialog.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Theirs, kept');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Reloaded ${token}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await readAgent(request, id)).toMatchObject({ name: `Reloaded ${token}`, description: 'Theirs, kept', version: 3 });
});

test('[AGENTS][LIST]: admin is told how many assigned tools go with an agent before deleting it', async ({ page, request }) => {
  const token = uniqueToken();
  const id = `delete-${token}`;
  await createAgentViaApi(request, { id, name: `Doomed ${token}` });
  for (const tool of ['word_count', 'text_slugify']) {
    expect((await request.put(`/api/v1/agents/${id}/tools/${tool}`, { data: { overrides: {} } })).status()).toBe(201);
  }
  await page.goto(`/agents?q=${token}`);
  await expect(page.getByRole('list', { name: 'Agents' })).toContainText('2 tools');
  const deleteButton = page.getByRole('button', { name: `Delete agent Doomed ${token}` });

  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: `Delete agent “Doomed ${token}”?` });
  await expect(dialog).toHaveAccessibleDescription('Its 2 assigned tools go with it.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  expect(await readAgent(request, id)).toBeDefined();

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete agent' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Deleted agent “Doomed ${token}” and its 2 assigned tools.`)).toBeFocused();
  await expect(shownAgents(page)).toHaveCount(0);
  expect(await readAgent(request, id)).toBeUndefined();
  expect((await request.get(`/api/v1/agents/${id}/tools`)).status()).toBe(404);
});

test('[AGENTS][LIST]: admin deleting an agent someone just renamed is told, and confirms the new state', async ({ page, request }) => {
  const token = uniqueToken();
  const id = `moving-${token}`;
  await createAgentViaApi(request, { id, name: `Moving ${token}` });
  await page.goto(`/agents?q=${token}`);
  await page.getByRole('button', { name: `Delete agent Moving ${token}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete agent “Moving ${token}”?` });
  await expect(dialog).toHaveAccessibleDescription('It has no tools assigned.');
  await request.patch(`/api/v1/agents/${id}`, { data: { name: `Moved ${token}` }, headers: { 'if-match': '"1"' } });
  await request.put(`/api/v1/agents/${id}/tools/word_count`, { data: { overrides: {} } });

  await dialog.getByRole('button', { name: 'Delete agent' }).click();

  const refreshed = page.getByRole('dialog', { name: `Delete agent “Moved ${token}”?` });
  await expect(refreshed.getByRole('alert')).toContainText('Someone else changed this agent');
  await expect(refreshed).toHaveAccessibleDescription('Its 1 assigned tool goes with it.');
  expect(await readAgent(request, id)).toMatchObject({ name: `Moved ${token}`, version: 2 });

  await refreshed.getByRole('button', { name: 'Delete agent' }).click();
  await expect(refreshed).toBeHidden();
  expect(await readAgent(request, id)).toBeUndefined();
});

test.describe('with no agents at all', () => {
  let server: NextServer;
  test.beforeAll(async () => {
    server = await startNextServer(ownServerPort(7), { SEED_DEMO: '0' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('[AGENTS][LIST]: admin with no agents is told so and can create the first one from there', async ({ page }) => {
    await server.signIn(page.context());
    await page.goto(`${server.url}/agents`);

    await expect(page.getByRole('heading', { name: 'No agents yet' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'agents' })).toHaveText('No agents.');
    await page.getByRole('button', { name: 'Create an agent' }).click();
    await expect(page.getByRole('dialog', { name: 'New agent' })).toBeVisible();
  });
});
