import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { actionInWords } from '../../lib/audit/audit-event';
import { agentWithHistory, auditEventsViaApi, shownEvents } from '../support/audit-page';

test('[AUDIT][FILTER]: admin can filter the log by agent and action, the filters live in the URL and survive a reload', async ({ page, request }) => {
  const { id, names } = await agentWithHistory(request, 2);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Agent' }).fill(id);
  await expect.poll(() => shownEvents(page)).toEqual([
    `assignment.put agents/${id}/tools/word_count`,
    `agent.update agents/${id}`,
    `agent.update agents/${id}`,
    `agent.create agents/${id}`,
  ]);
  await page.getByRole('combobox', { name: 'Action' }).selectOption('agent.update');
  await expect.poll(() => shownEvents(page)).toEqual([`agent.update agents/${id}`, `agent.update agents/${id}`]);
  await expect(page).toHaveURL(new RegExp(`[?&]agent=${id}(&|$)`));
  await expect(page).toHaveURL(/[?&]action=agent\.update(&|$)/);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Agent' })).toHaveValue(id);
  await expect.poll(() => shownEvents(page)).toEqual([`agent.update agents/${id}`, `agent.update agents/${id}`]);
  const api = await auditEventsViaApi(request, `agent=${id}&action=agent.update`);
  expect(api.map((event) => (event.after as { name: string }).name)).toEqual([names[2], names[1]]);

  // A time range after every event leaves nothing, and says so.
  await page.getByLabel('From (UTC)').fill('2999-01-01T00:00');
  await expect(page.getByRole('heading', { name: 'No events match these filters' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]from=2999-01-01T00%3A00Z/);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Agent' })).toHaveValue('');
  await expect(page).toHaveURL(/\/audit$/);
});

test('[AUDIT][FILTER]: a time in the URL that is not ISO 8601 is pointed out at its field, and clearing the filters recovers', async ({ page }) => {
  await page.goto('/audit?from=yesterday');

  await expect(page.getByLabel('From (UTC)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('From (UTC)')).toHaveAccessibleDescription(/ISO 8601/);
  await expect(page.getByRole('alert').filter({ hasText: 'No events shown' })).toContainText('a filter is not valid');
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await expect(page.getByRole('list', { name: 'Audit events, newest first' })).toBeVisible();
  await expect(page.getByLabel('From (UTC)')).not.toHaveAttribute('aria-invalid', 'true');
});

test('[AUDIT][DIFF]: admin can open an event and see what changed, key by key', async ({ page, request }) => {
  const { id, names } = await agentWithHistory(request, 1);
  await page.goto(`/audit?agent=${id}&action=agent.update`);
  const toggle = page.getByRole('button', { name: /^Show changes of Agent changed/ });
  await expect(toggle).toHaveCount(1);

  await toggle.focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('button', { name: /^Hide changes/ })).toHaveAttribute('aria-expanded', 'true');
  const changes = page.getByRole('list', { name: 'Changes' });
  const changedName = changes.getByRole('listitem').filter({ hasText: /^name/ });
  await expect(changedName).toHaveAttribute('data-diff-kind', 'changed');
  await expect(changedName.getByRole('group', { name: 'Before' })).toHaveText(`Before${names[0]}`);
  await expect(changedName.getByRole('group', { name: 'After' })).toHaveText(`After${names[1]}`);
  // Only what changed, and no bookkeeping (version, times) even then.
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: /^Show unchanged values too/ }).click();
  await expect(changes.getByRole('listitem').filter({ hasText: /^description/ })).toHaveAttribute('data-diff-kind', 'unchanged');
  await expect(changes.getByRole('listitem').filter({ hasText: /^version/ })).toHaveCount(0);
  const [event] = await auditEventsViaApi(request, `agent=${id}&action=agent.update`);
  expect(event).toMatchObject({ before: { name: names[0], version: 1 }, after: { name: names[1], version: 2 } });

  // A create marks every key as added.
  await page.getByRole('combobox', { name: 'Action' }).selectOption('assignment.put');
  await page.getByRole('button', { name: /^Show changes of Tool settings saved/ }).click();
  await expect(page.getByRole('list', { name: 'Changes' }).getByRole('listitem').filter({ hasText: /^overrides/ })).toHaveAttribute('data-diff-kind', 'added');
});

test('[AUDIT][PAGING]: admin can load older events with the keyboard until the oldest, matching the API', async ({ page, request }) => {
  const { id } = await agentWithHistory(request, 55);
  const api = await auditEventsViaApi(request, `agent=${id}`);
  expect(api).toHaveLength(57);
  await page.goto(`/audit?agent=${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'events shown' })).toHaveText('50 events shown, newest first; older events follow.');

  const older = page.getByRole('button', { name: 'Load older events' });
  await older.focus();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'events shown' })).toHaveText('57 events shown, newest first; that is all of them.');
  await expect(older).toHaveCount(0);
  // Focus moves to the first event just loaded, the 51st.
  await expect(page.getByRole('button', { name: `Show changes of ${actionInWords(api[50]!.action)} ${api[50]!.target} at ${api[50]!.at}` })).toBeFocused();
  expect(await shownEvents(page)).toEqual(api.map((event) => `${event.action} ${event.target}`));
});

test('[AUDIT][EXPORT]: admin can download the filtered log as JSON lines, the same events the API lists', async ({ page, request }) => {
  const { id } = await agentWithHistory(request, 3);
  await page.goto(`/audit?agent=${id}`);
  await expect.poll(async () => (await shownEvents(page)).length).toBe(5);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export JSON lines' }).click()]);

  expect(download.suggestedFilename()).toMatch(/^audit-.+\.jsonl$/);
  const text = await readFile((await download.path())!, 'utf8');
  const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
  expect(lines).toEqual(await auditEventsViaApi(request, `agent=${id}`));
});

test('[AUDIT][READ-ONLY]: no request changes or deletes an event: writes to the audit routes answer 405 or 404 and the log is unchanged', async ({ request }) => {
  await agentWithHistory(request, 0);
  const before = await (await request.get('/api/v1/audit?format=jsonl')).text();
  const [newest] = await auditEventsViaApi(request, 'limit=1');

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const onLog = await request.fetch('/api/v1/audit', { method, data: { events: [] } });
    expect(onLog.status(), `${method} /api/v1/audit`).toBe(405);
    const onEvent = await request.fetch(`/api/v1/audit/${newest!.id}`, { method, data: {} });
    expect(onEvent.status(), `${method} /api/v1/audit/{id}`).toBe(404);
  }

  expect(await (await request.get('/api/v1/audit?format=jsonl')).text()).toBe(before);
});
