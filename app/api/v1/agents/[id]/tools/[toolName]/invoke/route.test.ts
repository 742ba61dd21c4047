import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { InvokeResultSchema } from '@/lib/api/runtime-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { PUT } from '../route';
import { POST } from './route';

process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins';

describeApi('POST /api/v1/agents/{id}/tools/{toolName}/invoke', (database) => {
  let baseDir = '';
  beforeAll(async () => {
    // The process's registry binds the todo tools to the database it first saw: boot it anew for this engine's.
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    baseDir = await mkdtemp(path.join(os.tmpdir(), 'invoke-'));
    await writeFile(path.join(baseDir, 'notes.txt'), 'hello from the base dir');
    process.env.FS_ALLOWED_ROOTS = baseDir;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'caller', name: 'Caller' } });
    for (const [toolName, overrides] of [['word_count', {}], ['todo_write', {}], ['todo_read', {}], ['fs_read_file', { baseDir }], ['acme_lookup', {}]] as const) {
      await callRoute(PUT, apiRequest(`/api/v1/agents/caller/tools/${toolName}`, { method: 'PUT', json: { overrides } }), { id: 'caller', toolName });
    }
  });

  const invoke = (toolName: string, json: unknown) =>
    callRoute(POST, apiRequest(`/api/v1/agents/caller/tools/${toolName}/invoke`, { method: 'POST', json }), { id: 'caller', toolName });

  it('runs word_count as the agent and answers the result, the duration and a new session', async () => {
    const response = await invoke('word_count', { arguments: { text: 'one two three' } });
    expect(response.status).toBe(200);
    const body = InvokeResultSchema.parse(await response.json());
    expect(body.result).toBe('Word count: 3');
    expect(body.durationMs).toBeGreaterThanOrEqual(0);
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a todo list per session: a call without one opens a new one, a made-up id is 404', async () => {
    const todos = [{ content: 'Write the test', status: 'in_progress' }];
    const written = InvokeResultSchema.parse(await (await invoke('todo_write', { arguments: { todos } })).json());
    const mine = InvokeResultSchema.parse(await (await invoke('todo_read', { arguments: {}, sessionId: written.sessionId })).json());
    const other = InvokeResultSchema.parse(await (await invoke('todo_read', { arguments: {} })).json());
    expect(mine.result).toContain('Write the test');
    expect(mine.sessionId).toBe(written.sessionId);
    expect(other.sessionId).not.toBe(written.sessionId);
    expect(other.result).toBe('The todo list is empty.');
    const madeUp = await invoke('todo_read', { arguments: {}, sessionId: 's-one' });
    expect(madeUp.status).toBe(404);
    expect(ProblemSchema.parse(await madeUp.json()).detail).toMatch(/No such session/);
  });

  it('refuses arguments that fail the parameters schema with pointers, and audits the call', async () => {
    const response = await invoke('word_count', { arguments: { text: 3 } });
    expect(response.status).toBe(400);
    const problem = ProblemSchema.parse(await response.json());
    expect(problem.errors).toEqual([{ pointer: '/arguments/text', message: expect.stringContaining('string') }]);
    // Calls are audited just after they answer.
    await flushAuditEvents();
    const events = await database.db.selectFrom('audit_events').selectAll().where('action', '=', 'tool.invoke').orderBy('id', 'desc').execute();
    expect(JSON.parse(events[0]?.after ?? '{}')).toMatchObject({ outcome: 'invalid_arguments', arguments: { text: 3 } });
    expect(events[0]?.actor).toBe(TEST_ADMIN.id);
    const editor = await callRoute(POST, apiRequest('/api/v1/agents/caller/tools/word_count/invoke', { as: 'editor', method: 'POST', json: { arguments: { text: 'a' } } }), { id: 'caller', toolName: 'word_count' });
    expect(editor.status).toBe(403);
  });

  it('reads a file inside the base directory and answers 422 with the tool\'s message outside it', async () => {
    const inside = InvokeResultSchema.parse(await (await invoke('fs_read_file', { arguments: { path: 'notes.txt' } })).json());
    expect(inside.result).toContain('hello from the base dir');
    const outside = await invoke('fs_read_file', { arguments: { path: '../../etc/passwd' } });
    expect(outside.status).toBe(422);
    expect(ProblemSchema.parse(await outside.json()).detail).toMatch(/outside|escape|base/i);
  });

  it('refuses a tool not assigned (404), an unavailable one (409) and an unknown agent (404)', async () => {
    expect((await invoke('tool_search', { arguments: {} })).status).toBe(404);
    const unavailable = await invoke('acme_lookup', { arguments: {} });
    expect(unavailable.status).toBe(409);
    expect(ProblemSchema.parse(await unavailable.json()).detail).toMatch(/unavailable/);
    const nobody = await callRoute(POST, apiRequest('/api/v1/agents/nobody/tools/word_count/invoke', { method: 'POST', json: { arguments: {} } }), { id: 'nobody', toolName: 'word_count' });
    expect(nobody.status).toBe(404);
  });

  it('records the outcome, the size and the duration of every call, never a password argument', async () => {
    const { redactArguments } = await import('@/lib/runtime/redact-arguments');
    const schema = { type: 'object', properties: { user: { type: 'string' }, password: { type: 'string', format: 'password' }, token: { type: 'string', writeOnly: true } } };
    expect(redactArguments(schema, { user: 'ann', password: 'hunter2', token: 't' })).toEqual({ user: 'ann', password: '[redacted]', token: '[redacted]' });
    await invoke('word_count', { arguments: { text: 'a b' } });
    await flushAuditEvents();
    const [event] = await database.db.selectFrom('audit_events').selectAll().where('action', '=', 'tool.invoke').orderBy('id', 'desc').limit(1).execute();
    expect(event?.target).toBe('agents/caller/tools/word_count');
    expect(JSON.parse(event?.after ?? '{}')).toMatchObject({ outcome: 'ok', argumentsBytes: Buffer.byteLength('{"text":"a b"}'), durationMs: expect.any(Number) });
  });
});
