import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { connectAgent } from '../runtime/mcp-client';
import { startTestMcpServer } from '../../test/mcp-servers/test-mcp-server';

interface Assignment {
  toolName: string;
  status: string;
  upstreamChange?: { changed: string[]; summary: string[]; approved: { description: string }; current: { description: string } };
}

const SHOUTED = { type: 'object' as const, properties: { text: { type: 'string' }, loud: { type: 'boolean' } }, required: ['text'] };

/** Turns the server on or off through the API, at the version it has now. */
async function setEnabled(request: APIRequestContext, name: string, url: string, enabled: boolean): Promise<void> {
  const stored = await request.get(`/api/v1/servers/${name}`);
  const saved = await request.put(`/api/v1/servers/${name}`, { data: { name, transport: 'http', url, enabled }, headers: { 'if-match': stored.headers().etag ?? '' } });
  expect(saved.status()).toBe(200);
}

test('[DRIFT][FIRST-SEEN]: a tool assigned while its MCP server is off is approved as it is when the server comes back, one a rule gives when the rule is saved; a later change waits for an editor on both', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const mcp = await startTestMcpServer();
  try {
    const server = `seen${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 24);
    const tool = `${server}_echo`;
    expect((await request.post('/api/v1/servers', { data: { name: server, transport: 'http', url: mcp.url, enabled: true } })).status()).toBe(201);
    const groupTools = async () => ((await (await request.get('/api/v1/tools')).json()) as { tools: { name: string; group: string; available: boolean }[] }).tools.filter((candidate) => candidate.group === server);
    await expect.poll(async () => (await groupTools()).find((candidate) => candidate.name === tool)?.available, { timeout: 20_000 }).toBe(true);

    // The server is turned off: the catalogue lists it as one unavailable placeholder, and an assignment made now has no face to approve.
    await setEnabled(request, server, mcp.url, false);
    await expect.poll(async () => (await groupTools()).map((candidate) => `${candidate.name} ${candidate.available}`), { timeout: 20_000 }).toEqual([`${server}_* false`]);
    const agentId = await createTestAgent(request, 'Unseen');
    expect((await request.put(`/api/v1/agents/${agentId}/tools/${tool}`, { data: { overrides: {} } })).status()).toBe(201);
    const firstSeen = async () =>
      ((await (await request.get(`/api/v1/audit?agent=${agentId}&action=assignment.approve-first-seen`)).json()) as { events: { target: string; actor: string }[] }).events;
    expect(await firstSeen()).toEqual([]);

    // Back on: the server's tools are seen again and the agent's approval of the tool is recorded, by the app itself.
    await setEnabled(request, server, mcp.url, true);
    await expect.poll(async () => (await firstSeen()).map((event) => event.target), { timeout: 30_000 }).toEqual([`agents/${agentId}/tools/${tool}`]);
    // Another agent gets the server's tools by a group rule: the rule's save approves them as they are now.
    const ruledId = await createTestAgent(request, 'Ruled');
    expect((await request.post(`/api/v1/agents/${ruledId}/rules`, { data: { group: server } })).status()).toBe(201);

    const created = await request.post('/api/v1/tokens', { data: { name: `first seen ${server}`, scopes: ['runtime'] } });
    expect(created.status()).toBe(201);
    const agent = await connectAgent(baseURL!, agentId, ((await created.json()) as { secret: string }).secret);
    const served = async () => (await agent.client.listTools()).tools.find((candidate) => candidate.name === tool);
    try {
      expect(await served()).toMatchObject({ description: 'Answers the text it is given' });

      await mcp.changeTool('echo', { description: 'Answers the text it is given, shouted', inputSchema: SHOUTED });
      const upstreamOf = async () => {
        const { assignments } = (await (await request.get(`/api/v1/agents/${agentId}/tools`)).json()) as { assignments: Assignment[] };
        return assignments.find((assignment) => assignment.toolName === tool)?.upstreamChange;
      };
      await expect.poll(upstreamOf, { timeout: 20_000 }).toMatchObject({ changed: ['description', 'parametersSchema'], approved: { description: 'Answers the text it is given' } });
      // The agent's model still gets the version first seen.
      expect(await served()).toMatchObject({ description: 'Answers the text it is given' });
      expect((await served())?.inputSchema.properties).not.toHaveProperty('loud');

      await page.goto(`/agents/${agentId}`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(tool) }) });
      await expect(card.getByText('changed upstream', { exact: true })).toBeVisible();
      const diff = card.getByRole('region', { name: `Upstream change of ${tool}` });
      await expect(diff.getByRole('list', { name: 'What changed' }).getByRole('listitem')).toHaveText(['description changed', 'parameter "loud" added']);
      await diff.getByRole('button', { name: `Accept upstream change of ${tool}` }).click();
      await expect(card.getByText('changed upstream', { exact: true })).toBeHidden();
      expect(await upstreamOf()).toBeUndefined();
      await expect.poll(async () => (await served())?.description).toBe('Answers the text it is given, shouted');

      // The rule's tool shows the same change in the rule's section, and the agent keeps the approved version until accepted there.
      const ruledChange = async () => {
        const { rules } = (await (await request.get(`/api/v1/agents/${ruledId}/rules`)).json()) as { rules: { tools: Assignment[] }[] };
        return rules[0]?.tools.find((candidate) => candidate.toolName === tool)?.upstreamChange;
      };
      expect(await ruledChange()).toMatchObject({ changed: ['description', 'parametersSchema'] });
      const ruledAgents = (await (await request.get(`/api/v1/agents?q=${ruledId}`)).json()) as { agents: { id: string; statusCounts?: { changed: number } }[] };
      expect(ruledAgents.agents.find((candidate) => candidate.id === ruledId)?.statusCounts?.changed).toBe(1);
      await page.goto(`/agents/${ruledId}`);
      await expect(page.getByRole('list', { name: /rule gives$/ }).getByText(`${tool} (changed upstream)`)).toBeVisible();
      const ruledDiff = page.getByRole('region', { name: `Upstream change of ${tool}` });
      await expect(ruledDiff.getByRole('list', { name: 'What changed' }).getByRole('listitem')).toHaveText(['description changed', 'parameter "loud" added']);
      await ruledDiff.getByRole('button', { name: `Accept upstream change of ${tool}` }).click();
      await expect(ruledDiff).toBeHidden();
      expect(await ruledChange()).toBeUndefined();
    } finally {
      await agent.close();
    }
  } finally {
    await mcp.close();
  }
});
