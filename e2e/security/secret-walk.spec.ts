import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Request as BrowserRequest } from '@playwright/test';
import { expect, test } from '../support/test';
import { addSessionCookie, signInCookie } from '../support/e2e-admin';
import { startNextServer, type NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { freshSqliteDatabase, removeSqliteDatabase } from '../support/temp-database';
import { connectAgent } from '../runtime/mcp-client';
import { startTestMcpServer, type TestMcpServer } from '../../test/mcp-servers/test-mcp-server';

/**
 * Issue 30, "done when": after secrets and servers that use them exist (and a tool of such a
 * server was called), every API route and every page is fetched as an admin, an editor, a
 * viewer and a token of each scope, and no answer (body or header), no export, and no line of
 * the server's log holds a secret's value, nor the credentials the server was started with.
 *
 * The routes and pages are read from `app/` itself (every `route.ts` and `page.tsx`), so a new
 * one is walked without editing this spec; a new dynamic segment makes the walk fail until
 * `idsFor` says which real id fills it. Query variants come from the OpenAPI document (every
 * enum value of every GET query parameter: the audit's JSON-lines export, the config's YAML and
 * JSON exports, the effective tools' formats…).
 */

const BEARER = { name: 'WALK_BEARER', value: 'walk-bearer-value-5f3e9c1a7b0d' };
const QUERY_KEY = { name: 'WALK_QUERY_KEY', value: 'walk-query-value-d82b46e07c13' };
const ADMIN = { email: 'admin@walk.test', password: 'walk-admin-password-3c9f1e6a' };
const EDITOR = { email: 'editor@walk.test', password: 'walk-editor-password-77ab2c91' };
const VIEWER = { email: 'viewer@walk.test', password: 'walk-viewer-password-0e4d5f38' };
const BETTER_AUTH_SECRET = 'walk-auth-secret-9b1c4e7a2d6f8a0c3e5b7d9f1a2c4e6b';
const SECRETS_KEY = '7d3f0a9c2e4b6d8f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f';

const AGENT = 'walker';
const WORKFLOW = 'walkflow';
const TOOL = 'vault_echo';

/** Every value that must never appear in an answer or a log line, by what it is. */
function forbiddenValues(tokenSecrets: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {
    [`secret ${BEARER.name}`]: BEARER.value,
    [`secret ${QUERY_KEY.name}`]: QUERY_KEY.value,
    ADMIN_PASSWORD: ADMIN.password,
    BETTER_AUTH_SECRET,
    SECRETS_KEY,
    "the editor's password": EDITOR.password,
    "the viewer's password": VIEWER.password,
  };
  for (const [scope, secret] of Object.entries(tokenSecrets)) values[`the ${scope} token's secret`] = secret;
  // The same values as a client would find them encoded: base64 (a Basic header, a cookie) and hex.
  for (const [what, value] of Object.entries({ ...values })) {
    values[`${what} (base64)`] = Buffer.from(value).toString('base64').replace(/=+$/, '');
    if (what !== 'SECRETS_KEY') values[`${what} (hex)`] = Buffer.from(value).toString('hex');
  }
  return values;
}

/** The names of the values `text` holds (case-insensitively); empty when it holds none. */
function leaksIn(text: string, forbidden: Record<string, string>): string[] {
  const lower = text.toLowerCase();
  return Object.entries(forbidden)
    .filter(([, value]) => lower.includes(value.toLowerCase()))
    .map(([what]) => what);
}

/** Route folders (`api/v1/agents/[id]`) and page folders (`agents/[id]`) under app/, route groups left out. */
function appFolders(file: 'route.ts' | 'page.tsx'): string[] {
  const appRoot = path.resolve('app');
  return readdirSync(appRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === file)
    .map((entry) =>
      path
        .relative(appRoot, entry.parentPath)
        .split(path.sep)
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .join('/'),
    )
    .sort();
}

/** Whether a route file defines a GET of its own (not the 405 of `otherMethods`). */
function definesGet(route: string): boolean {
  const source = readFileSync(path.resolve('app', route, 'route.ts'), 'utf8');
  return /export const GET =|export async function GET|export function GET/.test(source);
}

interface Ids {
  userId: string;
  tokenId: string;
  sessionId: string;
  group: string;
}

/** The real ids a dynamic segment is filled with, by the segment and the one before it. */
function idsFor(parent: string, segment: string, ids: Ids): string[] {
  const key = `${parent}/${segment}`;
  const table: Record<string, string[]> = {
    'agents/[id]': [AGENT],
    'users/[id]': [ids.userId],
    'tokens/[id]': [ids.tokenId],
    'sessions/[id]': [ids.sessionId],
    'servers/[name]': ['vault', 'mirror', 'gone'],
    'secrets/[name]': [BEARER.name, QUERY_KEY.name],
    'tools/[name]': [TOOL, `workflow_${WORKFLOW}`],
    'tools/[toolName]': [TOOL],
    'rules/[group]': [ids.group],
    'workflows/[name]': [WORKFLOW],
    // The agent's first version; no call of the walk is held for approval, so an approval id that is none (a 404 like any).
    'versions/[version]': ['1'],
    'approvals/[id]': ['no-such-approval'],
    // No MCP client is granted access in the walk: a grant id that is none (a 404 like any).
    'grants/[id]': ['no-such-grant'],
    'bench-floor/[kind]': ['heap'],
    'v1/[...unknownPath]': ['no/such/thing'],
  };
  const found = table[key];
  if (!found) throw new Error(`The walk does not know which ids fill ${key}: add it to idsFor`);
  return found;
}

/** Every concrete path of a route or page folder, its dynamic segments filled with real ids. */
function concretePaths(folder: string, ids: Ids): string[] {
  let paths = [''];
  const segments = folder === '' ? [] : folder.split('/');
  segments.forEach((segment, index) => {
    const values = /^\[.*\]$/.test(segment) ? idsFor(segments[index - 1] ?? '', segment, ids) : [segment];
    paths = paths.flatMap((prefix) => values.map((value) => `${prefix}/${value}`));
  });
  return paths.map((value) => (value === '' ? '/' : value));
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: { enum?: unknown[] };
}

/** Every GET path of the OpenAPI document, with one query per enum value of each of its query parameters. */
function openApiQueries(document: { paths: Record<string, { get?: { parameters?: OpenApiParameter[] } }> }): { folder: string; queries: string[] }[] {
  return Object.entries(document.paths)
    .filter(([, item]) => item.get)
    .map(([openApiPath, item]) => ({
      folder: openApiPath.replace(/^\//, '').replace(/\{([^}]+)\}/g, '[$1]'),
      queries: (item.get?.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .flatMap((parameter) => (parameter.schema?.enum ?? []).map((value) => `${parameter.name}=${encodeURIComponent(String(value))}`)),
    }));
}

interface Caller {
  label: string;
  headers: Record<string, string>;
}

interface Answer {
  caller: string;
  path: string;
  status: number;
  text: string;
}

/** Reads a body for at most `ms` (an MCP endpoint's GET is an event stream that stays open). */
async function readSome(response: Response, ms: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const chunk = await Promise.race([reader.read(), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), left))]);
    if (chunk === 'late' || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text;
}

async function get(server: NextServer, caller: Caller, pathname: string): Promise<Answer> {
  const response = await fetch(`${server.url}${pathname}`, { headers: caller.headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const headerText = [...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n');
  return { caller: caller.label, path: pathname, status: response.status, text: `${headerText}\n\n${await readSome(response, 3_000)}` };
}

/** Whether a browser request is an EventSource's (it asks for an event stream). */
function isEventStream(request: BrowserRequest): boolean {
  return request.headers()['accept'] === 'text/event-stream';
}

/** Waits until no request is in flight for 500 ms (what "networkidle" means, its streams aside), 30 s at most. */
async function quiet(inFlight: Set<BrowserRequest>): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500 && Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `work` on every item, `width` at a time (two cores are shared: keep the server's queue short). */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  return results;
}

/**
 * An upstream that refuses every request and reflects what it was sent (the Authorization
 * header and the URL with its query) in its 401 body, as careless servers do: a status's
 * `detail` carries the upstream's own words, and must still not carry the secrets.
 */
async function startReflector(): Promise<{ url: string; requests(): number; close(): Promise<void> }> {
  let requests = 0;
  const listener = http.createServer((request, response) => {
    requests += 1;
    response
      .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
      .end(`refused ${request.headers.authorization ?? 'no authorization'} for ${request.url ?? ''}`);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests: () => requests,
    close: async () => {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: one a listener had, closed again. */
async function closedPort(): Promise<number> {
  const listener = http.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return port;
}

test.describe('[SECURITY][SECRET-WALK]', () => {
  test.setTimeout(600_000);
  let server: NextServer;
  let mcp: TestMcpServer;
  let reflector: Awaited<ReturnType<typeof startReflector>>;
  let database = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mcp = await startTestMcpServer({ bearer: BEARER.value, query: { key: QUERY_KEY.value } });
    reflector = await startReflector();
    database = freshSqliteDatabase(`secret-walk-${process.pid}`);
    server = await startNextServer(ownServerPort(80), {
      DATABASE_URL: `sqlite:${database}`,
      SEED_DEMO: '0',
      LOG_LEVEL: 'debug',
      MCP_ALLOWED_HOSTS: '127.0.0.1',
      SECRETS_KEY,
      BETTER_AUTH_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await mcp?.close();
    await reflector?.close();
    if (database) removeSqliteDatabase(database);
  });

  test('no route, page, export, MCP answer or log line shows a secret or a start-up credential, to any role or token scope', async ({ browser }) => {
    const json = { 'content-type': 'application/json' };
    const send = async (pathname: string, method: string, body: unknown, expected: number, headers: Record<string, string> = {}): Promise<string> => {
      const response = await server.fetch(pathname, { method, headers: { ...json, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      expect(response.status, `${method} ${pathname}: ${text}`).toBe(expected);
      return text;
    };
    /** Answers of the setup's own calls (apart from a token's one-time secret), searched with the rest. */
    const setupAnswers: Answer[] = [];
    const keep = (pathname: string, text: string) => setupAnswers.push({ caller: 'admin (setup)', path: pathname, status: 0, text });

    // People, secrets, and servers that use them.
    const userIds: Record<string, string> = {};
    for (const [user, role] of [[EDITOR, 'editor'], [VIEWER, 'viewer']] as const) {
      const text = await send('/api/v1/users', 'POST', { ...user, role }, 201);
      userIds[role] = (JSON.parse(text) as { id: string }).id;
    }
    for (const secret of [BEARER, QUERY_KEY]) keep(`PUT /api/v1/secrets/${secret.name}`, await send(`/api/v1/secrets/${secret.name}`, 'PUT', { value: secret.value }, 201));
    const headers = { Authorization: `Bearer \${secret:${BEARER.name}}` };
    const withKey = (url: string) => `${url}?key=\${secret:${QUERY_KEY.name}}`;
    keep('POST vault', await send('/api/v1/servers', 'POST', { name: 'vault', transport: 'http', url: withKey(mcp.url), headers }, 201));
    keep('POST mirror', await send('/api/v1/servers', 'POST', { name: 'mirror', transport: 'http', url: withKey(reflector.url), headers }, 201));
    keep('POST gone', await send('/api/v1/servers', 'POST', { name: 'gone', transport: 'http', url: withKey(`http://127.0.0.1:${await closedPort()}/mcp`), headers }, 201));
    const statusOf = async (name: string) => ((await (await server.fetch(`/api/v1/servers/${name}`)).json()) as { status: string }).status;
    await expect.poll(() => statusOf('vault'), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => statusOf('mirror'), { timeout: 30_000 }).toBe('unavailable');
    await expect.poll(() => statusOf('gone'), { timeout: 30_000 }).toBe('unavailable');
    // The reflector was reached with the secrets filled in: its 401 body holds them.
    expect(reflector.requests()).toBeGreaterThan(0);
    // A connection test as the admin, against the reflector: its answer shows the upstream's words.
    keep(
      'POST /api/v1/connection-tests',
      await send('/api/v1/connection-tests', 'POST', { name: 'probe', transport: 'http', url: withKey(reflector.url), headers }, 200),
    );

    // An agent with the server's tool (assigned, and through a rule on its group), a workflow calling it.
    const group = ((await (await server.fetch(`/api/v1/tools/${TOOL}`)).json()) as { group: string }).group;
    await send('/api/v1/agents', 'POST', { id: AGENT, name: 'Walker' }, 201);
    await send(`/api/v1/agents/${AGENT}/tools/${TOOL}`, 'PUT', { overrides: {} }, 201);
    await send(`/api/v1/agents/${AGENT}/rules`, 'POST', { group }, 201);
    await send(
      '/api/v1/workflows',
      'POST',
      { name: WORKFLOW, description: 'Echoes through the vault', inputs: [{ name: 'text', type: 'string', required: true, description: '' }], steps: [{ id: 'echo', tool: TOOL, arguments: { text: '{{input.text}}' } }] },
      201,
    );

    // A token of each scope.
    const tokenSecrets: Record<string, string> = {};
    let tokenId = '';
    for (const scope of ['catalogue:read', 'agents:read', 'agents:write', 'runtime']) {
      const created = JSON.parse(await send('/api/v1/tokens', 'POST', { name: `walk ${scope}`, scopes: [scope] }, 201)) as { token: { id: string }; secret: string };
      tokenSecrets[scope] = created.secret;
      tokenId = created.token.id;
    }
    const forbidden = forbiddenValues(tokenSecrets);

    // The tool is called once over HTTP and once over MCP, with the runtime token.
    const invoked = await fetch(`${server.url}/api/v1/agents/${AGENT}/tools/${TOOL}/invoke`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${tokenSecrets.runtime}` },
      body: JSON.stringify({ arguments: { text: 'hello from the walk' } }),
    });
    const invokedText = await invoked.text();
    expect(invoked.status, invokedText).toBe(200);
    expect(invokedText).toContain('hello from the walk');
    keep('POST invoke', invokedText);
    const agentClient = await connectAgent(server.url, AGENT, tokenSecrets.runtime!);
    try {
      const listed = await agentClient.client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toContain(TOOL);
      keep('MCP tools/list', JSON.stringify(listed));
      const called = await agentClient.client.callTool({ name: TOOL, arguments: { text: 'hello over MCP' } });
      expect(JSON.stringify(called.content)).toContain('hello over MCP');
      keep('MCP tools/call', JSON.stringify(called));
    } finally {
      await agentClient.close();
    }

    // A config plan of the exported file (it writes nothing and connects nowhere).
    const exported = await (await server.fetch('/api/v1/config?format=yaml')).text();
    expect(exported).toContain(`\${secret:${BEARER.name}}`);
    keep('POST /api/v1/config/plan', await send('/api/v1/config/plan', 'POST', { file: exported }, 200));

    // Who walks.
    const cookies = {
      admin: server.adminCookie,
      editor: await signInCookie(server.url, EDITOR.email, EDITOR.password),
      viewer: await signInCookie(server.url, VIEWER.email, VIEWER.password),
    };
    const sessions = (await (await server.fetch('/api/v1/sessions')).json()) as { sessions: { id: string; isCurrent: boolean }[] };
    const sessionId = sessions.sessions.find((session) => session.isCurrent)?.id ?? '';
    expect(sessionId).not.toBe('');
    const callers: Caller[] = [
      ...Object.entries(cookies).map(([role, cookie]) => ({ label: role, headers: { cookie } })),
      ...Object.entries(tokenSecrets).map(([scope, secret]) => ({ label: `${scope} token`, headers: { authorization: `Bearer ${secret}` } })),
    ];
    const ids: Ids = { userId: userIds.viewer!, tokenId, sessionId, group };

    // What is walked: every route and page under app/, and every enum query of the OpenAPI document.
    const routes = appFolders('route.ts');
    const pages = appFolders('page.tsx');
    const document = (await (await server.fetch('/api/v1/openapi.json')).json()) as Parameters<typeof openApiQueries>[0];
    const openApiGets = openApiQueries(document);
    for (const { folder } of openApiGets) expect(routes, `the OpenAPI document's GET ${folder} has a route.ts`).toContain(folder);
    const apiPaths = routes.flatMap((route) => concretePaths(route, ids));
    const queried = openApiGets.flatMap(({ folder, queries }) => concretePaths(folder, ids).flatMap((base) => queries.map((query) => `${base}?${query}`)));
    const pagePaths = pages.flatMap((page) => concretePaths(page, ids));
    // The exports by name: the audit's JSON lines and both config formats are among the queries.
    expect(queried).toEqual(expect.arrayContaining(['/api/v1/audit?format=jsonl', '/api/v1/config?format=yaml', '/api/v1/config?format=json']));
    const walked = [...new Set([...apiPaths, ...queried, ...pagePaths])];

    const answers = await inBatches(
      callers.flatMap((caller) => walked.map((pathname) => ({ caller, pathname }))),
      4,
      ({ caller, pathname }) => get(server, caller, pathname),
    );
    // The audit export with the Accept header instead of the query, as each caller.
    for (const caller of callers) {
      const answer = await get(server, { ...caller, headers: { ...caller.headers, accept: 'application/x-ndjson' } }, '/api/v1/audit');
      answers.push({ ...answer, path: `${answer.path} (Accept: application/x-ndjson)` });
    }

    // Every page once more in Chromium, as each role: the rendered page and every answer it fetched.
    for (const [role, cookie] of Object.entries(cookies)) {
      const context = await browser.newContext();
      await addSessionCookie(context, server.url, cookie);
      const page = await context.newPage();
      const fetched: Promise<void>[] = [];
      // A page's live event stream (EventSource: the approvals badge) stays open, so neither its
      // body nor "networkidle" ever comes; the walk above read that stream as each caller.
      const inFlight = new Set<BrowserRequest>();
      page.on('request', (request) => {
        if (!isEventStream(request)) inFlight.add(request);
      });
      page.on('requestfinished', (request) => void inFlight.delete(request));
      page.on('requestfailed', (request) => void inFlight.delete(request));
      page.on('response', (response) => {
        if (isEventStream(response.request())) return;
        fetched.push(
          response
            .text()
            .then((text) => void answers.push({ caller: `${role} (browser)`, path: response.url(), status: response.status(), text: `${JSON.stringify(response.headers())}\n\n${text}` }))
            .catch(() => undefined),
        );
      });
      for (const pathname of pagePaths) {
        await page.goto(`${server.url}${pathname}`);
        await quiet(inFlight);
        answers.push({ caller: `${role} (browser)`, path: `${pathname} (rendered)`, status: 200, text: await page.content() });
      }
      await Promise.all(fetched);
      await context.close();
    }

    // Not a walk of nothing: every route, page and query was fetched by every caller, and the
    // admin was answered (mostly 200) on each route that has a GET of its own.
    expect.soft(routes.length).toBeGreaterThanOrEqual(40);
    expect.soft(pages.length).toBeGreaterThanOrEqual(14);
    expect.soft(walked.length).toBeGreaterThanOrEqual(80);
    const walkedSet = new Set(walked);
    const adminAnswers = answers.filter((answer) => answer.caller === 'admin' && walkedSet.has(answer.path));
    expect.soft(adminAnswers.length).toBe(walked.length);
    const serverErrors = answers.filter((answer) => answer.status >= 500).map((answer) => `${answer.caller} ${answer.path}: ${answer.status}`);
    expect.soft(serverErrors).toEqual([]);
    const withGet = new Set(routes.filter(definesGet).flatMap((route) => concretePaths(route, ids)));
    const adminOnGets = adminAnswers.filter((answer) => withGet.has(answer.path));
    const adminOk = adminOnGets.filter((answer) => answer.status === 200);
    expect.soft(adminOk.length / adminOnGets.length, adminOnGets.filter((answer) => answer.status !== 200).map((answer) => `${answer.path}: ${answer.status}`).join('\n')).toBeGreaterThan(0.8);
    // Each caller was let in somewhere (a session or token that failed would walk 401s only).
    for (const caller of callers) {
      const ok = answers.filter((answer) => answer.caller === caller.label && answer.status === 200 && answer.path.startsWith('/api/v1/'));
      expect.soft(ok.length, `${caller.label} was answered 200 by some API routes`).toBeGreaterThanOrEqual(2);
    }
    // The viewer reads the audit export, and it holds the secrets' and servers' events.
    const viewerAudit = answers.find((answer) => answer.caller === 'viewer' && answer.path === '/api/v1/audit?format=jsonl');
    expect.soft(viewerAudit?.status).toBe(200);
    expect.soft(viewerAudit?.text).toContain('secret.create');
    expect.soft(viewerAudit?.text).toContain('"target":"servers/vault"');
    // The statuses say what failed, so the reflector's refusal was read (and its words kept out).
    const mirror = answers.find((answer) => answer.caller === 'admin' && answer.path === '/api/v1/servers/mirror');
    expect.soft(mirror?.text).toMatch(/"kind":"auth"/);

    const leaks = [...setupAnswers, ...answers]
      .map((answer) => ({ answer, found: leaksIn(answer.text, forbidden) }))
      .filter(({ found }) => found.length > 0)
      .map(({ answer, found }) => `${answer.caller} GET ${answer.path} (${answer.status}): ${found.join(', ')}`);
    test.info().annotations.push({ type: 'walked', description: `${walked.length} paths (${routes.length} routes, ${pages.length} pages) × ${callers.length} callers; ${answers.length + setupAnswers.length} answers searched; admin 200 on ${adminOk.length} of ${adminOnGets.length} routes with a GET` });
    expect.soft(leaks, `answers that show a secret (of ${answers.length + setupAnswers.length} searched)`).toEqual([]);

    // The server's log (debug level) after all of it.
    const log = server.output();
    expect(log.length).toBeGreaterThan(0);
    expect.soft(leaksIn(log, forbidden), 'values in the server log').toEqual([]);

    // At rest: the database file holds the secrets encrypted, never as plain text.
    await server.stop();
    const stored = ['', '-wal'].map((suffix) => {
      try {
        return readFileSync(`${database}${suffix}`).toString('latin1');
      } catch {
        return '';
      }
    });
    expect(leaksIn(stored.join('\n'), { [BEARER.name]: BEARER.value, [QUERY_KEY.name]: QUERY_KEY.value, SECRETS_KEY })).toEqual([]);
  });
});
