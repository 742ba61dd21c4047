import { expect, it, vi } from 'vitest';
import { ConfigPlanSchema } from '@/lib/api/config-schemas';
import { DEFAULT_CONFIG_MAX_BYTES } from '@/lib/http/door-constants.mjs';
import { MAX_BODY_BYTES } from '@/lib/http/read-json-body';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { apiRequest, callRoute, describeApi, snapshotTables } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { POST as apply } from './apply/route';
import { POST as plan } from './plan/route';
import { GET as exportConfig } from './route';
import { GET as schema } from './schema.json/route';

describeApi('/api/v1/config', (database) => {
  const post = (route: typeof plan, path: string, json: unknown, as?: 'viewer') => callRoute(route, apiRequest(path, { method: 'POST', json, as }), {});

  it('exports YAML by default and JSON on request, and serves the schema the YAML names without sign-in', async () => {
    await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id: 'exported', name: 'Exported' } });

    const yaml = await callRoute(exportConfig, apiRequest('/api/v1/config'), {});
    expect(yaml.headers.get('content-type')).toContain('application/yaml');
    const text = await yaml.text();
    expect(text).toMatch(/^# yaml-language-server: \$schema=.+\/api\/v1\/config\/schema\.json\n/);
    expect(text).toContain('- id: exported\n');
    const json = await callRoute(exportConfig, apiRequest('/api/v1/config?format=json'), {});
    expect(await json.json()).toMatchObject({ apiVersion: 'tools-admin/v1', agents: expect.arrayContaining([{ id: 'exported', name: 'Exported' }]) });
    const served = await schema(apiRequest('/api/v1/config/schema.json', { as: 'anonymous' }));
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ title: 'Tools Admin configuration', required: ['apiVersion'] });
  });

  it('plans without changing anything, applies the plan, and refuses it once applied (the state moved on)', async () => {
    const file = 'apiVersion: tools-admin/v1\nagents:\n  - id: from-file\n    name: From file\n    tools:\n      word_count: {}\n';
    const before = await snapshotTables(database.db);

    const planned = await post(plan, '/api/v1/config/plan', { file });

    expect(planned.status).toBe(200);
    const body = ConfigPlanSchema.parse(await planned.json());
    expect(body.changes.map((change) => `${change.action} ${change.target}`)).toEqual(['create agents/from-file', 'create agents/from-file/tools/word_count']);
    expect(await snapshotTables(database.db)).toEqual(before);
    const applied = await post(apply, '/api/v1/config/apply', { file, planHash: body.hash });
    expect(applied.status).toBe(200);
    expect(await database.db.selectFrom('agents').select('name').where('id', '=', 'from-file').executeTakeFirst()).toEqual({ name: 'From file' });
    const again = await post(apply, '/api/v1/config/apply', { file, planHash: body.hash });
    expect(again.status).toBe(412);
  });

  it('plans and applies a file over 1 MiB when CONFIG_MAX_BYTES allows it, and refuses one byte over the default 1 MiB with 413 changing nothing', { timeout: 120_000 }, async () => {
    vi.stubEnv('CONFIG_MAX_BYTES', String(2 * MAX_BODY_BYTES));
    const agents = Array.from({ length: 2_000 }, (_, i) => `  - id: big-${i}\n    name: Big ${i}\n    description: ${'a fleet agent '.repeat(45)}\n`);
    const file = `apiVersion: tools-admin/v1\nagents:\n${agents.join('')}`;
    expect(file.length).toBeGreaterThan(MAX_BODY_BYTES);

    const planned = await post(plan, '/api/v1/config/plan', { file });
    expect(planned.status, await planned.clone().text()).toBe(200);
    const body = ConfigPlanSchema.parse(await planned.json());
    expect(body.summary).toEqual({ create: 2_000, update: 0, delete: 0 });
    const applied = await post(apply, '/api/v1/config/apply', { file, planHash: body.hash });
    expect(applied.status).toBe(200);
    expect(Number((await database.db.selectFrom('agents').select((eb) => eb.fn.countAll().as('count')).where('id', 'like', 'big-%').executeTakeFirstOrThrow()).count)).toBe(2_000);

    vi.unstubAllEnvs();
    const before = await snapshotTables(database.db);
    const head = 'apiVersion: tools-admin/v1\n#';
    const tooBig = await post(plan, '/api/v1/config/plan', { file: `${head}${'x'.repeat(DEFAULT_CONFIG_MAX_BYTES - head.length)}\n` });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ detail: `The configuration file is ${DEFAULT_CONFIG_MAX_BYTES + 1} bytes; at most ${DEFAULT_CONFIG_MAX_BYTES} are accepted (CONFIG_MAX_BYTES)` });
    const justFits = await post(plan, '/api/v1/config/plan', { file: `${head}${'x'.repeat(DEFAULT_CONFIG_MAX_BYTES - head.length - 1)}\n` });
    expect(justFits.status, await justFits.clone().text()).toBe(200);
    expect(await snapshotTables(database.db)).toEqual(before);
  });

  it('answers 400 with every error of the file and its line, and a viewer 403', async () => {
    const response = await post(plan, '/api/v1/config/plan', { file: 'apiVersion: tools-admin/v1\nagents:\n  - id: x\n    nmae: typo\n' });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: unknown[] };
    expect(ProblemSchema.safeParse(problem).success).toBe(true);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/agents/0', line: 3 }),
        expect.objectContaining({ pointer: '/agents/0/nmae', line: 4, column: 5 }),
      ]),
    );
    expect((await post(plan, '/api/v1/config/plan', { file: 'apiVersion: tools-admin/v1\n' }, 'viewer')).status).toBe(403);
  });
});
