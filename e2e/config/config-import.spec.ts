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

test('[CONFIG][IMPORT]: admin can import a workflow, the rule and the assignment that use it in one apply, and sees what the plan could not check', async ({ page, request }) => {
  const token = uniqueToken();
  const id = `flow-config-${token}`;
  const workflow = `count_${token}`;
  const server = `off${token}`.slice(0, 32);
  const file = [
    'apiVersion: tools-admin/v1',
    'agents:',
    `  - id: ${id}`,
    `    name: Flow ${token}`,
    '    tools:',
    `      workflow_${workflow}: {}`,
    `      ${server}_anything: {}`,
    '    rules:',
    '      - group: fs',
    '        exclude: [fs_list_dir]',
    'servers:',
    `  - name: ${server}`,
    '    enabled: false',
    '    transport: http',
    '    url: https://mcp.example.test/mcp',
    'workflows:',
    `  - name: ${workflow}`,
    '    inputs:',
    '      - name: text',
    '        type: string',
    '        required: true',
    '    steps:',
    '      - id: count',
    '        tool: word_count',
    '        arguments:',
    '          text: "{{input.text}}"',
    '',
  ].join('\n');
  await page.goto('/config');

  await page.getByRole('textbox', { name: 'Configuration file' }).fill(file);
  await page.getByRole('button', { name: 'Review plan' }).click();

  const changes = page.getByRole('list', { name: 'Planned changes' });
  await expect(changes.getByRole('listitem', { name: `create workflows/${workflow}` })).toContainText('steps.count');
  await expect(changes.getByRole('listitem', { name: `create agents/${id}/rules/fs` })).toContainText('["fs_list_dir"]');
  await expect(changes.getByRole('listitem', { name: `create agents/${id}/tools/workflow_${workflow}` })).toBeVisible();
  await expect(changes.getByRole('listitem', { name: `create agents/${id}/tools/${server}_anything` })).toContainText('not checked');
  await expect(page.getByRole('list', { name: 'Not checked' }).getByRole('listitem')).toHaveText([new RegExp(`^Line 7, column 7: "${server}_anything" .*"${server}" is disabled`)]);
  expect((await request.get(`/api/v1/workflows/${workflow}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Apply 6 changes' }).click();

  await expect(page.getByText('Applied 6 changes.')).toBeVisible();
  const stored = await request.get(`/api/v1/workflows/${workflow}`);
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toMatchObject({ toolName: `workflow_${workflow}`, steps: [{ id: 'count', tool: 'word_count' }] });
  expect([...(await assignmentsOf(request, id)).keys()].sort()).toEqual([`${server}_anything`, `workflow_${workflow}`]);
  const rules = (await (await request.get(`/api/v1/agents/${id}/rules`)).json()) as { rules: { group: string; exclude: string[] }[] };
  expect(rules.rules).toEqual([expect.objectContaining({ group: 'fs', exclude: ['fs_list_dir'] })]);
});
