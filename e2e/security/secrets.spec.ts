import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { addSessionCookie, signInCookie } from '../support/e2e-admin';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { startTestMcpServer, type TestMcpServer } from '../../test/mcp-servers/test-mcp-server';

const FIRST_VALUE = 'e2e-first-secret-value-41c7d';
const SECOND_VALUE = 'e2e-second-secret-value-9a02e';
const EDITOR = { email: 'editor@secrets.test', password: 'an editor password, long enough' };
const VIEWER = { email: 'viewer@secrets.test', password: 'a viewer password, long enough' };

test.describe('[SETTINGS][SECRETS]', () => {
  let server: NextServer;
  let mcp: TestMcpServer;
  test.beforeAll(async () => {
    mcp = await startTestMcpServer({ bearer: FIRST_VALUE });
    // Debug logging: the log below is searched for the values, so it should say as much as it can.
    // A careless operator even allows ADMIN_PASSWORD: the app has removed it from its environment anyway.
    server = await startNextServer(ownServerPort(71), { SEED_DEMO: '0', LOG_LEVEL: 'debug', MCP_ALLOWED_HOSTS: '127.0.0.1', SERVER_ENV_ALLOWLIST: 'ADMIN_PASSWORD' });
    for (const [user, role] of [[EDITOR, 'editor'], [VIEWER, 'viewer']] as const) {
      const created = await server.fetch('/api/v1/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...user, role }) });
      expect(created.status).toBe(201);
    }
  });
  test.afterAll(async () => {
    await server?.stop();
    await mcp?.close();
  });

  test('admin creates a secret on /settings/secrets, uses it in a server form, replaces it, cannot delete it while used; no answer or log line shows a value', async ({ page, context }) => {
    await server.signIn(context);
    await page.goto(`${server.url}/settings/secrets`);
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Secrets' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('No secrets yet')).toBeVisible();
    const form = page.getByRole('form', { name: 'Set a secret' });
    await form.getByRole('textbox', { name: 'Name' }).fill('MCP_TOKEN');
    const value = form.getByLabel('Value');
    await expect(value).toHaveAttribute('type', 'password');
    await value.fill(FIRST_VALUE);
    // The keyboard saves it.
    await value.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Created the secret “MCP_TOKEN”' })).toBeVisible();
    await expect(value).toHaveValue('');
    const row = page.getByRole('row').filter({ hasText: 'MCP_TOKEN' });
    await expect(row.getByText('no server')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const listed = await server.fetch('/api/v1/secrets');
    const listedText = await listed.text();
    expect(JSON.parse(listedText)).toMatchObject({ secrets: [{ name: 'MCP_TOKEN', setBy: 'user:admin@e2e.test', usedBy: [] }] });
    expect(listedText).not.toContain(FIRST_VALUE);

    // The server form offers the secret as a reference, and the connection gets its value.
    await page.goto(`${server.url}/servers`);
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('vault');
    await dialog.getByRole('textbox', { name: 'URL' }).fill(mcp.url);
    const headers = dialog.getByRole('textbox', { name: 'Headers' });
    await expect(headers).toHaveAccessibleDescription(/\$\{secret:MCP_TOKEN\}/);
    // A variable of the app's environment is refused on the field, before anything connects.
    await headers.fill('X-Probe: ${DATABASE_URL}');
    await dialog.getByRole('button', { name: 'Add server' }).click();
    await expect(headers).toHaveAccessibleDescription(/\$\{DATABASE_URL\} names an environment variable that servers may not read/);
    expect((await server.fetch('/api/v1/servers/vault')).status).toBe(404);
    await headers.fill('Authorization: Bearer ${secret:MCP_TOKEN}');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByRole('status')).toContainText('Connected to test-mcp-server', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Add server' }).click();
    await expect(dialog).toBeHidden();
    const serverRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'vault' }) });
    await expect(serverRow.getByText('connected', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await (await server.fetch('/api/v1/servers/vault')).json()).toMatchObject({ headers: { Authorization: 'Bearer ${secret:MCP_TOKEN}' }, status: 'connected' });

    // Used by the server: deleting is refused, with its name; replacing reaches the connection.
    await page.goto(`${server.url}/settings/secrets`);
    await expect(row.getByRole('cell', { name: 'vault' })).toBeVisible();
    await row.getByRole('button', { name: 'Delete MCP_TOKEN' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete secret' }).click();
    await expect(row.getByRole('alert')).toContainText('used by the MCP server "vault"');
    await row.getByRole('button', { name: 'Replace MCP_TOKEN' }).click();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('MCP_TOKEN');
    await expect(value).toBeFocused();
    await page.keyboard.type(SECOND_VALUE);
    await form.getByRole('button', { name: 'Save secret' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Replaced the secret “MCP_TOKEN”' })).toBeVisible();
    await expect(value).toHaveValue('');
    await expect
      .poll(async () => ((await (await server.fetch('/api/v1/servers/vault')).json()) as { status: string }).status, { timeout: 20_000 })
      .toBe('unavailable');

    const answers = await Promise.all(['/api/v1/secrets', '/api/v1/servers', '/api/v1/servers/vault', '/api/v1/config', '/api/v1/audit?format=jsonl', '/settings/secrets', '/servers', '/audit'].map(async (path) => (await server.fetch(path)).text()));
    const events = answers[4]!;
    expect(events).toContain('secret.create');
    expect(events).toContain('secret.update');
    for (const text of [...answers, server.output()]) {
      expect(text).not.toContain(FIRST_VALUE);
      expect(text).not.toContain(SECOND_VALUE);
    }
  });

  test('the running server has removed ADMIN_PASSWORD from its environment: even an allowed ${ADMIN_PASSWORD} resolves to nothing', async () => {
    const tested = await server.fetch('/api/v1/connection-tests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'probe', transport: 'http', url: `${mcp.url}?p=\${ADMIN_PASSWORD}` }),
    });
    const text = await tested.text();
    expect(JSON.parse(text)).toMatchObject({ ok: false, error: expect.stringContaining("the app's environment does not set ADMIN_PASSWORD") });
    expect(text).not.toContain('e2e admin password');
  });

  test('editors and viewers cannot open the secrets page or list secrets, and see no Secrets tab', async ({ browser }) => {
    for (const user of [EDITOR, VIEWER]) {
      const context = await browser.newContext();
      const cookie = await signInCookie(server.url, user.email, user.password);
      await addSessionCookie(context, server.url, cookie);
      const page = await context.newPage();
      await page.goto(`${server.url}/settings/secrets`);
      await expect(page.getByText('Only admins manage secrets.')).toBeVisible();
      await expect(page.getByRole('form', { name: 'Set a secret' })).toHaveCount(0);
      await expect(page.getByRole('row').filter({ hasText: 'MCP_TOKEN' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Secrets' })).toHaveCount(0);
      expect((await fetch(`${server.url}/api/v1/secrets`, { headers: { cookie } })).status).toBe(403);
      await context.close();
    }
  });
});
