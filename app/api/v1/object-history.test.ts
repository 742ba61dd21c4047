import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentVersionListSchema, ServerRestoreOutcomeSchema, ServerVersionSchema, WorkflowRestoreOutcomeSchema, WorkflowVersionSchema } from '@/lib/api/history-schemas';
import { ProblemSchema } from '@/lib/api/problem-schemas';
import { deleteSecret, putSecret } from '@/lib/secrets/secret-store';
import { apiRequest, callRoute, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { serverBody, workflowBody } from '@/test/history/history-bodies';
import { POST as restoreServer } from './servers/[name]/restore/route';
import { GET as getServer, PUT as putServer } from './servers/[name]/route';
import { GET as readServerVersion } from './servers/[name]/versions/[version]/route';
import { GET as listServerVersions } from './servers/[name]/versions/route';
import { POST as createServer } from './servers/route';
import { POST as restoreWorkflow } from './workflows/[name]/restore/route';
import { DELETE as deleteWorkflow, GET as getWorkflow, PUT as putWorkflow } from './workflows/[name]/route';
import { GET as readWorkflowVersion } from './workflows/[name]/versions/[version]/route';
import { GET as listWorkflowVersions } from './workflows/[name]/versions/route';
import { POST as createWorkflow } from './workflows/route';

type As = TestRequestInit['as'];
type Route<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

const VersionSchema = z.object({ version: z.number(), action: z.string(), restoredFrom: z.number().optional(), missing: z.record(z.string(), z.array(z.string())) }).passthrough();

/** The history routes of one kind of object, and how it is made and edited through the API. */
interface Kind {
  collection: 'servers' | 'workflows';
  field: 'server' | 'workflow';
  routes: { create: Route<Record<string, string>>; get: Route<{ name: string }>; put: Route<{ name: string }>; list: Route<{ name: string }>; one: Route<{ name: string; version: string }>; restore: Route<{ name: string }> };
  /** The body of the object `name` in its `n`th shape. */
  body(name: string, n: number): Record<string, unknown>;
  /** The documented answers of `…/versions/{n}` and `…/restore`. */
  schemas: { version: z.ZodType; outcome: z.ZodType };
  /** What a version answer and a read of the object share: the content compared. */
  content(value: Record<string, unknown>): Record<string, unknown>;
}

const workflowKind: Kind = {
  collection: 'workflows',
  field: 'workflow',
  schemas: { version: WorkflowVersionSchema, outcome: WorkflowRestoreOutcomeSchema },
  routes: { create: createWorkflow, get: getWorkflow, put: putWorkflow, list: listWorkflowVersions, one: readWorkflowVersion, restore: restoreWorkflow },
  body: workflowBody,
  content: ({ name, description, inputs, steps, output }) => ({ name, description, inputs, steps, output }),
};

const serverKind: Kind = {
  collection: 'servers',
  field: 'server',
  schemas: { version: ServerVersionSchema, outcome: ServerRestoreOutcomeSchema },
  routes: { create: createServer, get: getServer, put: putServer, list: listServerVersions, one: readServerVersion, restore: restoreServer },
  body: (name, n) => serverBody(name, n, 9000 + n, { Authorization: 'Bearer ${secret:HISTORY_TOKEN}' }),
  content: ({ name, enabled, transport, url, headers }) => ({ name, enabled, transport, url, headers }),
};

describeApi('history and restore of MCP servers and workflows', (database) => {
  beforeAll(async () => {
    (globalThis as { toolRegistry?: unknown }).toolRegistry = undefined;
    await putSecret({ db: database.db, actor: TEST_ADMIN, name: 'HISTORY_TOKEN', value: 'the-history-secret-value' });
  });
  afterAll(async () => {
    const { stopServerHost } = await import('@/lib/mcp-servers/server-host');
    await stopServerHost();
  });

  describe.each([serverKind, workflowKind])('$collection', (kind) => {
    let counter = 0;
    const at = (name: string, tail = '') => `/api/v1/${kind.collection}/${name}${tail}`;
    const list = (name: string, as?: As) => callRoute(kind.routes.list, apiRequest(at(name, '/versions'), { as }), { name });
    const one = async (name: string, version: number) => {
      const body: unknown = await (await callRoute(kind.routes.one, apiRequest(at(name, `/versions/${version}`)), { name, version: String(version) })).json();
      kind.schemas.version.parse(body);
      return VersionSchema.parse(body);
    };
    const read = async (name: string) => (await (await callRoute(kind.routes.get, apiRequest(at(name)), { name })).json()) as Record<string, unknown>;
    const restore = (name: string, json: unknown, ifMatch?: string, as?: As) => callRoute(kind.routes.restore, apiRequest(at(name, '/restore'), { method: 'POST', json, ifMatch, as }), { name });
    /** Made, then edited three times through the API: versions 1 to 4. */
    async function editedThreeTimes(): Promise<string> {
      const name = `hist${kind.collection.slice(0, 1)}${++counter}`;
      expect((await callRoute(kind.routes.create, apiRequest(`/api/v1/${kind.collection}`, { method: 'POST', json: kind.body(name, 1) }), {})).status).toBe(201);
      for (const n of [2, 3, 4]) {
        const response = await callRoute(kind.routes.put, apiRequest(at(name), { method: 'PUT', json: kind.body(name, n), ifMatch: `"${n - 1}"` }), { name });
        expect(response.status, await response.clone().text()).toBe(200);
      }
      return name;
    }

    it('lists each edit as a version with who made it, and reads versions 1 and 3 as the object was', async () => {
      const name = await editedThreeTimes();

      const response = await list(name, 'viewer');

      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"4"');
      const body = AgentVersionListSchema.parse(await response.json());
      const prefix = kind.collection === 'servers' ? 'server' : 'workflow';
      expect(body.versions.map((version) => [version.version, version.action, version.actor])).toEqual([
        [1, `${prefix}.create`, TEST_ADMIN.id],
        [2, `${prefix}.update`, 'user:admin@example.test'],
        [3, `${prefix}.update`, 'user:admin@example.test'],
        [4, `${prefix}.update`, 'user:admin@example.test'],
      ]);
      const first = await one(name, 1);
      const third = await one(name, 3);
      expect(first[kind.field]).toEqual(kind.content(kind.body(name, 1)));
      expect(third[kind.field]).toEqual(kind.content(kind.body(name, 3)));
      expect(first.missing).toEqual(kind.collection === 'servers' ? { secrets: [] } : { tools: [] });
      // References stay references: no secret value is in any history answer.
      expect(JSON.stringify(first)).not.toContain('the-history-secret-value');
    });

    it('restores version 1 as a new audited change that equals version 1', async () => {
      const name = await editedThreeTimes();

      const response = await restore(name, { version: 1 }, '"4"');

      expect(response.status, await response.clone().text()).toBe(200);
      expect(response.headers.get('etag')).toBe('"5"');
      expect(kind.schemas.outcome.parse(await response.json())).toMatchObject({ current: 5, restoredFrom: 1 });
      expect(kind.content(await read(name))).toEqual(kind.content(kind.body(name, 1)));
      const fifth = await one(name, 5);
      expect(fifth).toMatchObject({ action: `${kind.field}.restore`, restoredFrom: 1 });
      expect(fifth[kind.field]).toEqual((await one(name, 1))[kind.field]);
      const events = await database.db.selectFrom('audit_events').select(['action', 'actor_id', 'after']).where('target', '=', `${kind.collection}/${name}`).orderBy('id').execute();
      expect(events.at(-1)).toMatchObject({ action: `${kind.field}.restore`, actor_id: 'user:admin@example.test' });
      expect(JSON.parse(events.at(-1)!.after!)).toMatchObject({ restoredFrom: 1 });
      // Restoring what it already is changes nothing and records nothing.
      const again = await restore(name, { version: 5 }, '"5"');
      expect(await again.json()).toMatchObject({ current: 5 });
      expect(await database.db.selectFrom('audit_events').select('id').where('target', '=', `${kind.collection}/${name}`).execute()).toHaveLength(events.length);
    });

    it('refuses a stale restore (412), one without If-Match (428), an unknown version (400) and a viewer (403), changing nothing', async () => {
      const name = await editedThreeTimes();
      const before = await snapshotTables(database.db);

      const stale = await restore(name, { version: 1 }, '"3"');
      expect(stale.status).toBe(412);
      expect(ProblemSchema.parse(await stale.json()).detail).toContain('version 4');
      expect((await restore(name, { version: 1 })).status).toBe(428);
      const unknown = await restore(name, { version: 9 }, '"4"');
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ errors: [{ pointer: '/version' }] });
      expect((await restore('nothing', { version: 1 }, '"1"')).status).toBe(404);
      expect(await snapshotTables(database.db)).toEqual(before);

      const viewer = await restore(name, { version: 1 }, '"4"', 'viewer');
      expect(viewer.status).toBe(403);
      expect(kind.content(await read(name))).toEqual(kind.content(kind.body(name, 4)));
    });
  });

  it('refuses to restore a server URL the egress policy now blocks, as an edit would', async () => {
    const name = 'egresshist';
    await callRoute(createServer, apiRequest('/api/v1/servers', { method: 'POST', json: serverKind.body(name, 1) }), {});
    await callRoute(putServer, apiRequest(`/api/v1/servers/${name}`, { method: 'PUT', json: { ...serverKind.body(name, 1), url: 'http://127.0.0.1:9/mcp' }, ifMatch: '"1"' }), { name });
    const allowed = process.env.MCP_ALLOWED_HOSTS;
    process.env.MCP_ALLOWED_HOSTS = '';
    try {
      const response = await restore();
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ pointer: '/url' }] });
    } finally {
      process.env.MCP_ALLOWED_HOSTS = allowed;
    }
    expect(await restore()).toHaveProperty('status', 200);
    function restore() {
      return callRoute(restoreServer, apiRequest(`/api/v1/servers/${name}/restore`, { method: 'POST', json: { version: 1 }, ifMatch: '"2"' }), { name });
    }
  });

  it('keeps a secret deleted since a server version as a reference and lists it as missing', async () => {
    const name = 'secrethist';
    await putSecret({ db: database.db, actor: TEST_ADMIN, name: 'OLD_TOKEN', value: 'old-secret-value' });
    await callRoute(createServer, apiRequest('/api/v1/servers', { method: 'POST', json: { ...serverKind.body(name, 1), headers: { Authorization: 'Bearer ${secret:OLD_TOKEN}' } } }), {});
    await callRoute(putServer, apiRequest(`/api/v1/servers/${name}`, { method: 'PUT', json: serverKind.body(name, 2), ifMatch: '"1"' }), { name });
    await deleteSecret({ db: database.db, actor: TEST_ADMIN, name: 'OLD_TOKEN' });

    const response = await callRoute(restoreServer, apiRequest(`/api/v1/servers/${name}/restore`, { method: 'POST', json: { version: 1 }, ifMatch: '"2"' }), { name });

    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ current: 3, missing: { secrets: ['OLD_TOKEN'] } });
    const server = (await (await callRoute(getServer, apiRequest(`/api/v1/servers/${name}`), { name })).json()) as { headers: Record<string, string> };
    expect(server.headers).toEqual({ Authorization: 'Bearer ${secret:OLD_TOKEN}' });
  });

  it('keeps a workflow step whose tool has vanished since, listed as missing, never dropped', async () => {
    const helper = { ...workflowKind.body('helperhist', 1) };
    await callRoute(createWorkflow, apiRequest('/api/v1/workflows', { method: 'POST', json: helper }), {});
    const name = 'callerhist';
    const withHelper = { ...workflowKind.body(name, 1), steps: [{ id: 'help', tool: 'workflow_helperhist', arguments: { text: '{{input.text}}' } }] };
    expect((await callRoute(createWorkflow, apiRequest('/api/v1/workflows', { method: 'POST', json: withHelper }), {})).status).toBe(201);
    await callRoute(putWorkflow, apiRequest(`/api/v1/workflows/${name}`, { method: 'PUT', json: workflowKind.body(name, 2), ifMatch: '"1"' }), { name });
    expect((await callRoute(deleteWorkflow, apiRequest('/api/v1/workflows/helperhist', { method: 'DELETE', ifMatch: '"1"' }), { name: 'helperhist' })).status).toBe(204);

    const first = VersionSchema.parse(await (await callRoute(readWorkflowVersion, apiRequest(`/api/v1/workflows/${name}/versions/1`), { name, version: '1' })).json());
    expect(first.missing).toEqual({ tools: ['workflow_helperhist'] });
    const response = await callRoute(restoreWorkflow, apiRequest(`/api/v1/workflows/${name}/restore`, { method: 'POST', json: { version: 1 }, ifMatch: '"2"' }), { name });

    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ current: 3, missing: { tools: ['workflow_helperhist'] } });
    const stored = (await (await callRoute(getWorkflow, apiRequest(`/api/v1/workflows/${name}`), { name })).json()) as { steps: unknown[] };
    expect(stored.steps).toEqual(withHelper.steps);
  });
});
