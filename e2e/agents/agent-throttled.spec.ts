import { expect, test } from '../support/test';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { createRuntimeToken } from '../runtime/mcp-client';

test.describe('[AGENTS][THROTTLE]', () => {
  test.setTimeout(120_000);
  let server: NextServer;
  let token = '';
  const json = { 'content-type': 'application/json' };

  test.beforeAll(async () => {
    // Two calls a minute, so a third is refused at once.
    server = await startNextServer(ownServerPort(110), { SEED_DEMO: '0', RUNTIME_RATE_PER_MINUTE: '2' });
    token = await createRuntimeToken(server);
    for (const id of ['busy', 'quiet']) {
      expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id, name: id }) })).status).toBe(201);
      const assigned = await server.fetch(`/api/v1/agents/${id}/tools/word_count`, { method: 'PUT', headers: json, body: JSON.stringify({ overrides: {} }) });
      expect(assigned.status, await assigned.text()).toBe(201);
    }
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('[AGENTS][THROTTLE]: an admin sees on the agent page that its runtime is being throttled, and not on another agent', async ({ browser }) => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let call = 0; call < 3; call += 1) {
      const response = await fetch(`${server.url}/api/v1/agents/busy/tools/word_count/invoke`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${token}` },
        body: JSON.stringify({ arguments: { text: 'one two' } }),
      });
      statuses.push(response.status);
      retryAfter ??= response.headers.get('retry-after');
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);

    const context = await browser.newContext({ baseURL: server.url });
    await server.signIn(context);
    const page = await context.newPage();
    await page.goto('/agents/busy');
    const notice = page.getByRole('status', { name: 'Calls throttled' });
    await expect(notice).toContainText('This agent\'s tool calls are being throttled.');
    await expect(notice).toContainText('1 call was refused (429)');
    await expect(notice).toContainText('more than 2 calls a minute');
    const rate = (await (await server.fetch('/api/v1/agents/busy/call-rate')).json()) as { isThrottled: boolean; throttledCalls: number };
    expect(rate).toMatchObject({ isThrottled: true, throttledCalls: 1 });

    await page.goto('/agents/quiet');
    await expect(page.getByRole('heading', { name: 'quiet' }).first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Calls throttled' })).toHaveCount(0);
    expect(((await (await server.fetch('/api/v1/agents/quiet/call-rate')).json()) as { isThrottled: boolean }).isThrottled).toBe(false);
    await context.close();
  });
});
