import { Ajv2020 } from 'ajv/dist/2020';
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { EffectiveToolsSchema } from '@/lib/api/runtime-schemas';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { tempFilesRoot } from '@/test/files/files-root';
import { PUT } from '../tools/[toolName]/route';
import { GET } from './route';

// The fixture plugin acme_lookup needs a key this process does not have: it is unavailable.
process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins';
const files = tempFilesRoot();

/** OpenAI Chat Completions `tools`, as its API reference publishes the shape. */
const openAiToolsSchema = {
  type: 'array',
  maxItems: 128,
  items: {
    type: 'object',
    required: ['type', 'function'],
    additionalProperties: false,
    properties: {
      type: { const: 'function' },
      function: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
          description: { type: 'string' },
          parameters: { type: 'object' },
          strict: { type: ['boolean', 'null'] },
        },
      },
    },
  },
};

/** Anthropic Messages `tools` (custom tools), as its API reference publishes the shape. */
const anthropicToolsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'input_schema'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
      description: { type: 'string' },
      input_schema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
      cache_control: { type: 'object' },
    },
  },
};

const ajv = new Ajv2020({ strict: false, allErrors: true });

describeApi('GET /api/v1/agents/{id}/effective-tools', (database) => {
  beforeAll(async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'runner', name: 'Runner' } });
    for (const [toolName, overrides] of [
      ['word_count', {}],
      ['todo_read', {}],
      ['fs_read_file', { baseDir: files.folder('docs') }],
      ['acme_lookup', {}],
    ] as const) {
      const response = await callRoute(PUT, apiRequest(`/api/v1/agents/runner/tools/${toolName}`, { method: 'PUT', json: { overrides } }), { id: 'runner', toolName });
      expect(response.status).toBe(201);
    }
    const now = new Date().toISOString();
    await database.db
      .insertInto('assignments')
      .values({ agent_id: 'runner', tool_name: 'retired_tool', overrides: '{}', version: 1, created_at: now, updated_at: now })
      .execute();
  });

  async function effective(format?: string, headers: Record<string, string> = {}): Promise<Response> {
    const query = format ? `?format=${format}` : '';
    return callRoute(GET, apiRequest(`/api/v1/agents/runner/effective-tools${query}`, { headers }), { id: 'runner' });
  }

  it('sends the available assigned tools as OpenAI function tools of the published shape and type', async () => {
    const response = await effective('openai');
    expect(response.status).toBe(200);
    const body = EffectiveToolsSchema.parse(await response.json());
    expect(ajv.validate(openAiToolsSchema, body.tools), JSON.stringify(ajv.errors)).toBe(true);
    const tools = body.tools as OpenAI.Chat.Completions.ChatCompletionFunctionTool[];
    expect(tools.map((tool) => (tool.type === 'function' ? tool.function.name : '')).sort()).toEqual(['fs_read_file', 'todo_read', 'word_count']);
    expect(body.tokens.method).toBe('o200k');
    expect(body.tokens.total).toBe(body.tokens.perTool.reduce((sum, { tokens }) => sum + tokens, 0));
    expect(body.tokens.perTool.every(({ tokens }) => tokens > 10)).toBe(true);
  });

  it('sends Anthropic tools of the published shape and type, counted as an estimate', async () => {
    const body = EffectiveToolsSchema.parse(await (await effective('anthropic')).json());
    expect(ajv.validate(anthropicToolsSchema, body.tools), JSON.stringify(ajv.errors)).toBe(true);
    const tools = body.tools as Anthropic.Messages.Tool[];
    expect(tools.find((tool) => tool.name === 'todo_read')?.input_schema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    expect(body.tokens.method).toBe('estimate');
  });

  it('lists the missing, unavailable and invalid tools it left out, with why', async () => {
    const body = EffectiveToolsSchema.parse(await (await effective('mcp')).json());
    expect(body.leftOut).toEqual([
      expect.objectContaining({ toolName: 'acme_lookup', status: 'unavailable', reason: expect.stringMatching(/ACME_API_KEY|acme/i) }),
      { toolName: 'retired_tool', status: 'missing', reason: 'No plugin provides this tool any more' },
    ]);
    expect(body.tools.map((tool) => ('inputSchema' in tool ? tool.name : ''))).toContain('word_count');
  });

  it('finds the built-ins it assigns strict-compatible: no warning on any format', async () => {
    for (const format of ['openai', 'anthropic', 'mcp']) {
      const body = EffectiveToolsSchema.parse(await (await effective(format)).json());
      expect(body.warnings, format).toEqual([]);
    }
  });

  it('answers 304 to the ETag it sent, and 400 to an unknown format, 404 to an unknown agent', async () => {
    const first = await effective('openai');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"/);
    expect((await effective('openai', { 'if-none-match': etag ?? '' })).status).toBe(304);
    expect((await effective('anthropic', { 'if-none-match': etag ?? '' })).status).toBe(200);
    expect((await effective('gemini')).status).toBe(400);
    expect((await callRoute(GET, apiRequest('/api/v1/agents/nobody/effective-tools'), { id: 'nobody' })).status).toBe(404);
  });

  describe('warnings', () => {
    it('names duplicate names, names providers refuse and too many tools', async () => {
      const { toolWarnings } = await import('@/lib/runtime/tool-warnings');
      const tool = (name: string) => ({ name, toolName: name, description: '', parametersSchema: { type: 'object', properties: {}, additionalProperties: false }, group: 'g', streamsResultToUser: false });
      const many = Array.from({ length: 129 }, (_, index) => tool(`t${index}`));
      const warnings = toolWarnings([...many, tool('t1'), tool('has space')], 'openai');
      expect(warnings.map(({ code }) => code)).toEqual(['too_many_tools', 'duplicate_name', 'name_not_accepted']);
    });

    it('warns of OpenAI\'s strict mode and tool count on the OpenAI format only, and of names on the formats that check them', async () => {
      const { toolWarnings } = await import('@/lib/runtime/tool-warnings');
      const loose = { name: 'has space', toolName: 'has space', description: '', parametersSchema: { type: 'object', properties: { q: { type: 'string' } } }, group: 'g', streamsResultToUser: false };
      const many = Array.from({ length: 129 }, (_, index) => ({ ...loose, name: `t${index}`, toolName: `t${index}`, parametersSchema: { type: 'object', properties: {}, additionalProperties: false } }));
      const codes = (format: 'openai' | 'anthropic' | 'mcp') => toolWarnings([...many, loose], format).map(({ code }) => code);
      expect(codes('openai')).toEqual(['too_many_tools', 'name_not_accepted', 'not_strict_compatible']);
      expect(codes('anthropic')).toEqual(['name_not_accepted']);
      expect(codes('mcp')).toEqual([]);
    });
  });
});
