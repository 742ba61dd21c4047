import type { Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createRuntimeToken } from '../runtime/mcp-client';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { describeTwoInstances, withTwoInstances } from '../support/postgres-schema';
import { expect, test } from '../support/test';

// delete_record (destructiveHint: true) from the policy fixture plugin: held under `ask`.
const AGENT = 'live-bot';
/** A held call must show this fast: the pages' fallback poll (30 s, only while the stream is down) would be far slower. */
const LIVE_MS = 2_000;
let server: NextServer | undefined;
let token = '';

test.describe('[POLICY][APPROVALS-LIVE]', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startNextServer(ownServerPort(130), { SEED_DEMO: '0', TOOLS_PLUGIN_PATH: 'plugins:e2e/fixtures/policy-plugins' });
    token = await createRuntimeToken(server);
    const json = { 'content-type': 'application/json' };
    expect((await server.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: AGENT, name: 'Live bot' }) })).status).toBe(201);
    expect((await server.fetch(`/api/v1/agents/${AGENT}/tools/delete_record`, { method: 'PUT', headers: json, body: '{"overrides":{}}' })).status).toBe(201);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  async function hold(id: string): Promise<string> {
    const response = await fetch(`${server!.url}/api/v1/agents/${AGENT}/tools/delete_record/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ arguments: { id } }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { approvalId: string }).approvalId;
  }

  test('[POLICY][APPROVALS-LIVE]: a newly held call appears on the open approvals page and in the sidebar badge without a reload; approving updates both', async ({ page }) => {
    await server!.signIn(page.context());
    const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/approvals/events') && response.status() === 200);
    await page.goto(`${server!.url}/approvals`);
    await expect(page.getByText('No call is waiting.')).toBeVisible();
    const stream = await streamOpened;
    expect(await stream.headerValue('content-type')).toContain('text/event-stream');
    // A mark that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { livePageMark: true }));
    const approvalsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ });
    await expect(approvalsLink).toHaveAccessibleName('Approvals');

    const id = await hold('live-1');
    const card = page.getByRole('region', { name: /Waiting for a decision/ }).getByRole('listitem').filter({ hasText: 'live-1' });
    await expect(card).toHaveCount(1, { timeout: LIVE_MS });
    await expect(approvalsLink).toHaveAccessibleName(/Approvals\s*1 waiting/, { timeout: LIVE_MS });
    expect(await page.evaluate(() => (window as { livePageMark?: boolean }).livePageMark)).toBe(true);

    await card.getByRole('button', { name: `Approve the call of delete_record for ${AGENT}` }).click();
    await expect(card).toHaveCount(0);
    await expect(approvalsLink).toHaveAccessibleName('Approvals');
    const stored = (await (await server!.fetch(`/api/v1/approvals/${id}`)).json()) as { status: string; decidedByName: string | null };
    expect(stored.status).toBe('approved');
    expect(stored.decidedByName).toBeTruthy();

    // A decision made elsewhere (another person, through the API) leaves the page just as fast.
    const second = await hold('live-2');
    const secondCard = page.getByRole('listitem').filter({ hasText: 'live-2' }).filter({ has: page.getByRole('button', { name: /Deny the call/ }) });
    await expect(secondCard).toHaveCount(1, { timeout: LIVE_MS });
    const denied = await server!.fetch(`/api/v1/approvals/${second}/decision`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"decision":"deny"}' });
    expect(denied.status).toBe(200);
    await expect(secondCard).toHaveCount(0, { timeout: LIVE_MS });
    await expect(page.getByRole('listitem', { name: `delete_record for ${AGENT}: denied` })).toBeVisible({ timeout: LIVE_MS });
    expect(await page.evaluate(() => (window as { livePageMark?: boolean }).livePageMark)).toBe(true);
  });

  test('[POLICY][APPROVALS-LIVE]: the sidebar badge on any page counts a new held call live', async ({ page }) => {
    await server!.signIn(page.context());
    const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/approvals/events') && response.status() === 200);
    await page.goto(`${server!.url}/agents`);
    await streamOpened;
    const approvalsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ });
    await expect(approvalsLink).toHaveAccessibleName('Approvals');
    const id = await hold('live-3');
    await expect(approvalsLink).toHaveAccessibleName(/Approvals\s*1 waiting/, { timeout: LIVE_MS });
    const listed = (await (await server!.fetch('/api/v1/approvals')).json()) as { pendingCount: number; approvals: { id: string }[] };
    expect(listed.pendingCount).toBe(1);
    expect(listed.approvals.map((approval) => approval.id)).toEqual([id]);
  });

  test('[POLICY][APPROVALS-LIVE]: an MCP client that declared elicitation waits; approving in the page returns the call\'s real result', async ({ page }) => {
    await server!.signIn(page.context());
    const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/approvals/events') && response.status() === 200);
    await page.goto(`${server!.url}/approvals`);
    await streamOpened;

    const questions: string[] = [];
    const client = new Client({ name: 'e2e-eliciting', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params.message);
      return { action: 'accept' };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server!.url}/api/v1/agents/${AGENT}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    try {
      const call = client.callTool({ name: 'delete_record', arguments: { id: 'live-mcp' } });
      const card = await pendingOn(page, 'live-mcp');
      await expect(card).toHaveCount(1, { timeout: LIVE_MS });
      expect(questions).toHaveLength(1);
      expect(questions[0]).toContain(`${server!.url}/approvals?id=`);
      await card.getByRole('button', { name: `Approve the call of delete_record for ${AGENT}` }).click();
      const result = (await call) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: 'Deleted record live-mcp' }]);
      const id = /approval ([0-9a-f-]{36})/.exec(questions[0]!)?.[1];
      expect(((await (await server!.fetch(`/api/v1/approvals/${id}`)).json()) as { status: string }).status).toBe('used');
    } finally {
      await client.close();
    }
  });
});

async function pendingOn(page: Page, text: string) {
  return page.getByRole('region', { name: /Waiting for a decision/ }).getByRole('listitem').filter({ hasText: text });
}

describeTwoInstances('[POLICY][APPROVALS-LIVE-TWO-INSTANCES]', () => {
  test('[POLICY][APPROVALS-LIVE-TWO-INSTANCES]: a call held on one instance appears live on the other\'s open approvals page; an MCP elicitation answer reaches the instance where the call waits', async ({ page }) => {
    await withTwoInstances([ownServerPort(131), ownServerPort(132)], async (a, b) => {
      const json = { 'content-type': 'application/json' };
      expect((await a.fetch('/api/v1/agents', { method: 'POST', headers: json, body: JSON.stringify({ id: 'shared', name: 'Shared' }) })).status).toBe(201);
      expect((await a.fetch('/api/v1/agents/shared/tools/word_count', { method: 'PUT', headers: json, body: '{"overrides":{}}' })).status).toBe(201);
      expect((await a.fetch('/api/v1/agents/shared/tools/word_count/policy', { method: 'PUT', headers: json, body: '{"callPolicy":"ask"}' })).status).toBe(200);
      const runtime = await createRuntimeToken(a);

      await b.signIn(page.context());
      const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/approvals/events') && response.status() === 200);
      await page.goto(`${b.url}/approvals`);
      await expect(page.getByText('No call is waiting.')).toBeVisible();
      await streamOpened;

      const held = await fetch(`${a.url}/api/v1/agents/shared/tools/word_count/invoke`, { method: 'POST', headers: { ...json, authorization: `Bearer ${runtime}` }, body: JSON.stringify({ arguments: { text: 'live across instances' } }) });
      expect(held.status).toBe(202);
      const { approvalId } = (await held.json()) as { approvalId: string };
      const card = await pendingOn(page, 'live across instances');
      await expect(card).toHaveCount(1, { timeout: LIVE_MS });

      // Decided on A: B's page drops it, through NOTIFY.
      expect((await a.fetch(`/api/v1/approvals/${approvalId}/decision`, { method: 'POST', headers: json, body: '{"decision":"approve"}' })).status).toBe(200);
      await expect(card).toHaveCount(0, { timeout: LIVE_MS });
      expect(((await (await b.fetch(`/api/v1/approvals/${approvalId}`)).json()) as { status: string }).status).toBe('approved');

      // Elicitation across instances: the call waits on A, its client's answer is POSTed to B, and the decision is made on B.
      const answeredOn: string[] = [];
      const questions: string[] = [];
      const client = new Client({ name: 'e2e-two-instances', version: '1.0.0' }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        questions.push(request.params.message);
        return { action: 'accept' };
      });
      const split: typeof fetch = async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const isAnswer = init?.method === 'POST' && typeof init.body === 'string' && init.body.includes('approval-wait:') && init.body.includes('"result"');
        if (isAnswer) answeredOn.push(b.url);
        return fetch(`${isAnswer ? b.url : a.url}${url.pathname}${url.search}`, init);
      };
      await client.connect(new StreamableHTTPClientTransport(new URL(`${a.url}/api/v1/agents/shared/mcp`), { fetch: split, requestInit: { headers: { Authorization: `Bearer ${runtime}` } } }));
      try {
        const call = client.callTool({ name: 'word_count', arguments: { text: 'asked on one answered on another' } });
        await expect.poll(() => questions.length, { timeout: LIVE_MS }).toBe(1);
        const waiting = /approval ([0-9a-f-]{36})/.exec(questions[0]!)?.[1];
        expect((await b.fetch(`/api/v1/approvals/${waiting}/decision`, { method: 'POST', headers: json, body: '{"decision":"approve"}' })).status).toBe(200);
        const result = (await call) as CallToolResult;
        expect(result.isError).toBeFalsy();
        expect(result.content).toEqual([{ type: 'text', text: 'Word count: 6' }]);
        expect(answeredOn).toEqual([b.url]);
        expect(((await (await a.fetch(`/api/v1/approvals/${waiting}`)).json()) as { status: string }).status).toBe('used');
      } finally {
        await client.close();
      }
    });
  });
});
