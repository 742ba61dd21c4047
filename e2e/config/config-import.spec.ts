import { expect, test } from '../support/test';
import { readAgent, uniqueToken } from '../support/agents-page';
import { assignmentsOf } from '../support/agent-api';

test('[CONFIG][IMPORT]: admin can paste a file, review its plan as a diff, and apply it', async ({ page, request }) => {
  const token = uniqueToken();
  const id = `from-config-${token}`;
  const file = ['apiVersion: tools-admin/v1', 'agents:', `  - id: ${id}`, `    name: From config ${token}`, '    tools:', '      word_count: {}', ''].join('\n');
  await page.goto('/config');

  await page.getByRole('textbox', { name: 'Configuration file' }).fill(file);
  await page.getByRole('button', { name: 'Review plan' }).click();

  const changes = page.getByRole('list', { name: 'Planned changes' });
  await expect(changes.getByRole('listitem', { name: `create agents/${id}`, exact: true })).toContainText(`From config ${token}`);
  await expect(changes.getByRole('listitem', { name: `create agents/${id}/tools/word_count` })).toBeVisible();
  expect(await readAgent(request, id)).toBeUndefined();
  await page.getByRole('button', { name: 'Apply 2 changes' }).click();

  await expect(page.getByText('Applied 2 changes.')).toBeVisible();
  expect(await readAgent(request, id)).toMatchObject({ name: `From config ${token}`, version: 1 });
  expect([...(await assignmentsOf(request, id)).keys()]).toEqual(['word_count']);
});

test('[CONFIG][IMPORT]: admin sees each error of an invalid file with its line, and nothing is applied', async ({ page }) => {
  await page.goto('/config');
  await page.getByRole('textbox', { name: 'Configuration file' }).fill('apiVersion: tools-admin/v1\nagents:\n  - id: Not An Id\n    name: X\n');
  await page.getByRole('button', { name: 'Review plan' }).click();

  const errors = page.getByRole('list', { name: 'Errors in the file' });
  await expect(errors.getByRole('listitem')).toHaveText([/^Line 3, column 9: "id" must match pattern/]);
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
});
