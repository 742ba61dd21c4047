import { expect, test } from '../support/test';
import { createTestAgent } from '../support/agent-api';
import { uniqueToken } from '../support/agents-page';
import { seriousViolations } from '../support/axe';
import { connectAgent } from '../runtime/mcp-client';
import { startTestMcpServer } from '../../test/mcp-servers/test-mcp-server';

interface Assignment {
  toolName: string;
  upstreamChange?: { changed: string[]; approved: { description: string }; current: { description: string } };
}

const SHOUTED = { type: 'object' as const, properties: { text: { type: 'string' }, loud: { type: 'boolean' } }, required: ['text'] };

test('[DRIFT][ACCEPT]: an MCP server changes a tool at run time; the agent shows the diff and its MCP endpoint keeps the approved version until an editor accepts', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const mcp = await startTestMcpServer();
  try {
    const server = `drift${uniqueToken()}`.replace(/[^a-z0-9]/g, '').slice(0, 24);
    const tool = `${server}_echo`;
    expect((await request.post('/api/v1/servers', { data: { name: server, transport: 'http', url: mcp.url, enabled: true } })).status()).toBe(201);
    const agentId = await createTestAgent(request, 'Drifting');
    await expect.poll(async () => (await request.put(`/api/v1/agents/${agentId}/tools/${tool}`, { data: { overrides: {} } })).status(), { timeout: 20_000 }).toBe(201);
    const created = await request.post('/api/v1/tokens', { data: { name: `drift ${server}`, scopes: ['runtime'] } });
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
      await expect.poll(upstreamOf, { timeout: 20_000 }).toMatchObject({ changed: ['description', 'parametersSchema'], current: { description: 'Answers the text it is given, shouted' } });

      // The health strip and the agents list count the agent as waiting for a review.
      const changedIds = async () => ((await (await request.get('/api/v1/agents?status=changed')).json()) as { agents: { id: string }[] }).agents.map((candidate) => candidate.id);
      expect(await changedIds()).toContain(agentId);
      await page.goto('/');
      const stat = page.getByRole('region', { name: 'Fleet health' }).getByRole('listitem').filter({ hasText: /with upstream changes/ });
      await expect(stat.locator('[data-stat-value]')).toHaveText(String((await changedIds()).length));
      await stat.getByRole('link').click();
      await expect(page).toHaveURL(/\/agents\?status=changed$/);
      await page.goto(`/agents?status=changed&q=${agentId}`);
      await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('changed');
      const row = page.getByRole('list', { name: 'Agents' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Drifting/ }) });
      await expect(row.getByRole('list', { name: 'Tools needing attention' })).toContainText('1 changed upstream');

      await page.goto(`/agents/${agentId}`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(tool) }) });
      await expect(card.getByText('changed upstream', { exact: true })).toBeVisible();
      const diff = card.getByRole('region', { name: `Upstream change of ${tool}` });
      await expect(diff.getByRole('list', { name: 'What changed' }).getByRole('listitem')).toHaveText(['description changed', 'parameter "loud" added']);
      await expect(diff.getByRole('group', { name: 'Approved version' })).toContainText('Answers the text it is given');
      await expect(diff.getByRole('group', { name: 'Upstream version' })).toContainText('shouted');
      await expect(diff.getByRole('group', { name: 'Upstream version' }).locator('[data-setting="description"]')).toHaveAttribute('data-changed', 'true');
      expect(await seriousViolations(page)).toEqual([]);
      // The agent's model still gets the approved version.
      expect(await served()).toMatchObject({ description: 'Answers the text it is given', inputSchema: { properties: { text: { type: 'string' } } } });
      expect((await served())?.inputSchema.properties).not.toHaveProperty('loud');

      await diff.getByRole('button', { name: `Accept upstream change of ${tool}` }).click();
      await expect(card.getByText('changed upstream', { exact: true })).toBeHidden();
      expect(await upstreamOf()).toBeUndefined();
      expect(await changedIds()).not.toContain(agentId);
      await expect.poll(async () => (await served())?.description).toBe('Answers the text it is given, shouted');
      expect((await served())?.inputSchema.properties).toHaveProperty('loud');
      const audit = await request.get(`/api/v1/audit?agent=${agentId}&action=assignment.accept-upstream`);
      expect(((await audit.json()) as { events: { target: string }[] }).events).toEqual([expect.objectContaining({ target: `agents/${agentId}/tools/${tool}` })]);
    } finally {
      await agent.close();
    }
  } finally {
    await mcp.close();
  }
});
