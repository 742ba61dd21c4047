import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';
import { serverBody, workflowBody } from '../../test/history/history-bodies';

interface Versions {
  current: number;
  versions: { version: number; action: string; actorName?: string; restoredFrom?: number }[];
}

/** One kind of object with a history page: how it is made and edited through the API, and where its page is. */
interface Kind {
  collection: 'servers' | 'workflows';
  field: 'server' | 'workflow';
  /** The object's body in its `n`th shape. */
  body(name: string, n: number): Record<string, unknown>;
  /** Where a person finds the History link, and its accessible name there. */
  linkFrom(name: string): { path: string; link: string };
}

const serverKind: Kind = {
  collection: 'servers',
  field: 'server',
  body: (name, n) => serverBody(name, n, 9100 + n),
  linkFrom: (name) => ({ path: `/servers/${name}`, link: 'History' }),
};

const workflowKind: Kind = {
  collection: 'workflows',
  field: 'workflow',
  body: workflowBody,
  linkFrom: (name) => ({ path: '/workflows', link: `History of ${name}` }),
};

/** Made, then edited twice through the API, as another admin would: versions 1 to 3. */
async function editedTwice(request: APIRequestContext, kind: Kind): Promise<string> {
  const name = `hist${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 24);
  const created = await request.post(`/api/v1/${kind.collection}`, { data: kind.body(name, 1) });
  expect(created.status(), await created.text()).toBe(201);
  for (const n of [2, 3]) {
    const edited = await request.put(`/api/v1/${kind.collection}/${name}`, { data: kind.body(name, n), headers: { 'if-match': `"${n - 1}"` } });
    expect(edited.status(), await edited.text()).toBe(200);
  }
  return name;
}

async function versionsOf(request: APIRequestContext, kind: Kind, name: string): Promise<Versions> {
  const response = await request.get(`/api/v1/${kind.collection}/${name}/versions`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Versions;
}

async function contentOf(request: APIRequestContext, kind: Kind, name: string, version: number): Promise<unknown> {
  const response = await request.get(`/api/v1/${kind.collection}/${name}/versions/${version}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Record<string, unknown>)[kind.field];
}

for (const kind of [serverKind, workflowKind]) {
  test(`[HISTORY][RESTORE]: admin compares versions 1 and 3 of a ${kind.field} on its history page and restores version 1 as a new audited change`, async ({ page, request }) => {
    const name = await editedTwice(request, kind);
    const { path, link } = kind.linkFrom(name);

    await page.goto(path);
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: `History of ${name}` })).toBeVisible();
    const versions = page.getByRole('list', { name: 'Versions, newest first' });
    await expect(versions.getByRole('listitem')).toHaveCount(3);
    await expect(versions.getByRole('listitem').first()).toContainText('current');

    await page.getByRole('combobox', { name: 'Compare version' }).selectOption('1');
    await page.getByRole('combobox', { name: 'with version' }).selectOption('3');
    const settings = page.getByRole('region', { name: 'Settings' });
    const changedKey = kind.field === 'server' ? 'url' : 'steps';
    await expect(settings.getByRole('group', { name: 'Version 1' }).locator(`[data-setting="${changedKey}"]`)).toHaveAttribute('data-changed', 'true');
    await expect(settings.getByRole('group', { name: 'Version 1' })).toContainText(kind.field === 'server' ? 'shape 1' : 'Shape 1');
    await expect(settings.getByRole('group', { name: 'Version 3' })).toContainText(kind.field === 'server' ? 'shape 3' : 'Shape 3');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Restore this version (version 1)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore version 1?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText('Restored version 1 as version 4.')).toBeVisible();
    await expect(versions.getByRole('listitem')).toHaveCount(4);
    await expect(versions.getByRole('listitem').first()).toContainText('restored to an earlier version (version 1)');

    const after = await versionsOf(request, kind, name);
    expect(after.versions.at(-1)).toMatchObject({ version: 4, action: `${kind.field}.restore`, restoredFrom: 1, actorName: expect.any(String) });
    expect(await contentOf(request, kind, name, 4)).toEqual(await contentOf(request, kind, name, 1));
    const stored = (await (await request.get(`/api/v1/${kind.collection}/${name}`)).json()) as Record<string, unknown>;
    expect(stored).toMatchObject(kind.body(name, 1));
    const audit = await request.get(`/api/v1/audit?action=${kind.field}.restore`);
    const events = ((await audit.json()) as { events: { target: string }[] }).events;
    expect(events.filter((event) => event.target === `${kind.collection}/${name}`)).toHaveLength(1);
  });

  test(`[HISTORY][CONFLICT]: restoring a ${kind.field} changed since the page was loaded is refused and reloads the history`, async ({ page, request }) => {
    const name = await editedTwice(request, kind);
    await page.goto(`/${kind.collection}/${name}/history`);
    await expect(page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem')).toHaveCount(3);
    const edited = await request.put(`/api/v1/${kind.collection}/${name}`, { data: kind.body(name, 4), headers: { 'if-match': '"3"' } });
    expect(edited.status()).toBe(200);

    await page.getByRole('button', { name: 'Restore this version (version 1)' }).click();
    await page.getByRole('alertdialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText(`The ${kind.field} changed since this page was loaded.`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem')).toHaveCount(4);
    expect((await versionsOf(request, kind, name)).current).toBe(4);
    expect((await (await request.get(`/api/v1/${kind.collection}/${name}`)).json()) as Record<string, unknown>).toMatchObject(kind.body(name, 4));
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`[HISTORY][A11Y]: the server and workflow history pages have no serious axe violations and no sideways scroll on a phone (${theme})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: theme });
    for (const kind of [serverKind, workflowKind]) {
      const name = await editedTwice(request, kind);
      await page.goto(`/${kind.collection}/${name}/history`);
      await page.getByRole('combobox', { name: 'Compare version' }).selectOption('1');
      await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toEqual([]);
      // From the keyboard: Enter opens the confirm dialog, Escape closes it and nothing is restored.
      await page.getByRole('button', { name: 'Restore this version (version 1)' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Restore version 1?' });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect((await versionsOf(request, kind, name)).current).toBe(3);
    }
  });
}
