import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';

const ADMIN = { email: 'owner@e2e.test', password: 'the owner password 2026' };
const EDITOR = { email: 'ed@e2e.test', password: 'the editor password 2026' };
const VIEWER = { email: 'vi@e2e.test', password: 'the viewer password 2026' };

let server: NextServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // No ADMIN_EMAIL: the server prints a one-time setup link instead.
  server = await startNextServer(ownServerPort(20), { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }, { isSignedIn: false });
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ storageState: { cookies: [], origins: [] } });

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('group', { name: 'Signed in user' })).toBeVisible();
}

/** Nothing sticks out sideways and axe finds nothing serious (the other views: e2e/ui/daily-view-matrix.spec.ts). */
async function expectFits(page: Page) {
  expect(await horizontalOverflow(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
}

async function createUser(page: Page, user: { email: string; password: string }, role: string) {
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByLabel('First password').fill(user.password);
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Created ${user.email} as ${role}.` })).toBeVisible();
}

test('[AUTH][SETUP]: the setup link makes an admin, who creates an editor and a viewer; the viewer sees no write controls', async ({ page }) => {
  test.setTimeout(120_000);
  const link = /\/setup\?token=\S+/.exec(server.output())?.[0];
  expect(link, server.output()).toBeDefined();

  // Signed out, every page leads to sign-in, which will return to it (issue 33, finding 13).
  await page.goto(`${server.url}/agents`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fagents$/);
  // …and the sidebar offers only that: no section that would send the visitor back here (issue 33, finding 10).
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
  for (const section of ['Catalogue', 'Agents', 'Workflows', 'Audit']) await expect(nav.getByRole('link', { name: section })).toHaveCount(0);

  await page.goto(`${server.url}${link}`);
  const setup = page.getByRole('form', { name: 'Create the first admin' });
  await expect(setup).toBeVisible();
  await expectFits(page);
  await setup.getByLabel('Email').fill(ADMIN.email);
  await setup.getByLabel('Password', { exact: true }).fill('password1234');
  await setup.getByLabel('Repeat the password').fill('password1234');
  await setup.getByRole('button', { name: 'Create admin' }).click();
  await expect(setup.getByText(/at least 12 characters|common/)).toBeVisible();
  await setup.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await setup.getByLabel('Repeat the password').fill(ADMIN.password);
  await setup.getByRole('button', { name: 'Create admin' }).click();
  // The new admin is signed in at once and lands on the catalogue (issue 33, finding 10).
  await expect(page.getByRole('group', { name: 'Signed in user' })).toContainText(ADMIN.email);
  await expect(page).toHaveURL(`${server.url}/`);
  await expectFits(page);

  // The link is used up.
  await page.goto(`${server.url}${link}`);
  await expect(page.getByText('This setup link is not valid, or was used already.')).toBeVisible();

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await createUser(page, EDITOR, 'editor');
  await createUser(page, VIEWER, 'viewer');
  const users = (await (await page.request.get(`${server.url}/api/v1/users`)).json()) as { users: { email: string; role: string }[] };
  expect(users.users.map(({ email, role }) => `${email} ${role}`).sort()).toEqual([`${EDITOR.email} editor`, `${ADMIN.email} admin`, `${VIEWER.email} viewer`].sort());

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, VIEWER);
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto(`${server.url}/agents`);
  await expect(page.getByRole('link', { name: 'Demo agent' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New agent' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) agent/ })).toHaveCount(0);
  await page.goto(`${server.url}/agents/demo`);
  await expect(page.getByRole('heading', { name: 'Demo agent' })).toBeVisible();
  await expect(page.getByText('word_count').first()).toBeVisible();
  for (const name of ['Add tools', 'Edit details', 'Delete agent', /^Edit settings of/, /^Remove /]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  // The API refuses the viewer anyway, and nothing changes.
  const refused = await page.request.post(`${server.url}/api/v1/agents`, { data: { id: 'by-viewer', name: 'By viewer' } });
  expect(refused.status()).toBe(403);
  expect((await page.request.get(`${server.url}/api/v1/agents/by-viewer`)).status()).toBe(404);

  // The editor can change agents but not users.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, EDITOR);
  await page.goto(`${server.url}/agents`);
  await expect(page.getByRole('button', { name: 'New agent' })).toBeVisible();
  expect((await page.request.get(`${server.url}/api/v1/users`)).status()).toBe(403);
});
