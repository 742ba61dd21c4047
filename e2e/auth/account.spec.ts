import type { APIRequest, APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { ADMIN_STORAGE_STATE, signInCookie } from '../support/e2e-admin';
import { horizontalOverflow } from '../support/layout-checks';

// Issue 33, findings 12 and 13: sign-in did not return to the page you came from, there was no
// way to change one's own password, and sessions showed no address to recognise them by.

test.use({ storageState: { cookies: [], origins: [] } });

const PASSWORD = 'an account password for the e2e run';
const NEW_PASSWORD = 'a fresh account password for the e2e run';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The admin's API, whatever the test's own page is signed in as. */
async function adminApi(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, storageState: ADMIN_STORAGE_STATE, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
}

/** A new editor who signs in with `PASSWORD`; their email. */
async function newEditor(admin: APIRequestContext): Promise<string> {
  const email = `account-${uniqueToken()}@e2e.test`;
  const created = await admin.post('/api/v1/users', { data: { email, name: 'Rosalind Franklin', role: 'editor', password: PASSWORD } });
  expect(created.status()).toBe(201);
  return email;
}

async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function axeInBothThemes(page: Page): Promise<void> {
  // The pointer off any button: axe measures colours at rest, not in a hover state.
  await page.mouse.move(0, 0);
  for (const colorScheme of ['light', 'dark'] as const) {
    // Reduced motion: no colour transition is half-way when axe measures.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page), colorScheme).toEqual([]);
  }
}

for (const viewport of VIEWPORTS) {
  test(`[AUTH][SIGN-IN]: a signed-out visit to a page signs in and returns to it; the session reads "Chrome on Linux, 127.0.0.1, active just now" (${viewport.name})`, async ({ page, playwright, baseURL }) => {
    await page.setViewportSize(viewport);
    const admin = await adminApi(playwright, baseURL!);
    const email = await newEditor(admin);

    await page.goto('/audit?action=agent.update');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Faudit%3Faction%3Dagent\.update$/);
    await signInOnPage(page, email, PASSWORD);

    await expect(page).toHaveURL(/\/audit\?action=agent\.update$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/settings/sessions');
    const current = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: 'this session' });
    await expect(current).toContainText(/Chrome on Linux, 127\.0\.0\.1, active just now/);
    // The API says the same: the address the front door saw at sign-in is on the session.
    const sessions = (await (await page.request.get('/api/v1/sessions')).json()) as { sessions: { isCurrent: boolean; ipAddress: string | null }[] };
    expect(sessions.sessions.find((session) => session.isCurrent)?.ipAddress).toBe('127.0.0.1');
    expect(await horizontalOverflow(page)).toEqual([]);
    await axeInBothThemes(page);
    await admin.dispose();
  });
}

test('[AUTH][SIGN-IN]: an attacker\'s `next` (another origin, //host, /\\host, javascript:) lands on the home page, before and after signing in', async ({ page, playwright, baseURL }) => {
  const admin = await adminApi(playwright, baseURL!);
  const email = await newEditor(admin);
  const home = `${new URL(baseURL!).origin}/`;

  for (const next of ['https://evil.example/steal', '//evil.example/steal']) {
    await page.context().clearCookies();
    await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
    await signInOnPage(page, email, PASSWORD);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // Signed in, the sign-in page sends on at once: to the home page for every hostile value.
  for (const next of ['/\\evil.example', '/\t/evil.example', 'javascript:alert(document.domain)', 'https://evil.example', '//evil.example', '/api/auth/sign-out']) {
    const response = await page.request.get(`/sign-in?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
    expect(response.status(), next).toBe(307);
    expect(response.headers().location, next).toBe('/');
  }
  const own = await page.request.get(`/sign-in?next=${encodeURIComponent('/agents?q=demo')}`, { maxRedirects: 0 });
  expect(own.headers().location).toBe('/agents?q=demo');
  await admin.dispose();
});

for (const viewport of VIEWPORTS) {
  test(`[AUTH][PASSWORD]: a user changes their own password with the current one; wrong or weak ones are refused on their fields; other sessions end (${viewport.name})`, async ({ page, playwright, baseURL }) => {
    await page.setViewportSize(viewport);
    const admin = await adminApi(playwright, baseURL!);
    const email = await newEditor(admin);
    const otherBrowser = await signInCookie(baseURL!, email, PASSWORD);
    const isSignedIn = async (cookie: string) => (await fetch(`${baseURL}/api/v1/me`, { headers: { cookie } })).status === 200;
    expect(await isSignedIn(otherBrowser)).toBe(true);

    await page.goto('/settings/password');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%2Fpassword$/);
    await signInOnPage(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/settings\/password$/);
    const form = page.getByRole('form', { name: 'Change your password' });
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Your password' })).toHaveAttribute('aria-current', 'page');

    // A wrong current password: refused on its field, nothing changed.
    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('New password again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('The current password is wrong');
    expect(await isSignedIn(otherBrowser)).toBe(true);

    // A weak new password: refused on its field by the policy setup and admins use.
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('short one');
    await form.getByLabel('New password again').fill('short one');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/The password must have at least 12 characters/);
    expect(await isSignedIn(otherBrowser)).toBe(true);
    expect(await horizontalOverflow(page)).toEqual([]);
    await axeInBothThemes(page);

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('New password again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Your password is changed. 1 other session ended.');

    // The API after the UI step: the other browser is signed out, this one is not; only the new password signs in.
    expect(await isSignedIn(otherBrowser)).toBe(false);
    expect((await page.request.get('/api/v1/me')).status()).toBe(200);
    await expect(signInCookie(baseURL!, email, PASSWORD)).rejects.toThrow(/HTTP 401/);
    expect(await isSignedIn(await signInCookie(baseURL!, email, NEW_PASSWORD))).toBe(true);
    const audit = (await (await admin.get(`/api/v1/audit?action=user.password-change&actor=${encodeURIComponent(`user:${email}`)}`)).json()) as { events: { target: string }[] };
    expect(audit.events.map((event) => event.target)).toEqual([`users/${email}`]);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    await admin.dispose();
  });
}

test('[AUTH][PASSWORD]: a token of any scope and a foreign page cannot change a password', async ({ playwright, baseURL }) => {
  const admin = await adminApi(playwright, baseURL!);
  const email = await newEditor(admin);
  const body = JSON.stringify({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
  const created = (await (await admin.post('/api/v1/tokens', { data: { name: `pw-${uniqueToken()}`, scopes: ['agents:read', 'agents:write', 'runtime'] } })).json()) as { secret: string };

  const asToken = await fetch(`${baseURL}/api/v1/me/password`, { method: 'POST', headers: { authorization: `Bearer ${created.secret}`, 'content-type': 'application/json' }, body });
  expect(asToken.status).toBe(403);
  const cookie = await signInCookie(baseURL!, email, PASSWORD);
  const fromAnotherSite = await fetch(`${baseURL}/api/v1/me/password`, { method: 'POST', headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, body });
  expect(fromAnotherSite.status).toBe(403);

  // Nothing changed: the old password still signs in.
  expect(await signInCookie(baseURL!, email, PASSWORD)).toMatch(/session_token=/);
  await admin.dispose();
});
