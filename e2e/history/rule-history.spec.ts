import { expect, test } from '../support/test';
import { createTestAgent } from '../support/agent-api';
import { seriousViolations } from '../support/axe';

interface Versions {
  current: number;
  versions: { version: number; action: string; actorName?: string; restoredFrom?: number }[];
}

// Version 1 excludes a tool no provider offers: excluding it is harmless, and a restore keeps it.
const EXCLUSIONS = [['todo_gone', 'todo_write'], ['todo_write'], []];

test('[HISTORY][RULES]: admin opens a group rule\'s history from the agent page, compares versions 1 and 3 and restores version 1 as a new audited change', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Rulehist');
  const rule = `/api/v1/agents/${agentId}/rules/todo`;
  expect((await request.post(`/api/v1/agents/${agentId}/rules`, { data: { group: 'todo', exclude: EXCLUSIONS[0] } })).status()).toBe(201);
  for (const n of [1, 2]) {
    const changed = await request.put(rule, { data: { exclude: EXCLUSIONS[n] }, headers: { 'if-match': `"${n}"` } });
    expect(changed.status(), await changed.text()).toBe(200);
  }

  await page.goto(`/agents/${agentId}`);
  await page.getByRole('region', { name: /Group rules/ }).getByRole('link', { name: 'History of the Todo group rule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History of todo' })).toBeVisible();
  const versions = page.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await expect(versions.getByRole('listitem').first()).toContainText('current');

  await page.getByRole('combobox', { name: 'Compare version' }).selectOption('1');
  await page.getByRole('combobox', { name: 'with version' }).selectOption('3');
  const settings = page.getByRole('region', { name: 'Settings' });
  const first = settings.getByRole('group', { name: 'Version 1' });
  await expect(first.locator('[data-setting="exclude"]')).toHaveAttribute('data-changed', 'true');
  await expect(first).toContainText('todo_gone');
  await expect(settings.getByRole('group', { name: 'Version 3' })).not.toContainText('todo_write');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Restore this version (version 1)' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByText('Restored version 1 as version 4.')).toBeVisible();
  await expect(versions.getByRole('listitem')).toHaveCount(4);
  await expect(versions.getByRole('listitem').first()).toContainText('restored to an earlier version (version 1)');

  const after = (await (await request.get(`${rule}/versions`)).json()) as Versions;
  expect(after.versions.at(-1)).toMatchObject({ version: 4, action: 'rule.restore', restoredFrom: 1, actorName: expect.any(String) });
  const stored = (await (await request.get(rule)).json()) as { exclude: string[] };
  expect(stored.exclude).toEqual(EXCLUSIONS[0]);
  const audit = await request.get('/api/v1/audit?action=rule.restore');
  const events = ((await audit.json()) as { events: { target: string }[] }).events;
  expect(events.filter((event) => event.target === `agents/${agentId}/rules/todo`)).toHaveLength(1);
});
