import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { apiRequest, describeApi, snapshotTables } from '@/test/api/api-harness';

const appRoot = path.resolve('app');
const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The only routes that answer without a session or token: signing in (with a password, or the
 * start of single sign-on and the identity provider's redirect back), the first-run setup,
 * the health check and the metrics (which answer clients on this machine only, 403 to the
 * rest: `lib/metrics/may-read-metrics.ts`), and the bench's floor, which answers 404 to
 * everyone unless the bench started the server with BENCH_FLOOR_DIR (its own test), and OAuth's
 * public parts for MCP clients: the two metadata documents, client registration and the token
 * endpoint (which answer OAuth errors, never data, without a code or token). Anything
 * else added under app/ must answer 401 to an anonymous caller, or this test fails.
 */
const PUBLIC_ROUTES = new Set(['api/auth/sign-in', 'api/auth/oidc/start', 'api/auth/callback/oidc', 'api/auth/setup', 'api/health', 'api/metrics', 'api/v1/config/schema.json', 'api/bench-floor/[kind]',
  '.well-known/oauth-authorization-server', '.well-known/oauth-protected-resource/api/v1/agents/[id]/mcp', 'api/v1/oauth/register', 'api/v1/oauth/token']);

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface RouteMethod {
  route: string;
  method: (typeof httpMethods)[number];
  handler: Handler;
  params: Record<string, string | string[]>;
}

/** Every exported method of every route.ts under app/, with made-up values for its dynamic segments. */
async function routeMethods(): Promise<RouteMethod[]> {
  const entries = await readdir(appRoot, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name === 'route.ts');
  const found: RouteMethod[] = [];
  for (const file of files) {
    const route = path.relative(appRoot, file.parentPath).split(path.sep).join('/');
    const params: Record<string, string | string[]> = {};
    for (const segment of route.split('/')) {
      const catchAll = /^\[\[?\.\.\.(.+?)\]?\]$/.exec(segment);
      const single = /^\[(.+)\]$/.exec(segment);
      if (catchAll?.[1]) params[catchAll[1]] = ['anything'];
      else if (single?.[1]) params[single[1]] = 'anything';
    }
    const routeModule = (await import(path.join(file.parentPath, file.name))) as Record<string, unknown>;
    for (const method of httpMethods) {
      const handler = routeModule[method];
      if (typeof handler === 'function') found.push({ route, method, handler: handler as Handler, params });
    }
  }
  return found;
}

function urlOf(route: string): string {
  return `/${route.replace(/\[\[?\.\.\.(.+?)\]?\]|\[(.+?)\]/g, 'anything').replace(/\([^)]*\)\//g, '')}`;
}

describeApi('every route under app/', (database) => {
  it('finds the route files it checks (the API, sign-in and sign-out)', async () => {
    const routes = new Set((await routeMethods()).map((entry) => entry.route));
    expect(routes).toContain('api/v1/agents');
    expect(routes).toContain('api/auth/sign-in');
    expect(routes).toContain('api/auth/sign-out');
  });

  it.each([
    ['no credentials', {}],
    ['x-middleware-subrequest set, as if a middleware had passed it', { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' }],
    ['a Bearer token that is not one', { authorization: 'Bearer tat_notarealtokenatall' }],
    ['a forged session cookie', { cookie: 'tools-admin.session_token=forged.c2lnbmF0dXJl' }],
  ])('answers 401 to every method of every non-public route with %s, changing nothing', async (_label, headers) => {
    const before = await snapshotTables(database.db);
    const checked: string[] = [];
    for (const { route, method, handler, params } of await routeMethods()) {
      if (PUBLIC_ROUTES.has(route)) continue;
      const request = apiRequest(urlOf(route), {
        method,
        as: 'anonymous',
        headers,
        ...(['POST', 'PUT', 'PATCH'].includes(method) ? { json: { name: 'x', overrides: {} } } : {}),
      });
      const response = await handler(request, { params: Promise.resolve(params) });
      expect(response.status, `${method} /${route}`).toBe(401);
      expect(response.headers.get('content-type'), `${method} /${route}`).toBe('application/problem+json');
      checked.push(`${method} ${route}`);
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(await snapshotTables(database.db)).toEqual(before);
  });
});
