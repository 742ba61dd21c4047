import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type CallToolResult, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { ApprovalSchema } from '@/lib/api/approval-schemas';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { createToken } from '@/lib/auth/create-token';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { connectMcpRoute } from '@/test/api/mcp-route-client';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { POST as decide } from '../../../approvals/[id]/decision/route';
import { GET as getApproval } from '../../../approvals/[id]/route';
import { PUT as assign } from '../tools/[toolName]/route';
import { DELETE, GET, POST } from './route';

// delete_record (destructiveHint): held under `ask`.
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/policy-plugins';
const AGENT = 'asking';

type ElicitParams = ElicitRequest['params'];

describeApi('MCP elicitation for held calls: the client\'s person may wait for the decision', (database) => {
  let runtime = '';
  const clients: Client[] = [];
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    runtime = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: AGENT, name: 'Asking' } });
    const response = await callRoute(assign, apiRequest(`/api/v1/agents/${AGENT}/tools/delete_record`, { method: 'PUT', json: { overrides: {} } }), { id: AGENT, toolName: 'delete_record' });
    expect(response.status).toBe(201);
  });
  afterEach(() => {
    delete process.env.MCP_APPROVAL_WAIT_SECONDS;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  /** A real SDK client over the route handlers; with `onElicit`, it declares elicitation and answers with it. */
  async function connect(onElicit?: (params: ElicitParams, requestId: string | number) => Promise<ElicitResult>): Promise<Client> {
    const { client } = await connectMcpRoute({
      handlers: { GET, POST, DELETE },
      agentId: AGENT,
      token: runtime,
      options: onElicit ? { capabilities: { elicitation: {} } } : {},
      prepare: (unconnected) => {
        if (onElicit) unconnected.setRequestHandler(ElicitRequestSchema, (request, extra) => onElicit(request.params, extra.requestId));
      },
    });
    clients.push(client);
    return client;
  }
  const approvalIdIn = (text: string) => /approval ([0-9a-f-]{36})/.exec(text)?.[1];
  const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
  const decideAs = (id: string, decision: 'approve' | 'deny', comment?: string) =>
    callRoute(decide, apiRequest(`/api/v1/approvals/${id}/decision`, { as: 'editor', method: 'POST', json: { decision, ...(comment ? { comment } : {}) } }), { id });
  const approval = async (id: string) => ApprovalSchema.parse(await (await callRoute(getApproval, apiRequest(`/api/v1/approvals/${id}`, { as: 'editor' }), { id })).json());
  async function successfulRuns(): Promise<number> {
    await flushAuditEvents();
    const rows = await database.db.selectFrom('audit_events').select('after').where('action', '=', 'tool.invoke').where('target', '=', `agents/${AGENT}/tools/delete_record`).execute();
    return rows.filter((row) => (JSON.parse(row.after ?? '{}') as { outcome?: string }).outcome === 'ok').length;
  }

  it('accept: the call waits, an editor approves it through the API, and the call\'s real result returns (run once)', async () => {
    const asked: ElicitParams[] = [];
    const decisions: Promise<Response>[] = [];
    const client = await connect(async (params) => {
      asked.push(params);
      const id = approvalIdIn(params.message);
      // The person agrees; a moment later an editor approves on the approvals page's API.
      if (id) decisions.push(new Promise((resolve) => setTimeout(() => resolve(decideAs(id, 'approve')), 300)));
      return { action: 'accept', content: {} };
    });
    const before = await successfulRuns();
    const result = await client.callTool({ name: 'delete_record', arguments: { id: 'm1' } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('Deleted record m1');
    expect(asked).toHaveLength(1);
    const id = approvalIdIn(asked[0]!.message)!;
    expect(asked[0]).toMatchObject({ mode: 'form', requestedSchema: { type: 'object', properties: {} } });
    // The approvals page, as an absolute URL a person can open.
    expect(asked[0]!.message).toMatch(new RegExp(`https?://[^ ]+/approvals\\?id=${id}\\b`));
    expect((await Promise.all(decisions)).map((response) => response.status)).toEqual([200]);
    expect((await approval(id)).status).toBe('used');
    expect(await successfulRuns()).toBe(before + 1);
  });

  it('accept, then the editor denies: the tool error says who denied it and why', async () => {
    const client = await connect(async (params) => {
      const id = approvalIdIn(params.message)!;
      setTimeout(() => void decideAs(id, 'deny', 'Not on a Friday'), 200);
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'delete_record', arguments: { id: 'm2' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Not on a Friday');
    expect(textOf(result)).toContain('denied');
  });

  it('decline: the held-call tool error with the approval id, the approval still pending', async () => {
    let asked = 0;
    const client = await connect(async () => {
      asked += 1;
      return { action: 'decline' };
    });
    const before = await successfulRuns();
    const result = await client.callTool({ name: 'delete_record', arguments: { id: 'm3' } });
    expect(asked).toBe(1);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('awaits a person\'s approval');
    const id = approvalIdIn(textOf(result))!;
    expect(result._meta).toMatchObject({ approvalId: id, approvalUrl: `/approvals?id=${id}` });
    expect((await approval(id)).status).toBe('pending');
    expect(await successfulRuns()).toBe(before);
  });

  it('accept but nobody decides within MCP_APPROVAL_WAIT_SECONDS: the held-call tool error', async () => {
    process.env.MCP_APPROVAL_WAIT_SECONDS = '1';
    const client = await connect(async () => ({ action: 'accept' }));
    const started = Date.now();
    const result = await client.callTool({ name: 'delete_record', arguments: { id: 'm4' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(result.isError).toBe(true);
    const id = approvalIdIn(textOf(result))!;
    expect((await approval(id)).status).toBe('pending');
  });

  it('a client without the capability is never asked: the tool error at once, as before', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'delete_record', arguments: { id: 'm5' } });
    expect(result.isError).toBe(true);
    const id = approvalIdIn(textOf(result))!;
    expect(result._meta).toMatchObject({ approvalId: id });
    expect((await approval(id)).status).toBe('pending');
    const sessions = await database.db.selectFrom('runtime_sessions').select(['client_elicitation']).where('agent_id', '=', AGENT).execute();
    expect(sessions.map((row) => Number(row.client_elicitation)).sort()).toEqual([0, 1, 1, 1, 1]);
  });

  it('an answer sent in another session, even with the question\'s own id, reaches no waiting call', async () => {
    process.env.MCP_APPROVAL_WAIT_SECONDS = '2';
    const forger = await connect(async () => ({ action: 'decline' }));
    let forged: string | undefined;
    const client = await connect(async (params, requestId) => {
      // The same caller's other session answers "accept" with this question's id: it must not count,
      // even though an editor approves the call meanwhile (else the call would run).
      forged = await forger.transport!.send({ jsonrpc: '2.0', id: requestId, result: { action: 'accept' } }).then(() => 'sent', (error: unknown) => String(error));
      expect((await decideAs(approvalIdIn(params.message)!, 'approve')).status).toBe(200);
      // This client's own person never answers in time.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return { action: 'decline' };
    });
    const result = await client.callTool({ name: 'delete_record', arguments: { id: 'm6' } });
    expect(forged).toBe('sent');
    expect(result.isError).toBe(true);
    const id = approvalIdIn(textOf(result))!;
    // Approved but never run: the call answered as held.
    expect((await approval(id)).status).toBe('approved');
  });
});
