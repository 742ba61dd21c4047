import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { UsageReportSchema } from '@/lib/api/usage-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, describeApi, type TestRequestInit } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { createToken } from '@/lib/auth/create-token';
import { flushUsage } from '@/lib/usage/record-usage';
import { PUT } from '../agents/[id]/tools/[toolName]/route';
import { POST as invokeRoute } from '../agents/[id]/tools/[toolName]/invoke/route';
import { GET } from './route';

process.env.TOOLS_PLUGIN_PATH = 'e2e/fixtures/plugins';
process.env.TOOL_CALL_TIMEOUT_MS = '300';

describeApi('GET /api/v1/usage', (database) => {
  let runtimeToken = '';
  let catalogueToken = '';
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    const baseDir = await mkdtemp(path.join(os.tmpdir(), 'usage-'));
    await writeFile(path.join(baseDir, 'notes.txt'), 'hello from the base dir');
    process.env.FS_ALLOWED_ROOTS = baseDir;
    runtimeToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'runtime', scopes: ['runtime'] } })).secret;
    catalogueToken = (await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'catalogue', scopes: ['catalogue:read'] } })).secret;
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'mixer', name: 'Mixer' } });
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'quiet', name: 'Quiet' } });
    for (const [toolName, overrides] of [['word_count', {}], ['fs_read_file', { baseDir }], ['slow_lines', {}], ['acme_lookup', {}]] as const) {
      await callRoute(PUT, apiRequest(`/api/v1/agents/mixer/tools/${toolName}`, { method: 'PUT', json: { overrides } }), { id: 'mixer', toolName });
    }
    await callRoute(PUT, apiRequest('/api/v1/agents/quiet/tools/word_count', { method: 'PUT', json: { overrides: {} } }), { id: 'quiet', toolName: 'word_count' });
    // Each answer read to its end: a tool that streams to the user (slow_lines) answers 200 and ends its stream with the outcome.
    const invoke = async (agent: string, toolName: string, args: unknown, as: 'admin' | 'viewer' | { token: string } = { token: runtimeToken }) => {
      const response = await callRoute(invokeRoute, apiRequest(`/api/v1/agents/${agent}/tools/${toolName}/invoke`, { method: 'POST', json: { arguments: args }, as }), { id: agent, toolName });
      const text = await response.text();
      return { status: response.status === 200 && text.includes('did not finish within') ? 504 : response.status };
    };
    // The known mix: 5 ok, 2 bad arguments, 2 tool errors, 1 timeout, 1 unavailable, 1 denied on mixer; 1 ok on quiet.
    const statuses: number[] = [];
    for (const text of ['a', 'a b', 'a b c', 'one two three four']) statuses.push((await invoke('mixer', 'word_count', { text })).status);
    statuses.push((await invoke('mixer', 'fs_read_file', { path: 'notes.txt' })).status);
    statuses.push((await invoke('mixer', 'word_count', { text: 3 })).status, (await invoke('mixer', 'word_count', {})).status);
    statuses.push((await invoke('mixer', 'fs_read_file', { path: 'missing.txt' })).status, (await invoke('mixer', 'fs_read_file', { path: 'gone.txt' })).status);
    statuses.push((await invoke('mixer', 'slow_lines', { lines: 2, pauseMs: 2000 })).status);
    statuses.push((await invoke('mixer', 'acme_lookup', { query: 'x' })).status);
    statuses.push((await invoke('mixer', 'word_count', { text: 'denied' }, 'viewer')).status);
    statuses.push((await invoke('quiet', 'word_count', { text: 'hi' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 400, 400, 422, 422, 504, 409, 403, 200]);
  }, 30_000);

  const get = (query: string, as: TestRequestInit['as'] = 'viewer') => callRoute(GET, apiRequest(`/api/v1/usage${query}`, { as }), {});

  it('counts a known mix of calls by outcome for an agent, with every error kind', async () => {
    const response = await get('?agent=mixer&by=tool');
    expect(response.status).toBe(200);
    const report = UsageReportSchema.parse(await response.json());
    expect(report.bucket).toBe('hour');
    expect(report.totals).toMatchObject({
      calls: 12,
      ok: 5,
      errors: { badArguments: 2, toolError: 2, timeout: 1, unavailable: 1, denied: 1 },
      errorRate: 0.58,
    });
    const byTool = Object.fromEntries((report.groups ?? []).map((group) => [group.key, group]));
    expect(byTool.word_count).toMatchObject({ calls: 7, ok: 4, errors: { badArguments: 2, denied: 1, toolError: 0 } });
    expect(byTool.fs_read_file).toMatchObject({ calls: 3, ok: 1, errors: { toolError: 2 } });
    expect(byTool.slow_lines).toMatchObject({ calls: 1, errors: { timeout: 1 } });
    expect(byTool.acme_lookup).toMatchObject({ calls: 1, errors: { unavailable: 1 } });
    // The timed-out call ran about 300 ms: it sets the slowest and the top percentiles.
    expect(byTool.slow_lines?.durationMs.max).toBeGreaterThanOrEqual(290);
    expect(report.totals.durationMs.p99).toBeGreaterThan(250);
    expect(report.totals.durationMs.p50).toBeLessThan(50);
    // 'Word count: 1' … the successful results' bytes, summed.
    expect(byTool.word_count?.resultBytes.total).toBe(4 * 'Word count: 1'.length);
    // The series has every hour of the last day, and the calls in the current one.
    expect(report.series).toHaveLength(24 + 1);
    expect(report.series.reduce((sum, point) => sum + point.calls, 0)).toBe(12);
  });

  it('filters by tool across agents, and by minute', async () => {
    const report = UsageReportSchema.parse(await (await get('?tool=word_count&bucket=minute&from=' + new Date(Date.now() - 30 * 60_000).toISOString() + '&by=agent')).json());
    expect(report.totals.calls).toBe(8);
    expect(Object.fromEntries((report.groups ?? []).map((group) => [group.key, group.calls]))).toEqual({ mixer: 7, quiet: 1 });
    // Each group's calls per minute, for its sparkline, add up to its calls.
    expect((report.groups ?? []).map((group) => (group.callsSeries ?? []).reduce((sum, calls) => sum + calls, 0))).toEqual([7, 1]);
    expect(report.series.length).toBeGreaterThanOrEqual(30);
  });

  it('adds later calls to the same rows rather than replacing them', async () => {
    await callRoute(invokeRoute, apiRequest('/api/v1/agents/quiet/tools/word_count/invoke', { method: 'POST', json: { arguments: { text: 'again' } }, as: { token: runtimeToken } }), { id: 'quiet', toolName: 'word_count' });
    await flushUsage();
    const report = UsageReportSchema.parse(await (await get('?agent=quiet')).json());
    expect(report.totals).toMatchObject({ calls: 2, ok: 2 });
    expect((await database.db.selectFrom('usage_rollups').selectAll().where('agent_id', '=', 'quiet').execute()).map((row) => Number(row.calls))).toEqual([2, 2, 2]);
  });

  it('answers a day series over 30 days with a point a day', async () => {
    const report = UsageReportSchema.parse(await (await get(`?from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}&agent=mixer`)).json());
    expect(report.bucket).toBe('day');
    expect(report.series.length).toBeGreaterThanOrEqual(30);
    expect(report.totals.calls).toBe(12);
  });

  describe('refusals', () => {
    it('refuses a runtime or catalogue token (agents:read is needed)', async () => {
      for (const token of [runtimeToken, catalogueToken]) {
        const response = await get('?agent=mixer', { token });
        expect(response.status).toBe(403);
      }
    });

    it('answers an editor (reading is theirs) but refuses anonymous callers', async () => {
      expect((await get('?agent=mixer', 'editor')).status).toBe(200);
      expect((await get('?agent=mixer', 'anonymous')).status).toBe(401);
    });

    it('refuses a bad range or bucket with pointers, and treats hostile filters as plain text', async () => {
      const cases: [string, string][] = [
        ['?from=yesterday', '/from'],
        ['?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', '/from'],
        ['?bucket=second', '/bucket'],
        [`?bucket=minute&from=${new Date(Date.now() - 5 * 86_400_000).toISOString()}`, '/bucket'],
        [`?bucket=hour&from=${new Date(Date.now() - 300 * 86_400_000).toISOString()}`, '/bucket'],
        ['?agent=' + encodeURIComponent('a\u0000b'), '/agent'],
      ];
      for (const [query, pointer] of cases) {
        const response = await get(query);
        expect(response.status, query).toBe(400);
        expect(ProblemSchema.parse(await response.json()).errors?.map((error) => error.pointer), query).toContain(pointer);
      }
      const hostile = UsageReportSchema.parse(await (await get(`?agent=${encodeURIComponent("mixer' OR '1'='1")}`)).json());
      expect(hostile.totals.calls).toBe(0);
    });

    it('does not count a denied call of a tool the agent does not have', async () => {
      const before = UsageReportSchema.parse(await (await get('?agent=mixer')).json()).totals.calls;
      const refused = await callRoute(invokeRoute, apiRequest('/api/v1/agents/mixer/tools/made_up/invoke', { method: 'POST', json: { arguments: {} }, as: 'viewer' }), { id: 'mixer', toolName: 'made_up' });
      expect(refused.status).toBe(403);
      const after = UsageReportSchema.parse(await (await get('?agent=mixer&by=tool')).json());
      expect(after.totals.calls).toBe(before);
      expect(after.groups?.map((group) => group.key)).not.toContain('made_up');
    });
  });
});
