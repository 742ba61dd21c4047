import { expect, test } from '../support/test';
import { createAgentViaApi, uniqueToken } from '../support/agents-page';

// Issue 32: a token made for one agent's runtime reached every agent. A token now carries an
// agent set, chosen explicitly on the tokens page, and an all-agents token can be narrowed.

interface TokenRow {
  id: string;
  name: string;
  agents: 'all' | string[];
  agentUses: { agentId: string; lastUsedAt: string }[];
}

test('[AUTH][TOKENS]: admin creates a token bound to one agent; it reaches that agent only, others answer as missing', async ({ page, request, baseURL }) => {
  const suffix = uniqueToken();
  const own = await createAgentViaApi(request, { id: `bound-${suffix}`, name: `Bound ${suffix}` });
  const other = await createAgentViaApi(request, { id: `other-${suffix}`, name: `Other ${suffix}` });
  const name = `runtime ${suffix}`;
  await page.goto('/settings/tokens');
  const form = page.getByRole('form', { name: 'New token' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('checkbox', { name: /runtime/ }).check();
  // No choice of agents yet: the form asks for one and sends nothing.
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Choose all agents, or the agents it may reach')).toBeVisible();
  await form.getByRole('radio', { name: 'Only the agents I check' }).check();
  await form.getByRole('list', { name: 'Agents it may reach' }).getByRole('checkbox', { name: new RegExp(`Bound ${suffix}`) }).check();
  await form.getByRole('button', { name: 'Create token' }).click();
  const secret = await page.getByRole('textbox', { name: 'New token' }).inputValue();
  expect(secret).toMatch(/^tat_/);

  const tokens = ((await (await request.get('/api/v1/tokens')).json()) as { tokens: TokenRow[] }).tokens;
  expect(tokens.find((token) => token.name === name)?.agents).toEqual([own.id]);
  await expect(page.getByRole('list', { name: `Agents of ${name}` })).toHaveText(own.id);

  const effective = (agent: string) => fetch(`${baseURL}/api/v1/agents/${agent}/effective-tools?format=mcp`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await effective(own.id)).status).toBe(200);
  const outside = await effective(other.id);
  const missing = await effective(`missing-${suffix}`);
  expect(outside.status).toBe(404);
  expect(missing.status).toBe(404);
  const withoutRequestId = async (response: Response, id: string) => {
    const body = (await response.json()) as Record<string, unknown>;
    delete body.requestId;
    return JSON.stringify(body).replaceAll(id, '<agent>');
  };
  expect(await withoutRequestId(outside, other.id)).toBe(await withoutRequestId(missing, `missing-${suffix}`));
});

test('[AUTH][TOKENS]: admin narrows an all-agents token to the agents it used in one click', async ({ page, request, baseURL }) => {
  const suffix = uniqueToken();
  const used = await createAgentViaApi(request, { id: `used-${suffix}`, name: `Used ${suffix}` });
  const unused = await createAgentViaApi(request, { id: `unused-${suffix}`, name: `Unused ${suffix}` });
  const name = `wide ${suffix}`;
  const created = await request.post('/api/v1/tokens', { data: { name, scopes: ['runtime'], agents: 'all' } });
  expect(created.status()).toBe(201);
  const { token, secret } = (await created.json()) as { token: TokenRow; secret: string };
  expect(token.agents).toBe('all');
  const effective = (agent: string) => fetch(`${baseURL}/api/v1/agents/${agent}/effective-tools?format=mcp`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await effective(used.id)).status).toBe(200);
  expect((await effective(unused.id)).status).toBe(200);

  await page.goto('/settings/tokens');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('All agents', { exact: true })).toBeVisible();
  await expect(row.getByRole('list', { name: `Last use of ${name} per agent` })).toContainText(used.id);
  await row.getByRole('button', { name: `Limit agents… (${name})` }).click();
  const narrowing = row.getByRole('form', { name: `Limit the agents of ${name}` });
  // It used both, so both are checked already: keep only the first.
  await narrowing.getByRole('checkbox', { name: new RegExp(`Unused ${suffix}`) }).uncheck();
  await narrowing.getByRole('button', { name: 'Limit', exact: true }).click();
  await expect(row.getByRole('list', { name: `Agents of ${name}` })).toHaveText(used.id);

  const after = (await (await request.get(`/api/v1/tokens/${token.id}`)).json()) as TokenRow;
  expect(after.agents).toEqual([used.id]);
  expect((await effective(used.id)).status).toBe(200);
  expect((await effective(unused.id)).status).toBe(404);
});

test('[AUTH][TOKENS]: "Limit to the agents it used" narrows an all-agents token in one click', async ({ page, request, baseURL }) => {
  const suffix = uniqueToken();
  const used = await createAgentViaApi(request, { id: `once-${suffix}`, name: `Once ${suffix}` });
  const name = `one click ${suffix}`;
  const { token, secret } = (await (await request.post('/api/v1/tokens', { data: { name, scopes: ['runtime'], agents: 'all' } })).json()) as { token: TokenRow; secret: string };
  expect((await fetch(`${baseURL}/api/v1/agents/${used.id}/effective-tools`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
  await page.goto('/settings/tokens');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Limit to the agents it used (${name})` }).click();
  await expect(row.getByRole('list', { name: `Agents of ${name}` })).toHaveText(used.id);
  expect(((await (await request.get(`/api/v1/tokens/${token.id}`)).json()) as TokenRow).agents).toEqual([used.id]);
});
