import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { ApprovalListSchema, ApprovalSchema, HeldCallSchema } from '@/lib/api/approval-schemas';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { createToken } from '@/lib/auth/create-token';
import { apiRequest, callRoute, describeApi, type TestRequestInit } from '@/test/api/api-harness';
import { connectMcpRoute } from '@/test/api/mcp-route-client';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { DELETE as mcpDelete, GET as mcpGet, POST as mcpPost } from '../agents/[id]/mcp/route';
import { PUT as putPolicy } from '../agents/[id]/tools/[toolName]/policy/route';
import { POST as invokeRoute } from '../agents/[id]/tools/[toolName]/invoke/route';
import { PUT as assign } from '../agents/[id]/tools/[toolName]/route';
import { POST as decide } from './[id]/decision/route';
import { GET as getOne } from './[id]/route';
import { GET as list } from './route';

// delete_record (destructiveHint) and publish_post (readOnlyHint false, openWorldHint true).
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/policy-plugins';
const AGENT = 'guarded';

describeApi('Approvals: held calls, bound to their exact arguments, run once', (database) => {
  let runtime = '';
  const clients: Client[] = [];
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    runtime = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: AGENT, name: 'Guarded' } });
    for (const toolName of ['delete_record', 'publish_post']) {
      const response = await callRoute(assign, apiRequest(`/api/v1/agents/${AGENT}/tools/${toolName}`, { method: 'PUT', json: { overrides: {} } }), { id: AGENT, toolName });
      expect(response.status).toBe(201);
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });
  afterEach(() => {
    delete process.env.APPROVAL_TTL_MINUTES;
  });

  const invoke = (toolName: string, args: Record<string, unknown>, as: TestRequestInit['as'] = { token: runtime }) =>
    callRoute(invokeRoute, apiRequest(`/api/v1/agents/${AGENT}/tools/${toolName}/invoke`, { as, method: 'POST', json: { arguments: args } }), { id: AGENT, toolName });
  const decision = (id: string, json: unknown, as: TestRequestInit['as'] = 'editor') =>
    callRoute(decide, apiRequest(`/api/v1/approvals/${id}/decision`, { as, method: 'POST', json }), { id });
  async function held(response: Response): Promise<string> {
    expect(response.status).toBe(202);
    const body = HeldCallSchema.parse(await response.json());
    expect(response.headers.get('location')).toBe(`/api/v1/approvals/${body.approvalId}`);
    expect(body.url).toBe(`/approvals?id=${body.approvalId}`);
    return body.approvalId;
  }
  async function successfulRuns(toolName: string): Promise<number> {
    await flushAuditEvents();
    const rows = await database.db.selectFrom('audit_events').select('after').where('action', '=', 'tool.invoke').where('target', '=', `agents/${AGENT}/tools/${toolName}`).execute();
    return rows.filter((row) => (JSON.parse(row.after ?? '{}') as { outcome?: string }).outcome === 'ok').length;
  }

  it('holds a destructive call (202), holds the same call again under the same approval, and audits the request', async () => {
    const id = await held(await invoke('delete_record', { id: 'r1', apiKey: 'sk-live-123' }));
    expect(await held(await invoke('delete_record', { apiKey: 'sk-live-123', id: 'r1' }))).toBe(id);
    const listed = ApprovalListSchema.parse(await (await callRoute(list, apiRequest('/api/v1/approvals', { as: 'editor' }), {})).json());
    const approval = listed.approvals.find((candidate) => candidate.id === id);
    // Arguments as values, the secret masked.
    expect(approval?.arguments).toEqual({ id: 'r1', apiKey: '[redacted]' });
    expect(listed.pendingCount).toBeGreaterThanOrEqual(1);
    const audit = await database.db.selectFrom('audit_events').select(['action', 'after']).where('target', '=', `approvals/${id}`).execute();
    expect(audit.map((event) => event.action)).toEqual(['approval.request']);
    expect(JSON.stringify(audit)).not.toContain('sk-live-123');
    expect(await successfulRuns('delete_record')).toBe(0);
  });

  it('holds it through the MCP SDK client as a tool error naming the approval', async () => {
    const { client } = await connectMcpRoute({ handlers: { GET: mcpGet, POST: mcpPost, DELETE: mcpDelete }, agentId: AGENT, token: runtime });
    clients.push(client);
    const result = await client.callTool({ name: 'publish_post', arguments: { text: 'Hello world' } });
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result.content);
    const id = /approval ([0-9a-f-]{36})/.exec(text)?.[1];
    expect(id).toBeDefined();
    expect(text).toContain('awaits a person\'s approval');
    const approval = ApprovalSchema.parse(await (await callRoute(getOne, apiRequest(`/api/v1/approvals/${id}`, { as: { token: runtime } }), { id: id! })).json());
    expect(approval).toMatchObject({ toolName: 'publish_post', status: 'pending', arguments: { text: 'Hello world' } });
    expect(await successfulRuns('publish_post')).toBe(0);
  });

  it('lets exactly the approved call run once; changed arguments need a new approval', async () => {
    const id = await held(await invoke('delete_record', { id: 'r2' }));
    const approved = await decision(id, { decision: 'approve', comment: 'Checked with the owner' });
    expect(approved.status).toBe(200);
    expect(ApprovalSchema.parse(await approved.json())).toMatchObject({ status: 'approved', decidedByName: expect.any(String), comment: 'Checked with the owner' });

    // Another argument: not covered.
    const other = await held(await invoke('delete_record', { id: 'r3' }));
    expect(other).not.toBe(id);

    const ran = await invoke('delete_record', { id: 'r2' });
    expect(ran.status).toBe(200);
    expect(((await ran.json()) as { result: string }).result).toBe('Deleted record r2');
    const used = ApprovalSchema.parse(await (await callRoute(getOne, apiRequest(`/api/v1/approvals/${id}`, { as: { token: runtime } }), { id })).json());
    expect(used.status).toBe('used');

    // Once only: the same call again is held anew.
    const again = await held(await invoke('delete_record', { id: 'r2' }));
    expect(again).not.toBe(id);
    expect(await successfulRuns('delete_record')).toBe(1);
    const events = await database.db.selectFrom('audit_events').select('action').where('target', '=', `approvals/${id}`).orderBy('id').execute();
    expect(events.map((event) => event.action)).toEqual(['approval.request', 'approval.approve']);
  });

  it('answers a denied call 403 naming the approval and the comment, and refuses a second decision (409)', async () => {
    const id = await held(await invoke('delete_record', { id: 'r4' }));
    expect((await decision(id, { decision: 'deny', comment: 'Not this one' })).status).toBe(200);
    const refused = await invoke('delete_record', { id: 'r4' });
    expect(refused.status).toBe(403);
    const problem = (await refused.json()) as { detail: string };
    expect(problem.detail).toContain(id);
    expect(problem.detail).toContain('Not this one');
    expect((await decision(id, { decision: 'approve' })).status).toBe(409);
  });

  it('expires a pending call after APPROVAL_TTL_MINUTES: it can no longer be approved', async () => {
    process.env.APPROVAL_TTL_MINUTES = '0.002';
    const id = await held(await invoke('delete_record', { id: 'r5' }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    const expired = ApprovalSchema.parse(await (await callRoute(getOne, apiRequest(`/api/v1/approvals/${id}`, { as: 'editor' }), { id })).json());
    expect(expired.status).toBe('expired');
    expect((await decision(id, { decision: 'approve' })).status).toBe(409);
    delete process.env.APPROVAL_TTL_MINUTES;
    expect(await held(await invoke('delete_record', { id: 'r5' }))).not.toBe(id);
  });

  it('binds an approval to the policy version: a policy saved after approval needs a new one', async () => {
    const id = await held(await invoke('publish_post', { text: 'v1' }));
    expect((await decision(id, { decision: 'approve' })).status).toBe(200);
    const saved = await callRoute(putPolicy, apiRequest(`/api/v1/agents/${AGENT}/tools/publish_post/policy`, { method: 'PUT', json: { description: 'Posts publicly.' } }), { id: AGENT, toolName: 'publish_post' });
    expect(saved.status).toBe(200);
    expect(await held(await invoke('publish_post', { text: 'v1' }))).not.toBe(id);
  });

  it('follows the agent\'s call policy: deny is 403 with nothing held, allow runs at once', async () => {
    const setPolicy = (callPolicy: string, version: string) =>
      callRoute(putPolicy, apiRequest(`/api/v1/agents/${AGENT}/tools/delete_record/policy`, { method: 'PUT', ifMatch: version, json: { callPolicy } }), { id: AGENT, toolName: 'delete_record' });
    expect((await setPolicy('deny', '"0"')).status).toBe(200);
    const before = await database.db.selectFrom('tool_approvals').select('id').execute();
    const denied = await invoke('delete_record', { id: 'r6' });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { detail: string }).detail).toContain('denies every call');
    expect(await database.db.selectFrom('tool_approvals').select('id').execute()).toEqual(before);
    expect((await setPolicy('allow', '"1"')).status).toBe(200);
    expect((await invoke('delete_record', { id: 'r6' })).status).toBe(200);
    expect((await setPolicy('ask', '"2"')).status).toBe(200);
  });

  it('refuses the attacker: no token, viewer or the asker decides; a runtime token sees only its own calls', async () => {
    const id = await held(await invoke('delete_record', { id: 'r7' }));
    const before = await database.db.selectFrom('tool_approvals').selectAll().where('id', '=', id).execute();
    // The runtime that asked cannot approve its own call; no token scope can.
    expect((await decision(id, { decision: 'approve' }, { token: runtime })).status).toBe(403);
    const writer = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'writer', scopes: ['agents:write', 'runtime'] } })).secret;
    expect((await decision(id, { decision: 'approve' }, { token: writer })).status).toBe(403);
    expect((await decision(id, { decision: 'approve' }, 'viewer')).status).toBe(403);
    expect((await callRoute(list, apiRequest('/api/v1/approvals', { as: 'viewer' }), {})).status).toBe(403);
    expect((await callRoute(list, apiRequest('/api/v1/approvals', { as: { token: runtime } }), {})).status).toBe(403);
    // Another runtime token does not see this call.
    expect((await callRoute(getOne, apiRequest(`/api/v1/approvals/${id}`, { as: { token: writer } }), { id })).status).toBe(404);
    expect(await database.db.selectFrom('tool_approvals').selectAll().where('id', '=', id).execute()).toEqual(before);

    // An admin who asked for a call (Try it) cannot approve it either: another person must.
    const own = await held(await invoke('delete_record', { id: 'r8' }, 'admin'));
    const self = await decision(own, { decision: 'approve' }, 'admin');
    expect(self.status).toBe(403);
    expect((await decision(own, { decision: 'approve' }, 'editor')).status).toBe(200);
  });
});
