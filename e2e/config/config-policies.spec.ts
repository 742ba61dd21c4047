import { expect, test } from '../support/test';
import { assignTool } from '../support/agent-api';
import { createAgentViaApi, uniqueToken } from '../support/agents-page';

// Issue 34: tool policies are part of config as code. An admin edits a policy's description in
// the YAML on /config; the plan says the change in words, field by field; applying it saves the
// agent's layer as the policy API would (version + 1).

test('[CONFIG][POLICY]: a description changed in the YAML shows as a plan line in words, and applying it changes the policy the API answers', async ({ page, request }) => {
  const token = uniqueToken();
  const id = `told-${token}`;
  const name = `Told ${token}`;
  await createAgentViaApi(request, { id, name });
  await assignTool(request, id, 'word_count', {});
  const saved = await request.put(`/api/v1/agents/${id}/tools/word_count/policy`, { data: { description: 'Counts words.', callPolicy: 'ask' } });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/config');
  const editor = page.getByRole('textbox', { name: 'Configuration file' });
  await editor.fill(
    [
      'apiVersion: tools-admin/v1',
      'agents:',
      `  - id: ${id}`,
      `    name: ${name}`,
      '    tools:',
      '      word_count: {}',
      '    policies:',
      '      word_count:',
      '        description: Counts the words of a text.',
      '        callPolicy: ask',
      '',
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Review plan' }).click();

  const plan = page.getByRole('region', { name: 'Plan', exact: true });
  const line = plan.getByRole('list', { name: 'Planned changes' }).getByRole('listitem', { name: `update agents/${id}/policies/word_count`, exact: true });
  await expect(line).toContainText(`Changes the policy of "word_count" for agent "${id}"`);
  await expect(line.getByRole('term')).toHaveText('description');
  await expect(line.getByRole('definition').getByRole('deletion')).toContainText('"Counts words."');
  await expect(line.getByRole('definition').getByRole('insertion')).toContainText('"Counts the words of a text."');
  await expect(plan.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByRole('region', { name: 'Applied plan' }).getByRole('status')).toContainText('Applied 1 change.');

  const policy = await request.get(`/api/v1/agents/${id}/tools/word_count/policy`);
  expect(policy.status()).toBe(200);
  expect(await policy.json()).toMatchObject({ version: 2, agent: { description: 'Counts the words of a text.', callPolicy: 'ask' }, effective: { description: { value: 'Counts the words of a text.', source: 'agent' } } });
});
