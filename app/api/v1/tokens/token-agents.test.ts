import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenSchema } from '@/lib/api/auth-schemas';
import { createAgent, deleteAgent } from '@/lib/agents';
import { createToken } from '@/lib/auth/create-token';
import { recordTokenAgentUse } from '@/lib/auth/token-agent-uses';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { GET as agentGet, PATCH as agentPatch } from '../agents/[id]/route';
import { GET as listAgentsRoute, POST as createAgentRoute } from '../agents/route';
import { POST as cloneRoute } from '../agents/[id]/clone/route';
import { GET as effectiveToolsRoute } from '../agents/[id]/effective-tools/route';
import { POST as mcpRoute } from '../agents/[id]/mcp/route';
import { PUT as assignRoute } from '../agents/[id]/tools/[toolName]/route';
import { POST as invokeRoute } from '../agents/[id]/tools/[toolName]/invoke/route';
import { GET as versionsRoute } from '../agents/[id]/versions/route';
import { GET as configExport } from '../config/route';
import { GET as usageRoute } from '../usage/route';
import { GET as tokenGet, PATCH as tokenPatch } from './[id]/route';
import { GET as tokensList, POST as tokensPost } from './route';

process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins';

type Handler = Parameters<typeof callRoute>[0];
type As = TestRequestInit['as'];

/** The problem body without its request id, the only part allowed to differ. */
async function problemOf(response: Response): Promise<string> {
  const body = (await response.json()) as Record<string, unknown>;
  delete body.requestId;
  return JSON.stringify(body);
}

const MCP_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const MCP_HEADERS = { accept: 'application/json, text/event-stream' };

/** Each agent route a limited token might probe, as (agent) => response. */
function probes(as: As): Record<string, (agent: string) => Promise<Response>> {
  return {
    invoke: (agent) =>
      callRoute(invokeRoute as Handler, apiRequest(`/api/v1/agents/${agent}/tools/fs_read_file/invoke`, { method: 'POST', json: { arguments: { path: 'payroll.txt' } }, as }), { id: agent, toolName: 'fs_read_file' }),
    mcp: (agent) => callRoute(mcpRoute as Handler, apiRequest(`/api/v1/agents/${agent}/mcp`, { method: 'POST', json: MCP_LIST, headers: MCP_HEADERS, as }), { id: agent }),
    effectiveTools: (agent) => callRoute(effectiveToolsRoute as Handler, apiRequest(`/api/v1/agents/${agent}/effective-tools?format=mcp`, { as }), { id: agent }),
    agentRead: (agent) => callRoute(agentGet as Handler, apiRequest(`/api/v1/agents/${agent}`, { as }), { id: agent }),
    agentWrite: (agent) =>
      callRoute(agentPatch as Handler, apiRequest(`/api/v1/agents/${agent}`, { method: 'PATCH', json: { name: 'Taken over' }, ifMatch: '"1"', as }), { id: agent }),
    versions: (agent) => callRoute(versionsRoute as Handler, apiRequest(`/api/v1/agents/${agent}/versions`, { as }), { id: agent }),
  };
}

describeApi('tokens limited to agents', (database) => {
  let baseDir = '';
  let boundToA = '';
  let boundTokenId = '';
  let allAgents = '';
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    baseDir = await mkdtemp(path.join(os.tmpdir(), 'token-agents-'));
    await writeFile(path.join(baseDir, 'payroll.txt'), 'salary: secret');
    process.env.FS_ALLOWED_ROOTS = baseDir;
    for (const id of ['runner', 'hr', 'gone']) {
      await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id, name: id } });
      const assigned = await callRoute(assignRoute as Handler, apiRequest(`/api/v1/agents/${id}/tools/fs_read_file`, { method: 'PUT', json: { overrides: { baseDir } } }), { id, toolName: 'fs_read_file' });
      expect(assigned.status).toBe(201);
    }
    const response = await callRoute(tokensPost as Handler, apiRequest('/api/v1/tokens', { method: 'POST', json: { name: 'runner runtime', scopes: ['runtime', 'agents:write'], agents: ['runner'] } }), {});
    expect(response.status).toBe(201);
    const created = (await response.json()) as { token: unknown; secret: string };
    const token = TokenSchema.parse(created.token);
    expect(token.agents).toEqual(['runner']);
    boundToA = created.secret;
    boundTokenId = token.id;
    allAgents = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'everything', scopes: ['runtime', 'agents:write'], agents: 'all' } })).secret;
    // "gone" existed and was deleted: every probe below compares against it.
    const gone = await database.db.selectFrom('agents').select('version').where('id', '=', 'gone').executeTakeFirstOrThrow();
    await deleteAgent({ db: database.db, actor: TEST_ADMIN, id: 'gone', expectedVersion: gone.version });
  });

  it('lets the attacker\'s request (a runtime token for one agent reading another\'s fs_read_file) read nothing: 404', async () => {
    // Used once first, so its "last used" time is written before the snapshot.
    expect((await probes({ token: boundToA }).effectiveTools!('runner')).status).toBe(200);
    const before = await snapshotTables(database.db);
    const response = await probes({ token: boundToA }).invoke!('hr');
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain('salary');
    expect(JSON.parse(text)).toMatchObject({ status: 404, detail: 'Agent "hr" was not found' });
    expect(await snapshotTables(database.db)).toEqual(before);
    // The same request to its own agent works: the token is limited, not broken.
    const own = await probes({ token: boundToA }).invoke!('runner');
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('salary');
  });

  for (const name of ['invoke', 'mcp', 'effectiveTools', 'agentRead', 'agentWrite', 'versions']) {
    it(`answers ${name} on an agent outside the set with the same 404 body as on an agent that does not exist`, async () => {
      const outside = await probes({ token: boundToA })[name]!('hr');
      const missingToAll = await probes({ token: allAgents })[name]!('gone');
      const missingToBound = await probes({ token: boundToA })[name]!('gone');
      expect(outside.status).toBe(404);
      expect(missingToAll.status).toBe(404);
      // The agent's id differs, so compare with the id swapped: every other byte is the same.
      const expected = (await problemOf(missingToAll)).replaceAll('gone', 'hr');
      expect(await problemOf(outside)).toBe(expected);
      expect((await problemOf(missingToBound)).replaceAll('gone', 'hr')).toBe(expected);
    });
  }

  it('lists only the agents in the set, and usage only theirs', async () => {
    const listed = await callRoute(listAgentsRoute as Handler, apiRequest('/api/v1/agents', { as: { token: boundToA } }), {});
    expect(listed.status).toBe(200);
    const page = (await listed.json()) as { agents: { id: string }[]; total: number };
    expect(page.agents.map((agent) => agent.id)).toEqual(['runner']);
    expect(page.total).toBe(1);
    const everyone = (await (await callRoute(listAgentsRoute as Handler, apiRequest('/api/v1/agents', { as: { token: allAgents } }), {})).json()) as { agents: { id: string }[] };
    expect(everyone.agents.map((agent) => agent.id).sort()).toEqual(['hr', 'runner']);
    await probes({ token: allAgents }).invoke!('hr');
    const usage = await callRoute(usageRoute as Handler, apiRequest('/api/v1/usage?by=agent', { as: { token: boundToA } }), {});
    expect(usage.status).toBe(200);
    const report = (await usage.json()) as { groups?: { key: string }[] };
    expect((report.groups ?? []).map((group) => group.key)).not.toContain('hr');
  });

  it('refuses a limited token creating or cloning agents with 403 saying why, and changes nothing', async () => {
    const before = await snapshotTables(database.db);
    const created = await callRoute(createAgentRoute as Handler, apiRequest('/api/v1/agents', { method: 'POST', json: { id: 'escape', name: 'Escape' }, as: { token: boundToA } }), {});
    expect(created.status).toBe(403);
    expect(((await created.json()) as { detail: string }).detail).toContain('A token limited to agents cannot create agents');
    const cloned = await callRoute(cloneRoute as Handler, apiRequest('/api/v1/agents/runner/clone', { method: 'POST', json: { id: 'copy', name: 'Copy' }, as: { token: boundToA } }), { id: 'runner' });
    expect(cloned.status).toBe(403);
    const clonedHr = await callRoute(cloneRoute as Handler, apiRequest('/api/v1/agents/hr/clone', { method: 'POST', json: { id: 'copy', name: 'Copy' }, as: { token: boundToA } }), { id: 'hr' });
    expect(clonedHr.status).toBe(404);
    const { audit: auditBefore, ...rest } = before as { audit: unknown[] };
    const { audit: auditAfter, ...restAfter } = (await snapshotTables(database.db)) as { audit: { action: string }[] };
    expect(restAfter).toEqual(rest);
    // Only the refusals were recorded.
    expect(auditAfter.slice(auditBefore.length).map((event) => event.action)).toEqual(['access.denied', 'access.denied']);
  });

  it('refuses a limited token the whole configuration (it covers every agent) with 403', async () => {
    const response = await callRoute(configExport as Handler, apiRequest('/api/v1/config?format=json', { as: { token: boundToA } }), {});
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe('A token limited to agents cannot export the configuration (it covers every agent): use a token with all agents, or sign in');
    const allowed = await callRoute(configExport as Handler, apiRequest('/api/v1/config?format=json', { as: { token: allAgents } }), {});
    expect(allowed.status).toBe(200);
  });

  it('refuses an unknown agent id on create with 400 pointing at it, and creates nothing', async () => {
    const before = await snapshotTables(database.db);
    const response = await callRoute(tokensPost as Handler, apiRequest('/api/v1/tokens', { method: 'POST', json: { name: 'x', scopes: ['runtime'], agents: ['runner', 'nobody'] } }), {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ pointer: '/agents/1', message: 'There is no agent "nobody"' }] });
    const empty = await callRoute(tokensPost as Handler, apiRequest('/api/v1/tokens', { method: 'POST', json: { name: 'x', scopes: ['runtime'], agents: [] } }), {});
    expect(empty.status).toBe(400);
    expect(await snapshotTables(database.db)).toEqual(before);
  });

  it('shows a token\'s agents and its last use per agent, and answers "all" for tokens left without a choice', async () => {
    const got = TokenSchema.parse(await (await callRoute(tokenGet as Handler, apiRequest(`/api/v1/tokens/${boundTokenId}`), { id: boundTokenId })).json());
    expect(got.agents).toEqual(['runner']);
    expect(got.agentUses.map((use) => use.agentId)).toEqual(['runner']);
    const legacy = await callRoute(tokensPost as Handler, apiRequest('/api/v1/tokens', { method: 'POST', json: { name: 'old script', scopes: ['catalogue:read'] } }), {});
    expect(TokenSchema.parse(((await legacy.json()) as { token: unknown }).token).agents).toBe('all');
    const list = (await (await callRoute(tokensList as Handler, apiRequest('/api/v1/tokens'), {})).json()) as { tokens: unknown[] };
    expect(list.tokens.map((token) => TokenSchema.parse(token)).find((token) => token.id === boundTokenId)?.agents).toEqual(['runner']);
  });

  it('writes a token\'s use of an agent at most once a minute, and never moves it back (another instance wrote later)', async () => {
    const { token } = await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'uses', scopes: ['runtime'], agents: 'all' } });
    const read = async (agentId: string) =>
      (await database.db.selectFrom('api_token_agent_uses').select('last_used_at').where('token_id', '=', token.id).where('agent_id', '=', agentId).executeTakeFirst())?.last_used_at;
    const t0 = new Date('2026-06-01T10:00:00.000Z');
    await recordTokenAgentUse(database.db, token.id, 'runner', t0);
    await recordTokenAgentUse(database.db, token.id, 'runner', new Date(t0.getTime() + 30_000));
    expect(await read('runner')).toBe(t0.toISOString());
    await recordTokenAgentUse(database.db, token.id, 'runner', new Date(t0.getTime() + 61_000));
    expect(await read('runner')).toBe(new Date(t0.getTime() + 61_000).toISOString());
    // Another instance already wrote a later time: this one's older write leaves it.
    await database.db.insertInto('api_token_agent_uses').values({ token_id: token.id, agent_id: 'hr', last_used_at: '2026-06-01T11:00:00.000Z' }).execute();
    await recordTokenAgentUse(database.db, token.id, 'hr', t0);
    expect(await read('hr')).toBe('2026-06-01T11:00:00.000Z');
  });

  describe('narrowing', () => {
    it('narrows an all-agents token at once, audited, and refuses to widen one', async () => {
      const { token, secret } = await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'wide', scopes: ['runtime'], agents: 'all' } });
      expect((await probes({ token: secret }).effectiveTools!('hr')).status).toBe(200);
      const narrowed = await callRoute(tokenPatch as Handler, apiRequest(`/api/v1/tokens/${token.id}`, { method: 'PATCH', json: { agents: ['runner'] } }), { id: token.id });
      expect(narrowed.status).toBe(200);
      expect(TokenSchema.parse(await narrowed.json()).agents).toEqual(['runner']);
      expect((await probes({ token: secret }).effectiveTools!('hr')).status).toBe(404);
      expect((await probes({ token: secret }).effectiveTools!('runner')).status).toBe(200);
      const events = await database.db.selectFrom('audit_events').select(['action', 'after']).where('target', '=', `tokens/${token.id}`).orderBy('id').execute();
      expect(events.map((event) => event.action)).toContain('token.update');
      const widened = await callRoute(tokenPatch as Handler, apiRequest(`/api/v1/tokens/${token.id}`, { method: 'PATCH', json: { agents: 'all' } }), { id: token.id });
      expect(widened.status).toBe(400);
      expect(await widened.json()).toMatchObject({ errors: [{ pointer: '/agents' }] });
    });
  });
});
