import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { WorkflowSchema } from '@/lib/api/workflow-schemas';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { connectMcpRoute } from '@/test/api/mcp-route-client';
import { createToken } from '@/lib/auth/create-token';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { GET as listTools } from '../tools/route';
import { GET as getTool } from '../tools/[name]/route';
import { GET as effectiveTools } from '../agents/[id]/effective-tools/route';
import { PUT as putAssignment } from '../agents/[id]/tools/[toolName]/route';
import { GET as agentTools } from '../agents/[id]/tools/route';
import { POST as invoke } from '../agents/[id]/tools/[toolName]/invoke/route';
import { DELETE as mcpDelete, GET as mcpGet, POST as mcpPost } from '../agents/[id]/mcp/route';
import { POST as dryRun } from './dry-run/route';
import { DELETE, GET, PUT } from './[name]/route';
import { GET as list, POST } from './route';

/** The two-step workflow of the issue: count the words, then count the words of that answer. */
const summarize = {
  name: 'summarize',
  description: 'Counts the words of a text, then of the count',
  inputs: [{ name: 'text', type: 'string', required: true, description: 'The text to count' }],
  steps: [
    { id: 'count', tool: 'word_count', arguments: { text: '{{input.text}}' } },
    { id: 'recount', tool: 'word_count', arguments: { text: '{{steps.count.result}}' } },
  ],
  output: '{{steps.count.result}} / {{steps.recount.result}}',
};

function create(json: unknown): Promise<Response> {
  return callRoute(POST, apiRequest('/api/v1/workflows', { method: 'POST', json }), {});
}

function get(name: string): Promise<Response> {
  return callRoute(GET, apiRequest(`/api/v1/workflows/${name}`), { name });
}

function replace(name: string, json: unknown, ifMatch?: string): Promise<Response> {
  return callRoute(PUT, apiRequest(`/api/v1/workflows/${name}`, { method: 'PUT', json, ifMatch }), { name });
}

function remove(name: string, ifMatch?: string): Promise<Response> {
  return callRoute(DELETE, apiRequest(`/api/v1/workflows/${name}`, { method: 'DELETE', ifMatch }), { name });
}

async function assign(agentId: string, toolName: string, overrides: Record<string, unknown> = {}): Promise<Response> {
  return callRoute(putAssignment, apiRequest(`/api/v1/agents/${agentId}/tools/${toolName}`, { method: 'PUT', json: { overrides } }), { id: agentId, toolName });
}

async function call(agentId: string, toolName: string, args: Record<string, unknown>, token: string): Promise<Response> {
  return callRoute(invoke, apiRequest(`/api/v1/agents/${agentId}/tools/${toolName}/invoke`, { method: 'POST', json: { arguments: args }, as: { token } }), { id: agentId, toolName });
}

describeApi('/api/v1/workflows', (database) => {
  let runtimeToken = '';
  beforeAll(async () => {
    // Each engine's block boots its own registry on its own database.
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    runtimeToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'writer', name: 'Writer' } });
  });

  describe('a two-step workflow', () => {
    it('is stored (201, ETag, Location) and is in the catalogue at once with its input schema, in the group workflow', async () => {
      const response = await create(summarize);
      expect(response.status).toBe(201);
      expect(response.headers.get('etag')).toBe('"1"');
      expect(response.headers.get('location')).toBe('/api/v1/workflows/summarize');
      expect(WorkflowSchema.parse(await response.json())).toMatchObject({ name: 'summarize', toolName: 'workflow_summarize', version: 1 });

      const entry = await callRoute(getTool, apiRequest('/api/v1/tools/workflow_summarize'), { name: 'workflow_summarize' });
      expect(entry.status).toBe(200);
      expect(await entry.json()).toMatchObject({
        name: 'workflow_summarize',
        group: 'workflow',
        kind: 'provider',
        available: true,
        description: 'Counts the words of a text, then of the count',
        parametersSchema: {
          type: 'object',
          properties: { text: { type: 'string', description: 'The text to count' } },
          required: ['text'],
          additionalProperties: false,
        },
      });
      const audit = await database.db.selectFrom('audit_events').select(['action', 'target']).where('action', '=', 'workflow.create').execute();
      expect(audit).toEqual([{ action: 'workflow.create', target: 'workflows/summarize' }]);
    });

    it('can be assigned, is in the effective tools and the MCP tools/list, and runs with the expected result', async () => {
      expect((await assign('writer', 'workflow_summarize')).status).toBe(201);

      const effective = await callRoute(effectiveTools, apiRequest('/api/v1/agents/writer/effective-tools'), { id: 'writer' });
      const body = (await effective.json()) as { tools: { function: { name: string; parameters: unknown } }[] };
      expect(body.tools.map((tool) => tool.function.name)).toContain('workflow_summarize');

      const client = await connectMcp('writer', runtimeToken);
      try {
        const { tools } = await client.listTools();
        expect(tools.find((tool) => tool.name === 'workflow_summarize')?.inputSchema).toMatchObject({ required: ['text'] });
        const viaMcp = await client.callTool({ name: 'workflow_summarize', arguments: { text: 'one two three four' } });
        expect(viaMcp.content).toEqual([{ type: 'text', text: 'Word count: 4 / Word count: 3' }]);
      } finally {
        await client.close();
      }

      const response = await call('writer', 'workflow_summarize', { text: 'a b' }, runtimeToken);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ result: 'Word count: 2 / Word count: 3' });
    });

    it('is refused with its input schema: a missing required input is 400 and nothing runs', async () => {
      const response = await call('writer', 'workflow_summarize', {}, runtimeToken);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ pointer: '/arguments/text' }] });
    });

    it('names the failing step and stops there', async () => {
      const failing = {
        name: 'read_then_count',
        description: '',
        inputs: [{ name: 'path', type: 'string', required: true, description: '' }],
        steps: [
          { id: 'count', tool: 'word_count', arguments: { text: 'one' } },
          { id: 'read', tool: 'fs_read_file', arguments: { path: '{{input.path}}' } },
          { id: 'never', tool: 'word_count', arguments: { text: '{{steps.read.result}}' } },
        ],
        output: '',
      };
      expect((await create(failing)).status).toBe(201);
      expect((await assign('writer', 'workflow_read_then_count')).status).toBe(201);

      const response = await call('writer', 'workflow_read_then_count', { path: 'notes.txt' }, runtimeToken);
      expect(response.status).toBe(422);
      const problem = (await response.json()) as { detail: string };
      expect(problem.detail).toContain('Step "read" (fs_read_file) failed');
      expect(problem.detail).toContain('fs_read_file needs settings that have no default (baseDir)');
      expect(problem.detail).toContain('agent "writer" does not have it assigned');

      const dry = await callRoute(dryRun, apiRequest('/api/v1/workflows/dry-run', { method: 'POST', json: { workflow: failing, arguments: { path: 'x' }, agentId: 'writer' } }), {});
      expect(dry.status).toBe(200);
      const run = (await dry.json()) as { ok: boolean; failedStep: string; steps: { id: string; arguments?: unknown; result?: string; error?: string }[] };
      expect(run.ok).toBe(false);
      expect(run.failedStep).toBe('read');
      expect(run.steps.map((step) => step.id)).toEqual(['count', 'read']);
      expect(run.steps[0]).toMatchObject({ arguments: { text: 'one' }, result: 'Word count: 1', settings: 'defaults' });
      expect(run.steps[1]).toMatchObject({ arguments: { path: 'x' } });

      // Without an agent, the answer says what to do and never names the stand-in agent.
      const bare = await callRoute(dryRun, apiRequest('/api/v1/workflows/dry-run', { method: 'POST', json: { workflow: failing, arguments: { path: 'x' } } }), {});
      const bareText = await bare.text();
      expect(bareText).not.toContain('workflow-dry-run');
      expect((JSON.parse(bareText) as { steps: { error?: string }[] }).steps[1]?.error).toBe(
        'fs_read_file needs settings that have no default (baseDir). Choose an agent that has fs_read_file assigned under "Run as agent", and its settings are used.',
      );
    });

    it('refuses a dry run to an editor (it runs tools, which needs runtime), changing nothing but the refusal\'s audit', async () => {
      const response = await callRoute(dryRun, apiRequest('/api/v1/workflows/dry-run', { method: 'POST', json: { workflow: summarize, arguments: { text: 'x' } }, as: 'editor' }), {});
      expect(response.status).toBe(403);
    });

    it('dry-runs showing each step\'s arguments and result', async () => {
      const response = await callRoute(dryRun, apiRequest('/api/v1/workflows/dry-run', { method: 'POST', json: { workflow: summarize, arguments: { text: 'x y z' } } }), {});
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        ok: true,
        steps: [
          { id: 'count', tool: 'word_count', arguments: { text: 'x y z' }, settings: 'defaults', result: 'Word count: 3' },
          { id: 'recount', tool: 'word_count', arguments: { text: 'Word count: 3' }, settings: 'defaults', result: 'Word count: 3' },
        ],
        output: 'Word count: 3 / Word count: 3',
      });
    });

    it('keeps its assignments when edited (If-Match), and refuses a stale or missing If-Match', async () => {
      const edited = { ...summarize, description: 'Counts twice', output: '{{steps.recount.result}}' };
      expect((await replace('summarize', edited)).status).toBe(428);
      const response = await replace('summarize', edited, '"1"');
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"2"');
      expect((await replace('summarize', edited, '"1"')).status).toBe(412);

      const tools = (await (await callRoute(agentTools, apiRequest('/api/v1/agents/writer/tools'), { id: 'writer' })).json()) as { assignments: { toolName: string; status: string; origin: string }[] };
      expect(tools.assignments.find((a) => a.toolName === 'workflow_summarize')).toMatchObject({ status: 'ok', origin: 'assignment' });
      const result = await call('writer', 'workflow_summarize', { text: 'a b' }, runtimeToken);
      expect(await result.json()).toMatchObject({ result: 'Word count: 3' });
      // Same name, new description and inputs: the catalogue shows the edit at once.
      const entry = (await (await callRoute(getTool, apiRequest('/api/v1/tools/workflow_summarize'), { name: 'workflow_summarize' })).json()) as { description: string };
      expect(entry.description).toBe('Counts twice');
      const summary = (await (await callRoute(listTools, apiRequest('/api/v1/tools?view=summary'), {})).json()) as { tools: { name: string; description: string }[] };
      expect(summary.tools.find((tool) => tool.name === 'workflow_summarize')?.description).toBe('Counts twice');
    });

    it('once deleted leaves its tool\'s assignment missing, never deleted', async () => {
      expect((await remove('read_then_count')).status).toBe(428);
      expect((await remove('read_then_count', '"1"')).status).toBe(204);
      expect((await get('read_then_count')).status).toBe(404);
      const catalogue = (await (await callRoute(listTools, apiRequest('/api/v1/tools'), {})).json()) as { tools: { name: string }[] };
      expect(catalogue.tools.map((tool) => tool.name)).not.toContain('workflow_read_then_count');

      const tools = (await (await callRoute(agentTools, apiRequest('/api/v1/agents/writer/tools'), { id: 'writer' })).json()) as { assignments: { toolName: string; status: string }[] };
      expect(tools.assignments.find((a) => a.toolName === 'workflow_read_then_count')).toMatchObject({ status: 'missing' });
      const row = await database.db.selectFrom('assignments').select('tool_name').where('tool_name', '=', 'workflow_read_then_count').executeTakeFirst();
      expect(row).toEqual({ tool_name: 'workflow_read_then_count' });
    });
  });

  describe('validation on save', () => {
    it('refuses an unknown tool, arguments that do not fit, unknown template names and self-calls, storing nothing', async () => {
      const before = await snapshotTables(database.db);
      const response = await create({
        name: 'broken',
        inputs: [{ name: 'text', type: 'string', required: true }],
        steps: [
          { id: 'a', tool: 'no_such_tool', arguments: {} },
          { id: 'b', tool: 'word_count', arguments: { text: 7 } },
          { id: 'c', tool: 'word_count', arguments: { text: '{{input.nope}} {{steps.d.result}}' } },
          { id: 'd', tool: 'workflow_broken', arguments: {} },
          { id: 'e', tool: 'word_count', arguments: { text: '{{input.text}}' } },
          { id: 'f', tool: 'word_count', arguments: {} },
        ],
        output: '{{steps.zzz.result}}',
      });
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as { errors: { pointer: string; message: string }[] };
      const pointers = errors.map((error) => error.pointer);
      expect(pointers).toEqual(expect.arrayContaining([
        '/steps/0/tool',
        '/steps/1/arguments/text',
        '/steps/2/arguments/text',
        '/steps/3/tool',
        '/steps/5/arguments/text',
        '/output',
      ]));
      expect(pointers).not.toContain('/steps/4/arguments/text');
      expect(await snapshotTables(database.db)).toEqual(before);
      expect(await database.db.selectFrom('workflows').select('name').where('name', '=', 'broken').execute()).toEqual([]);
    });

    it('refuses a workflow that calls itself through another one', async () => {
      expect((await create({ name: 'inner', steps: [{ id: 'a', tool: 'word_count', arguments: { text: 'x' } }] })).status).toBe(201);
      expect((await create({ name: 'outer', steps: [{ id: 'a', tool: 'workflow_inner', arguments: {} }] })).status).toBe(201);
      const response = await replace('inner', { steps: [{ id: 'a', tool: 'workflow_outer', arguments: {} }] }, '"1"');
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as { errors: { pointer: string; message: string }[] };
      expect(errors[0]).toMatchObject({ pointer: '/steps/0/tool' });
      expect(errors[0]?.message).toContain('workflow_inner → workflow_outer → workflow_inner');
    });

    it('refuses at run time a run nested past a depth of 8 workflows, naming each step on the way', async () => {
      expect((await create({ name: 'deep9', steps: [{ id: 'a', tool: 'word_count', arguments: { text: 'x' } }] })).status).toBe(201);
      for (let level = 8; level >= 1; level--) {
        expect((await create({ name: `deep${level}`, steps: [{ id: 'a', tool: `workflow_deep${level + 1}`, arguments: {} }] })).status).toBe(201);
      }
      expect((await assign('writer', 'workflow_deep1')).status).toBe(201);
      expect((await assign('writer', 'workflow_deep2')).status).toBe(201);

      const tooDeep = await call('writer', 'workflow_deep1', {}, runtimeToken);
      expect(tooDeep.status).toBe(422);
      const { detail } = (await tooDeep.json()) as { detail: string };
      expect(detail).toMatch(/^Step "a" \(workflow_deep2\) failed: Step "a" \(workflow_deep3\) failed/);
      expect(detail).toContain('Workflow "deep9" is nested 9 deep; workflows may call workflows only 8 deep');

      const eightDeep = await call('writer', 'workflow_deep2', {}, runtimeToken);
      expect(eightDeep.status).toBe(200);
      expect(await eightDeep.json()).toMatchObject({ result: 'Word count: 1' });
    });

    it('answers 409 for a taken name and 403 to a viewer, changing nothing', async () => {
      expect((await create(summarize)).status).toBe(409);
      const before = await snapshotTables(database.db);
      const viewer = await callRoute(POST, apiRequest('/api/v1/workflows', { method: 'POST', json: { ...summarize, name: 'other' }, as: 'viewer' }), {});
      expect(viewer.status).toBe(403);
      const after = (await snapshotTables(database.db)) as { audit: { action: string }[] };
      expect(after.audit.at(-1)?.action).toBe('access.denied');
      const listed = (await (await callRoute(list, apiRequest('/api/v1/workflows', { as: 'viewer' }), {})).json()) as { workflows: { name: string }[] };
      expect(listed.workflows.map((w) => w.name)).not.toContain('other');
      expect((before as { workflows: unknown[] }).workflows).toEqual((after as unknown as { workflows: unknown[] }).workflows);
    });
  });
});

/** An MCP client on the agent's endpoint, its requests handed straight to the route handlers. */
async function connectMcp(agentId: string, token: string): Promise<Client> {
  return (await connectMcpRoute({ handlers: { GET: mcpGet, POST: mcpPost, DELETE: mcpDelete }, agentId, token })).client;
}
