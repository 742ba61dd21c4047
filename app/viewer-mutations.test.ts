import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { apiRequest, describeApi, snapshotTables, type TestRequestInit } from '@/test/api/api-harness';
import { createAgent } from '@/lib/agents';
import { putAssignment } from '@/lib/assignments';
import { createToken } from '@/lib/auth/create-token';
import { createServer } from '@/lib/mcp-servers';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import type { Db } from '@/lib/db';
import { getToolRegistry } from '@/lib/registry-host';
import { GET as getMe } from './api/v1/me/route';
import { REFUSES_METHOD } from '@/lib/http/method-not-allowed';

const appRoot = path.resolve('app');
const mutations = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Mutations every signed-in user may make on their own behalf: ending their own sessions, changing
 * their own password (its own tests refuse tokens), revoking their own OAuth grants, and answering
 * a consent page (a viewer may only deny; the OAuth tests show a viewer cannot grant).
 */
const SELF_SERVICE = new Set(['POST api/auth/sign-out', 'DELETE api/v1/sessions/[id]', 'POST api/v1/me/password', 'DELETE api/v1/oauth/grants/[id]', 'POST api/v1/oauth/authorize']);
/**
 * Routes that answer without a session (OAuth's client registration and token endpoint are called
 * by MCP clients, with no cookie; their own tests refuse bad clients and codes), the catch-all that
 * names nothing, and the bench's floor, which answers 404 to everyone unless the bench started the
 * server (its own test).
 */
const NOT_CHECKED = new Set(['api/auth/sign-in', 'api/auth/setup', 'api/health', 'api/v1/oauth/register', 'api/v1/oauth/token', 'api/v1/[...unknownPath]', 'api/bench-floor/[kind]']);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A valid body for each mutation, so that only the permission check can stop it. */
const bodies: Record<string, unknown> = {
  'POST api/v1/agents': { id: 'made-by-viewer', name: 'Made by viewer' },
  'PATCH api/v1/agents/[id]': { name: 'Renamed by viewer' },
  'PUT api/v1/agents/[id]/tools/[toolName]': { overrides: {} },
  'POST api/v1/users': { email: 'new@example.test', role: 'admin', password: 'a long enough password here' },
  'PATCH api/v1/users/[id]': { role: 'admin' },
  'POST api/v1/tokens': { name: 'viewer token', scopes: ['agents:write'] },
  'POST api/v1/servers': { name: 'byviewer', transport: 'http', url: 'http://127.0.0.1:9/mcp', enabled: false },
  'PUT api/v1/servers/[name]': { name: 'target', transport: 'http', url: 'http://127.0.0.1:9/other', enabled: false },
  'POST api/v1/connection-tests': { name: 'probe', transport: 'http', url: 'http://127.0.0.1:9/mcp' },
  'POST api/v1/agents/[id]/restore': { version: 1 },
  'POST api/v1/agents/[id]/clone': { id: 'cloned-by-viewer', name: 'Cloned by viewer' },
  'POST api/v1/tools/[name]/agents': { operation: 'remove', agentIds: ['target'] },
  'POST api/v1/config/plan': { file: 'apiVersion: tools-admin/v1\n' },
  'POST api/v1/config/apply': { file: 'apiVersion: tools-admin/v1\nagents: []\n', prune: true, planHash: '0'.repeat(64) },
};

async function mutationRoutes(): Promise<{ route: string; method: string; handler: Handler }[]> {
  const entries = await readdir(appRoot, { recursive: true, withFileTypes: true });
  const found: { route: string; method: string; handler: Handler }[] = [];
  for (const file of entries.filter((entry) => entry.isFile() && entry.name === 'route.ts')) {
    const route = path.relative(appRoot, file.parentPath).split(path.sep).join('/');
    if (NOT_CHECKED.has(route)) continue;
    const routeModule = (await import(path.join(file.parentPath, file.name))) as Record<string, unknown>;
    for (const method of mutations) {
      const handler = routeModule[method];
      // A method the route only refuses (405 for everyone, app/api/method-not-allowed.test.ts) changes nothing.
      const isRefusal = typeof handler === 'function' && (handler as { [REFUSES_METHOD]?: true })[REFUSES_METHOD] === true;
      if (typeof handler === 'function' && !isRefusal && !SELF_SERVICE.has(`${method} ${route}`)) found.push({ route, method, handler: handler as Handler });
    }
  }
  return found;
}

/** Every audit event except the refusals themselves, which are the one thing a refused request adds. */
async function snapshotWithoutRefusals(db: Db) {
  const snapshot = (await snapshotTables(db)) as { audit: { action: string }[] };
  return { ...snapshot, audit: snapshot.audit.filter((event) => event.action !== 'access.denied') };
}

describeApi('a caller without the permission', (database) => {
  let ids: Record<string, string>;
  let readOnlyToken: string;

  beforeAll(async () => {
    const { db } = database;
    await createAgent({ db, actor: TEST_ADMIN, input: { id: 'target', name: 'Target' } });
    await putAssignment({ db, registry: await getToolRegistry(), actor: TEST_ADMIN, agentId: 'target', toolName: 'word_count', overrides: {} });
    await createServer({ db, actor: TEST_ADMIN, config: { name: 'target', transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: {}, enabled: false }, takenGroups: new Set() });
    const editor = await db.selectFrom('auth_user').select('id').where('email', '=', 'editor@example.test').executeTakeFirstOrThrow();
    const { token, secret } = await createToken({ db, actor: TEST_ADMIN, input: { name: 'reader', scopes: ['catalogue:read', 'agents:read'] } });
    ids = { id: 'target', toolName: 'word_count', user: editor.id, token: token.id };
    readOnlyToken = secret;
    // A token's first use records its last use (then at most once a minute): done here, before any snapshot.
    expect((await getMe(apiRequest('/api/v1/me', { as: { token: secret } }), { params: Promise.resolve({}) })).status).toBe(200);
  });

  function paramsOf(route: string): Record<string, string> {
    if (route.startsWith('api/v1/users/')) return { id: ids.user! };
    if (route.startsWith('api/v1/tools/')) return { name: ids.toolName! };
    if (route.startsWith('api/v1/tokens/')) return { id: ids.token! };
    if (route.startsWith('api/v1/servers/')) return { name: 'target' };
    return { id: ids.id!, toolName: ids.toolName! };
  }

  function urlOf(route: string, params: Record<string, string>): string {
    return `/${route.replace(/\[(\w+)\]/g, (_match, name: string) => params[name] ?? name)}`;
  }

  it.each([
    ['a viewer', { as: 'viewer' }],
    ['a viewer sending x-middleware-subrequest', { as: 'viewer', headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' } }],
    ['an editor, on users and tokens', { as: 'editor' }],
    ['a token with only read scopes', { token: true }],
  ] as const)('%s gets 403 on every mutation and nothing changes', async (_label, who) => {
    const before = await snapshotWithoutRefusals(database.db);
    const deniedBefore = (await snapshotTables(database.db) as { audit: { action: string }[] }).audit.length;
    let refused = 0;
    for (const { route, method, handler } of await mutationRoutes()) {
      if ('as' in who && who.as === 'editor' && !/^api\/v1\/(users|tokens)/.test(route)) continue;
      const params = paramsOf(route);
      const init: TestRequestInit = {
        method,
        as: 'token' in who ? { token: readOnlyToken } : who.as,
        headers: 'headers' in who ? { ...who.headers } : {},
        ifMatch: '"1"',
      };
      const body = bodies[`${method} ${route}`];
      if (body !== undefined) init.json = body;
      const response = await handler(apiRequest(urlOf(route, params), init), { params: Promise.resolve(params) });
      expect(response.status, `${method} /${route}`).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      refused++;
    }
    expect(refused).toBeGreaterThanOrEqual('as' in who && who.as === 'editor' ? 4 : 9);
    expect(await snapshotWithoutRefusals(database.db)).toEqual(before);
    const after = (await snapshotTables(database.db) as { audit: { action: string }[] }).audit;
    expect(after.length - deniedBefore, 'each refusal is audited').toBe(refused);
  });
});
