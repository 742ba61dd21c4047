import { afterEach, expect, it, vi } from 'vitest';
import { apiRequest, callRoute, describeApi, sessionCookie, TEST_PASSWORD } from '@/test/api/api-harness';
import { createToken } from '@/lib/auth/create-token';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/door-constants.mjs';
import { SESSION_CACHE_MS } from '@/lib/auth/session-cache';
import { createSetupToken } from '@/lib/auth/setup-link';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { ADDRESS_RULE } from '@/lib/auth/throttle';
import { GET as getMe } from '../v1/me/route';
import { DELETE as revoke } from '../v1/tokens/[id]/route';
import { PATCH as patchUser } from '../v1/users/[id]/route';
import { POST as setup } from './setup/route';
import { POST as signInRoute } from './sign-in/route';
import { POST as signOutRoute } from './sign-out/route';

const none = { params: Promise.resolve({}) };

afterEach(() => {
  vi.restoreAllMocks();
});

function signIn(email: string, password: string, address = '203.0.113.1', headers: Record<string, string> = {}) {
  return signInRoute(apiRequest('/api/auth/sign-in', { as: 'anonymous', json: { email, password }, headers: { [CLIENT_ADDRESS_HEADER]: address, ...headers } }));
}

function cookieOf(response: Response): string {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

function me(cookie: string) {
  return getMe(apiRequest('/api/v1/me', { as: 'anonymous', headers: { cookie } }), none);
}

describeApi('signing in and out', (database) => {
  it('sets an HttpOnly, SameSite=Lax session cookie, a new one each time, and never puts the token in the body', async () => {
    const first = await signIn('editor@example.test', TEST_PASSWORD);
    const second = await signIn('editor@example.test', TEST_PASSWORD);

    expect(first.status).toBe(200);
    const header = first.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^tools-admin\.session_token=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Secure/i);
    expect(cookieOf(first)).not.toBe(cookieOf(second));
    const body = await first.text();
    expect(body).not.toContain(cookieOf(first).split('=')[1]!.split('.')[0]);
    expect(JSON.parse(body)).toEqual({ user: { email: 'editor@example.test', name: 'editor@example.test', role: 'editor' } });
    expect((await me(cookieOf(first))).status).toBe(200);
  });

  it('records on the new session the client address the front door found, for the sessions list', async () => {
    const cookie = cookieOf(await signIn('viewer@example.test', TEST_PASSWORD, '203.0.113.77'));
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const session = await database.db.selectFrom('auth_session').select(['ipAddress', 'userAgent']).where('token', '=', token).executeTakeFirstOrThrow();
    expect(session.ipAddress).toBe('203.0.113.77');
  });

  it('kills the session on the server at sign-out: the old cookie replayed gets 401', async () => {
    const cookie = cookieOf(await signIn('viewer@example.test', TEST_PASSWORD, '203.0.113.2'));
    expect((await me(cookie)).status).toBe(200);

    const out = await callRoute(signOutRoute, apiRequest('/api/auth/sign-out', { method: 'POST', as: 'anonymous', headers: { cookie } }), {});

    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await me(cookie)).status).toBe(401);
    const events = await database.db.selectFrom('audit_events').select('action').where('action', '=', 'auth.sign-out').execute();
    expect(events).toHaveLength(1);
  });

  it('answers an unknown account exactly as a wrong password, in about the same time', { timeout: 30_000 }, async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const response = await signIn(email, 'not the right password', '203.0.113.3');
      return { ms: performance.now() - started, status: response.status, body: await response.json() };
    };
    const wrong: Awaited<ReturnType<typeof time>>[] = [];
    const unknown: Awaited<ReturnType<typeof time>>[] = [];
    // Taking turns, so machine noise falls on both alike; each account stays under its own limit.
    for (let run = 0; run < 3; run++) {
      wrong.push(await time('admin@example.test'));
      unknown.push(await time(`nobody-${run}@example.test`));
    }
    const median = (runs: { ms: number }[]) => runs.map((run) => run.ms).sort((a, b) => a - b)[1]!;

    expect(unknown[0]?.status).toBe(401);
    for (const answer of unknown) expect(answer).toMatchObject({ status: wrong[0]?.status, body: wrong[0]?.body });
    expect(Math.abs(median(unknown) - median(wrong)), JSON.stringify({ wrong: median(wrong), unknown: median(unknown) })).toBeLessThan(150);
  });

  it('keeps an address that sprays account names throttled, whatever X-Forwarded-For it claims, until it has waited', { timeout: 60_000 }, async () => {
    const address = '198.51.100.7';
    for (let attempt = 0; attempt < ADDRESS_RULE.maxFailures; attempt++) {
      const response = await signIn(`sprayed-${attempt}@example.test`, 'guessing a password', address, { 'x-forwarded-for': `10.0.0.${attempt}` });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }

    for (const name of ['one-more@example.test', 'admin@example.test']) {
      const blocked = await signIn(name, name === 'admin@example.test' ? TEST_PASSWORD : 'x', address, { 'x-forwarded-for': '10.9.9.9' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(blocked.headers.get('set-cookie')).toBeNull();
    }
    // Another address is its own bucket.
    expect((await signIn('admin@example.test', TEST_PASSWORD, '198.51.100.8')).status).toBe(200);
  });

  it('blocks an account after five failures from anywhere, even for the right password, and audits each failure', { timeout: 30_000 }, async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('Viewer@Example.test ', 'wrong password here', `192.0.2.${attempt}`)).status).toBe(401);
    }

    const blocked = await signIn('viewer@example.test', TEST_PASSWORD, '192.0.2.99');

    expect(blocked.status).toBe(429);
    const failures = await database.db.selectFrom('audit_events').selectAll().where('action', '=', 'auth.sign-in-failed').where('target', '=', 'users/viewer@example.test').execute();
    expect(failures).toHaveLength(6);
  });

  it('refuses a revoked token at once', async () => {
    const { token, secret } = await createToken({ db: database.db, actor: TEST_ADMIN, input: { name: 'script', scopes: ['agents:read'] } });
    const call = () => getMe(apiRequest('/api/v1/me', { as: { token: secret } }), none);
    expect((await call()).status).toBe(200);

    expect((await callRoute(revoke, apiRequest(`/api/v1/tokens/${token.id}`, { method: 'DELETE' }), { id: token.id })).status).toBe(200);

    const refused = await call();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ detail: 'The Bearer token was revoked' });
  });

  it('ends a user\'s sessions when an admin changes their role', async () => {
    const editorCookie = sessionCookie('editor');
    const editor = await database.db.selectFrom('auth_user').select(['id', 'version']).where('email', '=', 'editor@example.test').executeTakeFirstOrThrow();
    expect((await me(editorCookie)).status).toBe(200);

    const changed = await callRoute(patchUser, apiRequest(`/api/v1/users/${editor.id}`, { method: 'PATCH', json: { role: 'viewer' }, ifMatch: `"${editor.version}"` }), { id: editor.id });

    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ role: 'viewer', version: editor.version + 1 });
    expect((await me(editorCookie)).status).toBe(401);
  });

  it('ends a session idle for longer than 30 minutes', async () => {
    const cookie = cookieOf(await signIn('admin@example.test', TEST_PASSWORD, '203.0.113.9'));
    const { sessions } = (await (await getMe(apiRequest('/api/v1/me', { as: 'anonymous', headers: { cookie } }), none)).json()) as { sessions?: unknown };
    expect(sessions).toBeUndefined();
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await database.db.updateTable('auth_session').set({ updatedAt: new Date(Date.now() - 31 * 60_000).toISOString() }).where('token', '=', token).execute();
    // This instance keeps a verified session a few seconds; the edit above stands for 31 minutes passing.
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + SESSION_CACHE_MS);

    expect((await me(cookie)).status).toBe(401);
    expect(await database.db.selectFrom('auth_session').select('id').where('token', '=', token).execute()).toEqual([]);
  });

  it('lets the setup link create the first admin only while there is no user, and only once', async () => {
    const token = await createSetupToken(database.db);
    const body = { token, email: 'first@example.test', password: 'a long first admin password' };

    const refused = await setup(apiRequest('/api/auth/setup', { as: 'anonymous', json: body }));

    // describeApi made users already, so setup is over.
    expect(refused.status).toBe(403);
    expect(await database.db.selectFrom('auth_user').select('id').where('email', '=', 'first@example.test').execute()).toEqual([]);
  });
});
