import { spawn } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { startNextServer, type NextServer } from '../support/next-server';
import { startTestOidcProvider, type TestOidcProvider } from '../support/oidc-test-provider';
import { ownServerPort } from '../support/ports';
import { freshSqliteDatabase, removeSqliteDatabase } from '../support/temp-database';
import { expect, test } from '../support/test';

// Single sign-on against a real OpenID Connect provider (oidc-provider) on loopback, with a
// server of its own: OIDC_* set, OIDC_DEFAULT_ROLE=refuse and LOCAL_SIGN_IN=off, its break-glass
// admin made with the CLI before it starts. Every browser context starts with no cookies.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ storageState: { cookies: [], origins: [] } });

const appPort = ownServerPort(70);
const appUrl = `http://127.0.0.1:${appPort}`;
const breakGlass = { email: 'glass@e2e.test', password: '' };
const PROVIDER_NAME = 'Test IdP';

let provider: TestOidcProvider;
let server: NextServer;
let databaseFile: string;

test.beforeAll(async () => {
  databaseFile = freshSqliteDatabase(`sso-${process.pid}`);
  const made = await runAdminCli(databaseFile, 'create-user', breakGlass.email, '--role', 'admin', '--break-glass');
  expect(made.code, made.stderr).toBe(0);
  expect(made.stdout).toContain('break-glass');
  breakGlass.password = /Password \(shown once\): (\S+)/.exec(made.stdout)?.[1] ?? '';
  provider = await startTestOidcProvider({ providerPort: ownServerPort(71), issuerPort: ownServerPort(72), redirectUri: `${appUrl}/api/auth/callback/oidc` });
  provider.identities.set('alice', { email: 'alice@corp.test', name: 'Alice Example', groups: ['staff', 'tools-editors'] });
  provider.identities.set('carol', { email: 'carol@corp.test', name: 'Carol Example', groups: ['tools-admins'] });
  server = await startNextServer(appPort, {
    DATABASE_URL: `sqlite:${databaseFile}`,
    PUBLIC_URL: appUrl,
    ADMIN_EMAIL: breakGlass.email,
    ADMIN_PASSWORD: breakGlass.password,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_PROVIDER_NAME: PROVIDER_NAME,
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLE_MAP: 'tools-admins=admin,tools-editors=editor',
    OIDC_DEFAULT_ROLE: 'refuse',
    LOCAL_SIGN_IN: 'off',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  if (databaseFile) removeSqliteDatabase(databaseFile);
});

test('[AUTH][SSO]: a person signs in with the identity provider and is created with the role their group maps to', async ({ browser }) => {
  const { page, close } = await freshPage(browser);
  await page.goto(`${appUrl}/sign-in`);
  await expect(page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
  // Passwords are off: the form hides behind the break-glass switch.
  await expect(page.getByLabel('Password')).toBeHidden();

  await signInAtProvider(page, 'alice');

  await expect(page).toHaveURL(`${appUrl}/`);
  expect(await userByEmail('alice@corp.test')).toMatchObject({ name: 'Alice Example', role: 'editor', disabled: false, breakGlass: false });
  const sessions = await page.request.get(`${appUrl}/api/v1/sessions`);
  expect(sessions.status()).toBe(200);
  const created = auditEvents("action = 'user.create' and target = 'users/alice@corp.test'");
  expect(created.map((event) => [event.actor, event.after])).toEqual([['system:sso', expect.objectContaining({ role: 'editor', groups: ['tools-editors'] })]]);
  const signIn = auditEvents("action = 'auth.sign-in' and target = 'users/alice@corp.test'");
  expect(signIn).toHaveLength(1);
  expect(signIn[0]?.after).toMatchObject({ method: 'sso', role: 'editor', groups: ['tools-editors'] });
  // Nothing of the provider's tokens is kept, nor written to the audit log.
  const account = readDatabase((db) => db.prepare("select accessToken, refreshToken, idToken from auth_account where providerId = 'oidc'").all());
  expect(account).toEqual([{ accessToken: null, refreshToken: null, idToken: null }]);
  expect(JSON.stringify(auditEvents('1 = 1'))).not.toMatch(/eyJ[\w-]+\.eyJ|secret-/);
  await close();
});

test('[AUTH][SSO]: a sign-in with the identity provider returns to the page the person came from, and never to another site', async ({ browser }) => {
  const { page, close } = await freshPage(browser);
  await page.goto(`${appUrl}/audit?action=auth.sign-in`);
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/audit?action=auth.sign-in');
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await logInAtProvider(page, 'alice');
  await expect(page).toHaveURL(`${appUrl}/audit?action=auth.sign-in`);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await close();
  // The flow's start takes only a path of this app: another site, or an API route, lands on the home page.
  for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', '/api/v1/tokens']) {
    const attempt = await freshPage(browser);
    await attempt.page.goto(`${appUrl}/api/auth/oidc/start?${new URLSearchParams({ next })}`);
    await logInAtProvider(attempt.page, 'alice');
    await expect(attempt.page).toHaveURL(`${appUrl}/`);
    await attempt.close();
  }
});

test('[AUTH][SSO]: a changed group changes the role at the next sign-in, and no mapped group refuses it and ends the sessions', async ({ browser }) => {
  const asEditor = await freshPage(browser);
  await signInAtProvider(asEditor.page, 'alice');
  await expect(asEditor.page).toHaveURL(`${appUrl}/`);

  provider.identities.get('alice')!.groups = ['tools-admins'];
  const asAdmin = await freshPage(browser);
  await signInAtProvider(asAdmin.page, 'alice');
  await expect(asAdmin.page).toHaveURL(`${appUrl}/`);
  expect(await userByEmail('alice@corp.test')).toMatchObject({ role: 'admin' });
  const change = auditEvents("action = 'user.role-from-sso'");
  expect(change.map((event) => [event.actor, event.before, event.after])).toEqual([['system:sso', { role: 'editor' }, { role: 'admin', groups: ['tools-admins'] }]]);
  // The role is the user's: the session opened as editor is an admin's now too.
  expect((await asEditor.page.request.get(`${appUrl}/api/v1/users`)).status()).toBe(200);

  provider.identities.get('alice')!.groups = ['staff'];
  const alice = await userByEmail('alice@corp.test');
  const openSessions = readDatabase((db) => db.prepare('select count(*) as count from auth_session where userId = ?').get(alice?.id)) as { count: number };
  expect(openSessions.count).toBeGreaterThanOrEqual(2);
  const refused = await freshPage(browser);
  await signInAtProvider(refused.page, 'alice');
  await expect(refused.page).toHaveURL(`${appUrl}/sign-in?sso_error=no_role`);
  await expect(refused.page.getByRole('alert').filter({ hasText: 'none of the groups that may use Tools Admin' })).toBeVisible();
  expect((await refused.page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(401);
  // Their other sessions ended with the refusal.
  expect((await asAdmin.page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(401);
  expect((await asEditor.page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(401);
  const failed = auditEvents("action = 'auth.sign-in-failed' and target = 'users/alice@corp.test'");
  expect(failed.at(-1)?.after).toMatchObject({ method: 'sso', reason: 'no_role', sessionsEnded: openSessions.count });
  for (const opened of [asEditor, asAdmin, refused]) await opened.close();
});

for (const tampering of ['audience', 'nonce', 'signature'] as const) {
  test(`[AUTH][SSO]: an ID token with a wrong ${tampering} is refused by the app`, async ({ browser }) => {
    const before = provider.tamperedCount();
    provider.tamper(tampering);
    const { page, close } = await freshPage(browser);
    try {
      await signInAtProvider(page, 'carol');
      await expect(page).toHaveURL(new RegExp(`^${appUrl}/sign-in\\?sso_error=`));
    } finally {
      provider.tamper('none');
    }
    await expect(page.getByRole('alert').filter({ hasText: 'could not be verified' })).toBeVisible();
    expect(provider.tamperedCount()).toBe(before + 1);
    expect((await page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(401);
    expect(await userByEmail('carol@corp.test')).toBeUndefined();
    expect(auditEvents("action = 'auth.sign-in-failed'").at(-1)?.after).toMatchObject({ method: 'sso', reason: 'id_token_rejected' });
    await close();
  });
}

test('[AUTH][SSO]: the same person with an untouched token signs in (the refusals above were the tampering)', async ({ browser }) => {
  const { page, close } = await freshPage(browser);
  await signInAtProvider(page, 'carol');
  await expect(page).toHaveURL(`${appUrl}/`);
  expect(await userByEmail('carol@corp.test')).toMatchObject({ role: 'admin' });
  await close();
});

test('[AUTH][SSO]: password sign-in is refused when turned off, while the break-glass admin made with the CLI signs in', async ({ browser }) => {
  const password = 'a password long enough for the policy 42';
  const created = await server.fetch('/api/v1/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'pat@e2e.test', role: 'admin', password }) });
  expect(created.status).toBe(201);
  const byApi = await fetch(`${appUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'pat@e2e.test', password }) });
  expect(byApi.status).toBe(401);
  expect(byApi.headers.getSetCookie()).toEqual([]);

  const { page, close } = await freshPage(browser);
  await page.goto(`${appUrl}/sign-in`);
  await page.getByText('Break-glass sign-in').click();
  await page.getByLabel('Email').fill('pat@e2e.test');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `signs in with ${PROVIDER_NAME} only` })).toBeVisible();
  expect((await page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(401);
  expect(auditEvents("action = 'auth.sign-in-failed' and target = 'users/pat@e2e.test'").map((event) => event.after)).toEqual([
    expect.objectContaining({ reason: 'password sign-in is off' }),
    expect.objectContaining({ reason: 'password sign-in is off' }),
  ]);

  await page.getByLabel('Email').fill(breakGlass.email);
  await page.getByLabel('Password').fill(breakGlass.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${appUrl}/`);
  expect((await page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(200);
  expect(await userByEmail(breakGlass.email)).toMatchObject({ role: 'admin', breakGlass: true });
  await close();
});

test('[AUTH][SSO]: an admin ends a user\'s sessions at once from the users page', async ({ browser }) => {
  const asCarol = await freshPage(browser);
  await signInAtProvider(asCarol.page, 'carol');
  await expect(asCarol.page).toHaveURL(`${appUrl}/`);
  const admin = await freshPage(browser);
  await server.signIn(admin.page.context());
  await admin.page.goto(`${appUrl}/settings/users`);
  await admin.page.getByRole('button', { name: 'End sessions of carol@corp.test' }).click();
  await expect(admin.page.getByRole('status')).toContainText(/Ended [1-9]\d* sessions? of carol@corp\.test/);
  expect((await asCarol.page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(401);
  expect(auditEvents("action = 'user.sessions-end'").at(-1)).toMatchObject({ actor: `user:${breakGlass.email}`, target: 'users/carol@corp.test' });
  // An editor may not end anyone's sessions: 403, audited as denied, and carol's new session stands.
  provider.identities.get('alice')!.groups = ['tools-editors'];
  const asEditor = await freshPage(browser);
  await signInAtProvider(asEditor.page, 'alice');
  await expect(asEditor.page).toHaveURL(`${appUrl}/`);
  const carolAgain = await freshPage(browser);
  await signInAtProvider(carolAgain.page, 'carol');
  const carol = await userByEmail('carol@corp.test');
  const byEditor = await asEditor.page.request.delete(`${appUrl}/api/v1/users/${carol?.id}/sessions`, { headers: { origin: appUrl } });
  expect(byEditor.status()).toBe(403);
  expect((await carolAgain.page.request.get(`${appUrl}/api/v1/sessions`)).status()).toBe(200);
  expect(auditEvents("action = 'access.denied'").at(-1)).toMatchObject({ actor: 'user:alice@corp.test', target: `api/v1/users/${carol?.id}/sessions` });
  for (const opened of [asEditor, carolAgain]) await opened.close();
  for (const opened of [asCarol, admin]) await opened.close();
});

/** A page in a new browser context without cookies (so no session and no provider session). */
async function freshPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** From the app's sign-in page through the provider's own login form (any password), back to the app. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.goto(`${appUrl}/sign-in`);
  await page.getByRole('link', { name: `Sign in with ${PROVIDER_NAME}` }).click();
  await logInAtProvider(page, login);
}

/** The provider's own login page, then back to the app. */
async function logInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL((url) => url.origin === appUrl);
}

interface ApiUser {
  id: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  breakGlass: boolean;
}

async function userByEmail(email: string): Promise<ApiUser | undefined> {
  const response = await server.fetch('/api/v1/users');
  expect(response.status).toBe(200);
  const { users } = (await response.json()) as { users: ApiUser[] };
  return users.find((user) => user.email === email);
}

function readDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

interface StoredEvent {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Audit events matching a SQL condition (the test's own literals), oldest first, JSON parsed. */
function auditEvents(condition: string): StoredEvent[] {
  const rows = readDatabase((db) => db.prepare(`select actor, action, target, before, after from audit_events where ${condition} order by id`).all()) as Record<string, string | null>[];
  return rows.map((row) => ({
    actor: String(row.actor),
    action: String(row.action),
    target: String(row.target),
    before: row.before ? JSON.parse(row.before) : null,
    after: row.after ? JSON.parse(row.after) : null,
  }));
}

/** `npm run admin -- …` on the database file, its stdin not a terminal (so it generates and prints the password). */
function runAdminCli(file: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite:${file}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
