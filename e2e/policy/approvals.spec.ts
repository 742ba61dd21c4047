import { connectAgent, createRuntimeToken } from '../runtime/mcp-client';
import { seriousViolations } from '../support/axe';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { expect, test } from '../support/test';

// delete_record (destructiveHint: true) from the policy fixture plugin; held calls live 12 s here.
const TTL_SECONDS = 12;
const AGENT = 'records-bot';
let server: NextServer | undefined;
let token = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startNextServer(ownServerPort(90), {
    SEED_DEMO: '0',
    TOOLS_PLUGIN_PATH: 'plugins:e2e/fixtures/policy-plugins',
    APPROVAL_TTL_MINUTES: String(TTL_SECONDS / 60),
  });
  token = await createRuntimeToken(server);
  const json = { 'content-type': 'application/json' };
  expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: AGENT, name: 'Records bot' }) })).status).toBe(201);
  expect((await server.fetch(`/api/v1/agents/${AGENT}/tools/delete_record`, { method: 'PUT', headers: json, body: '{"overrides":{}}' })).status).toBe(201);
});

test.afterAll(async () => {
  await server?.stop();
});

function invoke(args: Record<string, unknown>): Promise<Response> {
  return fetch(`${server!.url}/api/v1/agents/${AGENT}/tools/delete_record/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ arguments: args }),
  });
}

async function heldId(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  return ((await response.json()) as { approvalId: string }).approvalId;
}

/** How many calls of delete_record ran to the end, from the audit log (the API, not the page). */
async function runsOf(recordId: string): Promise<number> {
  const { events } = (await (await server!.fetch('/api/v1/audit?action=tool.invoke&limit=200')).json()) as { events: { toolName: string; after: { outcome?: string; arguments?: { id?: string } } }[] };
  return events.filter((event) => event.toolName === 'delete_record' && event.after.outcome === 'ok' && event.after.arguments?.id === recordId).length;
}

function pendingCard(page: import('@playwright/test').Page) {
  return page.getByRole('region', { name: /Waiting for a decision/ }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: /delete_record/ }) });
}

test('[POLICY][APPROVALS]: admin approves a held destructive call and exactly that call runs once; changed arguments need a new approval', async ({ page }) => {
  const id = await heldId(await invoke({ id: 'e2e-1', apiKey: 'sk-live-do-not-show' }));
  // The MCP SDK client's same call is held under the same approval, as a tool error naming it.
  const mcp = await connectAgent(server!.url, AGENT, token);
  const overMcp = await mcp.client.callTool({ name: 'delete_record', arguments: { apiKey: 'sk-live-do-not-show', id: 'e2e-1' } });
  expect(overMcp.isError).toBe(true);
  expect(JSON.stringify(overMcp.content)).toContain(id);
  await mcp.close();

  await server!.signIn(page.context());
  await page.goto(`${server!.url}/approvals`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Approvals\s*1 waiting/ })).toBeVisible();
  const card = pendingCard(page);
  await expect(card).toHaveCount(1);
  await expect(card.getByText('e2e-1')).toBeVisible();
  await expect(page.getByText('sk-live-do-not-show')).toHaveCount(0);
  await card.getByLabel('Comment (optional)').fill('Owner asked for it');
  await card.getByRole('button', { name: `Approve the call of delete_record for ${AGENT}` }).click();
  await expect(pendingCard(page)).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: `delete_record for ${AGENT}: approved` })).toBeVisible();

  // Another argument is not covered by this approval.
  const other = await heldId(await invoke({ id: 'e2e-2', apiKey: 'sk-live-do-not-show' }));
  expect(other).not.toBe(id);
  const ran = await invoke({ id: 'e2e-1', apiKey: 'sk-live-do-not-show' });
  expect(ran.status).toBe(200);
  expect(((await ran.json()) as { result: string }).result).toBe('Deleted record e2e-1');
  expect(await heldId(await invoke({ id: 'e2e-1', apiKey: 'sk-live-do-not-show' }))).not.toBe(id);
  expect(await runsOf('e2e-1')).toBe(1);
  expect(await runsOf('e2e-2')).toBe(0);
  const stored = (await (await server!.fetch(`/api/v1/approvals/${id}`)).json()) as { status: string; comment: string };
  expect(stored).toMatchObject({ status: 'used', comment: 'Owner asked for it' });
});

test('[POLICY][APPROVALS]: admin denies a held call, and the runtime gets 403 naming it', async ({ page }) => {
  const id = await heldId(await invoke({ id: 'e2e-deny' }));
  await server!.signIn(page.context());
  await page.goto(`${server!.url}/approvals?id=${id}`);
  const card = pendingCard(page).filter({ hasText: 'e2e-deny' });
  await card.getByLabel('Comment (optional)').fill('Not in production');
  await card.getByRole('button', { name: /Deny the call/ }).click();
  await expect(page.getByRole('listitem', { name: `delete_record for ${AGENT}: denied` }).first()).toBeVisible();
  const refused = await invoke({ id: 'e2e-deny' });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toContain('Not in production');
  expect(await runsOf('e2e-deny')).toBe(0);
});

test('[POLICY][APPROVALS]: a held call expires after APPROVAL_TTL_MINUTES and leaves the pending list', async ({ page }) => {
  test.setTimeout(60_000);
  const id = await heldId(await invoke({ id: 'e2e-expire' }));
  await server!.signIn(page.context());
  await page.goto(`${server!.url}/approvals`);
  await expect(pendingCard(page).filter({ hasText: 'e2e-expire' })).toHaveCount(1);
  // The live stream sends `expired` when its time passes: the call leaves without a reload.
  await expect(pendingCard(page).filter({ hasText: 'e2e-expire' })).toHaveCount(0, { timeout: (TTL_SECONDS + 8) * 1000 });
  const late = await server!.fetch(`/api/v1/approvals/${id}/decision`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"decision":"approve"}' });
  expect(late.status).toBe(409);
  expect(((await (await server!.fetch(`/api/v1/approvals/${id}`)).json()) as { status: string }).status).toBe('expired');
});

for (const width of [1280, 390]) {
  test(`[POLICY][APPROVALS]: the approvals page passes axe at ${width} px with a call waiting`, async ({ page }) => {
    await heldId(await invoke({ id: `e2e-axe-${width}` }));
    await page.setViewportSize({ width, height: 900 });
    await server!.signIn(page.context());
    await page.goto(`${server!.url}/approvals`);
    await expect(pendingCard(page).filter({ hasText: `e2e-axe-${width}` })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
