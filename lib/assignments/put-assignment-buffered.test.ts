import type { IncomingHttpHeaders } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '@/lib/agents';
import { apiRequest, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { actorFromSession } from '@/lib/auth/session-actor';
import { createUser } from '@/lib/auth/create-user';
import { signIn } from '@/lib/auth/sign-in';
import { signOut } from '@/lib/auth/sign-out';
import { OPERATOR } from '@/lib/auth/system-actors';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { tempFilesRoot } from '@/test/files/files-root';
import type { JsonAnswer } from '@/scripts/front-door/fast-routes.mjs';
import { putAssignmentBuffered, putAssignmentRoute } from './put-assignment-route';

const files = tempFilesRoot();

/** What a client sees of an answer: status, the headers a route sets, and the body. */
interface Seen {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

async function seenOf(answer: Response | JsonAnswer): Promise<Seen> {
  const header = (name: string) => (answer instanceof Response ? answer.headers.get(name) : (answer.headers[name] ?? null));
  const text = answer instanceof Response ? await answer.text() : answer.body;
  const headers = Object.fromEntries(['cache-control', 'content-type', 'etag', 'location'].map((name) => [name, header(name)]));
  return { status: answer.status, headers, body: JSON.parse(text) };
}

/** The request as the front door hands it to the buffered form: Node's headers and the whole body. */
async function buffered(request: Request): Promise<{ headers: IncomingHttpHeaders; body: Uint8Array }> {
  return { headers: Object.fromEntries(request.headers), body: new Uint8Array(await request.arrayBuffer()) };
}

describeApi('putAssignmentBuffered (the front door\'s PUT of an assignment)', (database) => {
  let counter = 0;
  let fast = '';
  let routed = '';
  beforeEach(async () => {
    counter += 1;
    fast = `fast-${counter}`;
    routed = `routed-${counter}`;
    for (const id of [fast, routed]) await createAgent({ db: database.db, actor: TEST_ADMIN, input: { id, name: id } });
  });

  /** The same PUT to both agents, one through each form; answers with what each saw, agent ids masked. */
  async function bothWays(toolName: string, init: TestRequestInit): Promise<{ fast: Seen; routed: Seen }> {
    const requestTo = (id: string) => apiRequest(`/api/v1/agents/${id}/tools/${toolName}`, { method: 'PUT', ...init });
    const answer = await putAssignmentBuffered(await buffered(requestTo(fast)), { id: fast, toolName });
    if (answer === undefined) throw new Error('The buffered form declined a request it should answer');
    const viaRoute = await putAssignmentRoute(requestTo(routed), { params: Promise.resolve({ id: routed, toolName }) });
    const masked = (seen: Seen, id: string): Seen =>
      JSON.parse(JSON.stringify(seen).replaceAll(id, '<agent>').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, '<time>')) as Seen;
    return { fast: masked(await seenOf(answer), fast), routed: masked(await seenOf(viaRoute), routed) };
  }

  it('answers a new assignment, a change, a stale version, a missing If-Match and bad settings as the route does', async () => {
    const baseDir = files.folder('buffered');
    const steps: { toolName: string; init: TestRequestInit; status: number }[] = [
      { toolName: 'fs_read_file', init: { json: { overrides: { baseDir } } }, status: 201 },
      { toolName: 'fs_read_file', init: { json: { overrides: { baseDir, maxBytes: 10 } }, ifMatch: '"1"' }, status: 200 },
      { toolName: 'fs_read_file', init: { json: { overrides: { baseDir, maxBytes: 20 } }, ifMatch: '"1"' }, status: 412 },
      { toolName: 'fs_read_file', init: { json: { overrides: { baseDir } } }, status: 428 },
      { toolName: 'fs_read_file', init: { json: { overrides: { baseDir: '/etc', maxBytes: -1 } }, ifMatch: '"2"' }, status: 400 },
      { toolName: 'fs_read_file', init: { body: '{"overrides":', headers: { 'content-type': 'application/json' }, ifMatch: '"2"' }, status: 400 },
      { toolName: 'fs_read_file', init: { json: { overrides: {} }, headers: { 'content-type': 'text/plain' }, ifMatch: '"2"' }, status: 415 },
      { toolName: 'fs_read_file', init: { json: { overrides: { baseDir } }, ifMatch: 'W/"2"' }, status: 412 },
      { toolName: 'fs_read_file', init: { json: { overrides: { baseDir } }, ifMatch: '*' }, status: 200 },
      { toolName: 'no_such_tool', init: { json: { overrides: {} } }, status: 422 },
    ];
    for (const { toolName, init, status } of steps) {
      const { fast: viaFast, routed: viaRoute } = await bothWays(toolName, init);
      expect(viaFast.status, JSON.stringify(init)).toBe(status);
      expect(viaFast).toEqual(viaRoute);
    }
  });

  it('saves and audits once per save, and a stale version changes nothing', async () => {
    const baseDir = files.folder('audited');
    const put = (json: unknown, ifMatch?: string) =>
      apiRequest(`/api/v1/agents/${fast}/tools/fs_read_file`, { method: 'PUT', json, ifMatch });
    const auditCount = async () =>
      (await database.db.selectFrom('audit_events').select('id').where('agent_id', '=', fast).where('action', '=', 'assignment.put').execute()).length;

    await putAssignmentBuffered(await buffered(put({ overrides: { baseDir } })), { id: fast, toolName: 'fs_read_file' });
    await putAssignmentBuffered(await buffered(put({ overrides: { baseDir, maxBytes: 7 } }, '"1"')), { id: fast, toolName: 'fs_read_file' });
    expect(await auditCount()).toBe(2);
    const before = await snapshotTables(database.db);

    const stale = await putAssignmentBuffered(await buffered(put({ overrides: { baseDir, maxBytes: 8 } }, '"1"')), { id: fast, toolName: 'fs_read_file' });

    expect(stale?.status).toBe(412);
    expect(await snapshotTables(database.db)).toEqual(before);
    const row = await database.db.selectFrom('assignments').select(['overrides', 'version']).where('agent_id', '=', fast).executeTakeFirstOrThrow();
    expect({ overrides: JSON.parse(row.overrides) as unknown, version: row.version }).toEqual({ overrides: { baseDir, maxBytes: 7 }, version: 2 });
  });

  it('answers from a session kept in memory only while it stands: once signed out, the next save is left to the route', async () => {
    const baseDir = files.folder('kept-session');
    const email = `editor-${counter}@example.test`;
    const password = 'a kept session test password';
    await createUser({ db: database.db, actor: OPERATOR, input: { email, role: 'editor', password } });
    const { setCookies } = await signIn({ db: database.db, email, password, address: 'test', headers: new Headers() });
    const cookie = setCookies.map((value) => value.split(';')[0]).join('; ');
    const put = (overrides: Record<string, unknown>, ifMatch?: string) =>
      apiRequest(`/api/v1/agents/${fast}/tools/fs_read_file`, { method: 'PUT', json: { overrides }, ifMatch, headers: { cookie } });

    // The first save verifies the session (and keeps it); the second is answered from what was kept.
    expect((await putAssignmentBuffered(await buffered(put({ baseDir })), { id: fast, toolName: 'fs_read_file' }))?.status).toBe(201);
    expect((await putAssignmentBuffered(await buffered(put({ baseDir, maxBytes: 5 }, '"1"')), { id: fast, toolName: 'fs_read_file' }))?.status).toBe(200);

    const actor = await actorFromSession({ db: database.db, headers: new Headers({ cookie }) });
    await signOut({ db: database.db, actor: actor!, headers: new Headers({ cookie }) });
    const before = await snapshotTables(database.db);

    expect(await putAssignmentBuffered(await buffered(put({ baseDir, maxBytes: 6 }, '"2"')), { id: fast, toolName: 'fs_read_file' })).toBeUndefined();
    expect(await snapshotTables(database.db)).toEqual(before);
  });

  describe('leaves to the route (which answers and audits them) the callers it does not answer', () => {
    const cases: { name: string; init: TestRequestInit }[] = [
      { name: 'no credentials', init: { as: 'anonymous' } },
      { name: 'a role that may not write agents', init: { as: 'viewer' } },
      { name: 'an unknown token', init: { as: { token: 'no-such-token' } } },
      { name: 'an Authorization header that is not Bearer', init: { as: 'anonymous', headers: { authorization: 'Basic abc' } } },
    ];
    for (const { name, init } of cases) {
      it(name, async () => {
        const before = await snapshotTables(database.db);
        const request = apiRequest(`/api/v1/agents/${fast}/tools/word_count`, { method: 'PUT', json: { overrides: {} }, ...init });

        expect(await putAssignmentBuffered(await buffered(request), { id: fast, toolName: 'word_count' })).toBeUndefined();
        expect(await snapshotTables(database.db)).toEqual(before);
      });
    }
  });
});
