import { expect, test } from '../support/test';
import { assignmentsOf, createTestAgent } from '../support/agent-api';
import { addThroughPicker } from '../support/tool-picker';

test('[AGENTS][FORM]: the overrides form draws every kind of setting, checks formats and saves exactly what was entered', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Forms');
  await page.goto(`/agents/${agentId}`);
  await addThroughPicker(page, 'settings_zoo');
  const form = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /settings_zoo/ }) });

  // Titles are labels, descriptions are help, defaults are filled in, required settings say so.
  const endpoint = form.getByRole('textbox', { name: /^Endpoint/ });
  await expect(endpoint).toHaveAttribute('required', '');
  await expect(form.getByText('Where the tool sends its requests.')).toBeVisible();
  await expect(form.getByRole('spinbutton', { name: 'Timeout in seconds' })).toHaveValue('2.5');
  await expect(form.getByRole('spinbutton', { name: 'Retries' })).toHaveValue('3');
  // RJSF's select values are option indexes: check the chosen option's text.
  await expect(form.getByRole('combobox', { name: /^Level/ }).locator('option:checked')).toHaveText('medium');
  await expect(form.getByRole('checkbox', { name: 'Verbose logging' })).not.toBeChecked();
  // The optional proxy group is not pre-filled, so its required host does not block saving.
  await expect(form.getByRole('textbox', { name: /^Proxy host/ })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: /^API secret/ })).toHaveAttribute('type', 'password');
  await expect(form.getByRole('textbox', { name: 'Contact email' })).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Start date')).toHaveAttribute('type', 'date');

  await endpoint.fill('not a web address');
  await form.getByRole('textbox', { name: /^API secret/ }).fill('short');
  await form.getByRole('button', { name: 'Assign settings_zoo' }).click();
  await expect(form.getByText('must match format "uri"')).toBeVisible();
  await expect(form.getByText('must NOT have fewer than 8 characters')).toBeVisible();
  expect((await assignmentsOf(request, agentId)).has('settings_zoo')).toBe(false);

  await endpoint.fill('https://api.example.com/v1');
  await form.getByRole('textbox', { name: /^API secret/ }).fill('correct horse');
  await form.getByRole('textbox', { name: 'Contact email' }).fill('ops@example.com');
  await form.getByLabel('Start date').fill('2026-12-01');
  await form.getByRole('spinbutton', { name: 'Timeout in seconds' }).fill('0.75');
  await form.getByRole('spinbutton', { name: 'Retries' }).fill('5');
  await form.getByRole('checkbox', { name: 'Verbose logging' }).check();
  await form.getByRole('combobox', { name: /^Level/ }).selectOption({ label: 'high' });
  await form.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'Add item' }).click();
  await form.getByRole('group', { name: 'Tags' }).getByRole('textbox').first().fill('nightly');
  // Switching the optional oneOf back and forth must not leave a half-filled group that blocks saving.
  await form.getByRole('combobox', { name: 'Authentication option' }).selectOption({ label: 'Basic' });
  await form.getByRole('combobox', { name: 'Authentication option' }).selectOption({ label: 'Token' });
  await form.getByRole('button', { name: 'Assign settings_zoo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Assigned settings_zoo.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('settings_zoo')?.overrides).not.toHaveProperty('auth');
  await form.getByRole('button', { name: 'Edit settings of settings_zoo' }).click();
  await form.getByRole('combobox', { name: 'Authentication option' }).selectOption({ label: 'Basic' });
  await form.getByRole('textbox', { name: /^User/ }).fill('robot');
  await form.getByRole('combobox', { name: 'Cache option' }).selectOption({ label: 'Cache for' });
  await form.getByRole('spinbutton', { name: /Cache/ }).fill('60');
  await form.getByRole('button', { name: 'Save settings' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Saved the settings of settings_zoo.' })).toBeVisible();
  expect((await assignmentsOf(request, agentId)).get('settings_zoo')).toMatchObject({
    status: 'ok',
    overrides: {
      endpoint: 'https://api.example.com/v1',
      secret: 'correct horse',
      contact: 'ops@example.com',
      startDate: '2026-12-01',
      timeout: 0.75,
      retries: 5,
      verbose: true,
      level: 'high',
      tags: ['nightly'],
      auth: { user: 'robot' },
      cache: 60,
    },
  });
  const saved = (await assignmentsOf(request, agentId)).get('settings_zoo')!;
  expect(saved.overrides).not.toHaveProperty('proxy');
  // The summary masks the secret.
  await expect(form.getByText('correct horse')).toHaveCount(0);
  await expect(form.getByText('••••••')).toBeVisible();
});

test('[AGENTS][FORM]: a tool without settings says so and offers nothing to edit', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Plain');
  await page.goto(`/agents/${agentId}`);
  await addThroughPicker(page, 'word_count');

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /word_count/ }) });
  await expect(card.getByText('This tool has no settings')).toBeVisible();
  await expect(card.getByRole('button', { name: /Edit settings/ })).toHaveCount(0);
  expect((await assignmentsOf(request, agentId)).get('word_count')?.overrides).toEqual({});
});
