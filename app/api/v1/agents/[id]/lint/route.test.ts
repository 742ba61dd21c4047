import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { AgentLintSchema, TokenBudgetSchema } from '@/lib/api/policy-schemas';
import { createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments/put-assignment';
import { DEMO_AGENT_ID } from '@/lib/db/seed-demo';
import { getToolRegistry } from '@/lib/registry-host';
import { createToken } from '@/lib/auth/create-token';
import { flushUsage, recordUsage } from '@/lib/usage/record-usage';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { GET as getBudget, PUT as putBudget } from '../token-budget/route';
import { GET } from './route';

describeApi('GET /api/v1/agents/{id}/lint on the demo agent', (database) => {
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lint-demo-'));
    process.env.FS_ALLOWED_ROOTS = path.join(dataDir, 'files');
    // The demo agent as the first start seeds it (lib/db/seed-demo.ts): this database has sign-ins already, so seedDemo would not.
    const baseDir = path.join(dataDir, 'files', 'demo');
    await mkdir(baseDir, { recursive: true });
    const registry = await getToolRegistry();
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: DEMO_AGENT_ID, name: 'Demo agent' } });
    for (const [toolName, overrides] of [['word_count', {}], ['fs_read_file', { baseDir }], ['fs_list_dir', { baseDir }]] as const) {
      await putAssignment({ db: database.db, registry, actor: TEST_ADMIN, agentId: DEMO_AGENT_ID, toolName, overrides });
    }
  });
  const lint = async () => AgentLintSchema.parse(await (await callRoute(GET, apiRequest(`/api/v1/agents/${DEMO_AGENT_ID}/lint`, { as: 'viewer' }), { id: DEMO_AGENT_ID })).json());

  it('shows a real finding on the demo agent and its cost per format under the default budget', async () => {
    const body = await lint();
    expect(body.toolCount).toBe(3);
    expect(body.findings.some((finding) => finding.code === 'schema_refused' && finding.toolName === 'fs_list_dir' && finding.format === 'openai')).toBe(true);
    expect(body.tokenBudget).toMatchObject({ source: 'default', tokens: 8000, version: 0 });
    expect(body.costs.every((cost) => !cost.isOverBudget)).toBe(true);
  });

  it('warns per format once the budget is lowered below the cost, and refuses a bad budget or a viewer', async () => {
    const put = (json: unknown, init: { ifMatch?: string; as?: 'viewer' | { token: string } } = {}) =>
      callRoute(putBudget, apiRequest(`/api/v1/agents/${DEMO_AGENT_ID}/token-budget`, { method: 'PUT', json, ...init }), { id: DEMO_AGENT_ID });
    expect((await put({ tokens: 0 })).status).toBe(400);
    expect((await put({ tokens: 50 }, { as: 'viewer' })).status).toBe(403);
    const reader = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'reader', scopes: ['agents:read'] } })).secret;
    expect((await put({ tokens: 50 }, { as: { token: reader } })).status).toBe(403);
    const saved = await put({ tokens: 50 });
    expect(saved.status).toBe(200);
    expect(TokenBudgetSchema.parse(await saved.json())).toMatchObject({ tokens: 50, source: 'agent', version: 1 });
    const body = await lint();
    expect(body.findings.filter((finding) => finding.code === 'over_token_budget').map((finding) => finding.format)).toEqual(['openai', 'anthropic', 'mcp']);
    expect((await put({ tokens: 60 })).status).toBe(428);
    expect((await put({ tokens: null }, { ifMatch: '"1"' })).status).toBe(200);
    const reset = TokenBudgetSchema.parse(await (await callRoute(getBudget, apiRequest(`/api/v1/agents/${DEMO_AGENT_ID}/token-budget`), { id: DEMO_AGENT_ID })).json());
    expect(reset.source).toBe('default');
  });

  it('names a tool the agent has had 30 days without a call, not one called in that time nor one given lately', async () => {
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await database.db.updateTable('assignments').set({ created_at: fortyDaysAgo }).where('agent_id', '=', DEMO_AGENT_ID).where('tool_name', 'in', ['word_count', 'fs_list_dir']).execute();
    recordUsage(database.db, { agentId: DEMO_AGENT_ID, toolName: 'fs_list_dir', outcome: 'ok', durationMs: 2, resultBytes: 10, at: new Date(Date.now() - 3 * 86_400_000) });
    await flushUsage();
    const body = await lint();
    // fs_read_file was assigned today: not yet "unused".
    expect(body.findings.filter((finding) => finding.code === 'not_called').map((finding) => [finding.toolName, finding.severity])).toEqual([['word_count', 'info']]);
  });
});
