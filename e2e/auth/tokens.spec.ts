import { expect, test } from '../support/test';
import { uniqueToken } from '../support/agents-page';

test('[AUTH][TOKENS]: admin creates a token, GET /api/v1/agents works with it and fails once it is revoked', async ({ page, baseURL }) => {
  const name = `script ${uniqueToken()}`;
  await page.goto('/settings/tokens');
  const form = page.getByRole('form', { name: 'New token' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('checkbox', { name: /agents:read/ }).check();
  await form.getByRole('radio', { name: /All agents/ }).check();
  await form.getByRole('button', { name: 'Create token' }).click();
  const secret = await page.getByRole('textbox', { name: 'New token' }).inputValue();
  expect(secret).toMatch(/^tat_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('user:admin@e2e.test');
  await expect(row).toContainText('never');

  const withToken = () => fetch(`${baseURL}/api/v1/agents`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await withToken()).status).toBe(200);
  // Its scope is agents:read only.
  const write = await fetch(`${baseURL}/api/v1/agents`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: '{"name":"Token made"}' });
  expect(write.status).toBe(403);
  // Never on pages: a page asked with only the token is the sign-in page.
  const pageWithToken = await fetch(`${baseURL}/agents`, { headers: { authorization: `Bearer ${secret}` }, redirect: 'manual' });
  const pageText = await pageWithToken.text();
  expect(`${pageWithToken.headers.get('location') ?? ''} ${pageText}`).toContain('/sign-in');
  expect(pageText).not.toContain('Signed in as');

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('never');
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('alertdialog', { name: `Revoke the token "${name}"?` }).getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('revoked');
  expect((await withToken()).status).toBe(401);
});
