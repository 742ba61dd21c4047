import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';
import { uniqueToken } from '../support/agents-page';
import { agentWithHistory, auditEventsViaApi, shownEvents } from '../support/audit-page';

// Issue 33, finding 6: one change showed as seven boxes (unchanged fields, version, createdAt,
// updatedAt), actors read "by config import by Token "config cli" (config import)", the actor
// filter needed the exact id and the action list showed raw codes.

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`[AUDIT][READABLE]: one rename shows one changed value, actors and actions in words (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const { id, names } = await agentWithHistory(request, 1);
    await page.goto(`/audit?agent=${id}`);

    const events = page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('listitem');
    const rename = events.filter({ hasText: 'Agent changed' });
    await expect(rename).toHaveCount(1);
    // The e2e admin is a person with a role: named in words, not by an id.
    await expect(rename).toContainText('by admin@e2e.test (admin)');
    await expect(events.filter({ hasText: 'Tool settings saved' })).toHaveCount(1);

    await rename.getByRole('button', { name: /^Show changes of Agent changed/ }).click();
    const changes = rename.getByRole('list', { name: 'Changes' });
    await expect(changes.getByRole('listitem')).toHaveCount(1);
    await expect(changes.getByRole('listitem')).toHaveAttribute('data-diff-kind', 'changed');
    await expect(changes.getByRole('group', { name: 'After' })).toHaveText(`After${names[1]}`);
    await expect(rename).toContainText('1 value changed.');
    await expect(rename).not.toContainText('updatedAt');

    const showAll = rename.getByRole('button', { name: /^Show unchanged values too \(\d+\)$/ });
    await showAll.click();
    await expect(rename.getByRole('button', { name: 'Show changed values only' })).toHaveAttribute('aria-pressed', 'true');
    await expect(changes.getByRole('listitem').filter({ hasText: /^description/ })).toHaveAttribute('data-diff-kind', 'unchanged');
    for (const bookkeeping of ['version', 'createdAt', 'updatedAt']) await expect(changes.getByRole('listitem').filter({ hasText: new RegExp(`^${bookkeeping}`) })).toHaveCount(0);
    // The API keeps everything: the page only leaves bookkeeping out.
    const [event] = await auditEventsViaApi(request, `agent=${id}&action=agent.update`);
    expect(event).toMatchObject({ before: { version: 1 }, after: { version: 2 } });

    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('[AUDIT][ACTOR]: typing "admin" in the actor filter offers the admin by name; choosing filters by their id', async ({ page, request }) => {
  const { id } = await agentWithHistory(request, 0);
  await page.goto(`/audit?agent=${id}`);
  await expect.poll(() => shownEvents(page)).toHaveLength(2);

  const actor = page.getByRole('combobox', { name: 'Actor' });
  // Case-insensitive; specific enough that other specs' users (…@e2e.test) do not match.
  await actor.fill('ADMIN@E2E.TEST');
  const option = page.getByRole('listbox', { name: 'Actors' }).getByRole('option', { name: 'admin@e2e.test (admin)' });
  await expect(option).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');

  await expect(actor).toHaveValue('admin@e2e.test (admin)');
  await expect(page).toHaveURL(/[?&]actor=user%3Aadmin%40e2e\.test(&|$)/);
  await expect.poll(() => shownEvents(page)).toEqual([`assignment.put agents/${id}/tools/word_count`, `agent.create agents/${id}`]);
  const api = await (await request.get('/api/v1/audit/actors?q=admin%40e2e.test')).json();
  expect(api).toEqual({ actors: [{ id: 'user:admin@e2e.test', name: 'admin@e2e.test (admin)' }] });

  // A reload keeps the filter and names the actor in words.
  await page.reload();
  await expect(actor).toHaveValue('admin@e2e.test (admin)');

  // Something no actor matches says so and changes nothing.
  await actor.fill('nobody by this name');
  await expect(page.getByRole('listbox', { name: 'Actors' })).toContainText('No actor matches “nobody by this name”.');
});

test('[AUDIT][ACTOR]: a change made with an API token reads "by token "its name"", in the list and the actor picker', async ({ page, request, baseURL }) => {
  const name = `audit cli ${uniqueToken()}`;
  const made = await request.post('/api/v1/tokens', { data: { name, scopes: ['agents:write'], agents: 'all' } });
  expect(made.status(), await made.text()).toBe(201);
  const { secret } = (await made.json()) as { secret: string };
  const id = `by-token-${uniqueToken()}`;
  const created = await fetch(`${baseURL}/api/v1/agents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, name: 'Made by a token' }),
  });
  expect(created.status, await created.text()).toBe(201);

  await page.goto(`/audit?agent=${id}`);
  const createdEvent = page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('listitem').filter({ hasText: 'Agent created' });
  await expect(createdEvent).toContainText(`by token "${name}"`);
  await expect(createdEvent).not.toContainText('Token "');
  const actor = page.getByRole('combobox', { name: 'Actor' });
  await actor.fill(name);
  await expect(page.getByRole('listbox', { name: 'Actors' }).getByRole('option', { name: `token "${name}"` })).toBeVisible();
});

test('[AUDIT][ACTION]: the action filter lists actions in words and filters by their code', async ({ page, request }) => {
  const { id } = await agentWithHistory(request, 1);
  await page.goto(`/audit?agent=${id}`);
  const action = page.getByRole('combobox', { name: 'Action' });
  await expect(action.getByRole('option', { name: 'Agent changed' })).toHaveAttribute('value', 'agent.update');
  await expect(action.getByRole('option', { name: 'agent.update' })).toHaveCount(0);
  await action.selectOption({ label: 'Agent changed' });
  await expect(page).toHaveURL(/[?&]action=agent\.update(&|$)/);
  await expect.poll(() => shownEvents(page)).toEqual([`agent.update agents/${id}`]);
});
