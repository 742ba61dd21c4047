import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createToken } from '@/lib/auth/create-token';
import { createUser } from '@/lib/auth/create-user';
import { TOKEN_SCOPES } from '@/lib/auth/permissions';
import { signIn } from '@/lib/auth/sign-in';
import { OPERATOR } from '@/lib/auth/system-actors';
import { flushAuditEvents } from '@/lib/audit/record-audit-event-later';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { GET as getMe } from '../route';
import { GET, POST } from './route';

const OLD = 'the old password, long enough';
const NEW = 'a brand new password, long enough';
const none = {};

describe('POST /api/v1/me/password', () => {
  describeApi('changing one\'s own password', (database) => {
    /** A fresh user (an editor) signed in twice, from two browsers; their cookies. */
    async function userWithTwoSessions(): Promise<{ email: string; id: string; first: string; second: string }> {
      const email = `pw-${randomUUID().slice(0, 8)}@example.test`;
      const user = await createUser({ db: database.db, actor: OPERATOR, input: { email, role: 'editor', password: OLD } });
      const cookieOf = async () => (await signIn({ db: database.db, email, password: OLD, address: '203.0.113.9', headers: new Headers() })).setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
      return { email, id: user.id, first: await cookieOf(), second: await cookieOf() };
    }
    const change = (cookie: string | { token: string }, json: unknown) =>
      callRoute(POST, apiRequest('/api/v1/me/password', typeof cookie === 'string' ? { as: 'anonymous', headers: { cookie }, json } : { as: cookie, json }), none);
    const isSignedIn = async (cookie: string) => (await callRoute(getMe, apiRequest('/api/v1/me', { as: 'anonymous', headers: { cookie } }), none)).status === 200;
    const canSignInWith = async (email: string, password: string) => {
      try {
        await signIn({ db: database.db, email, password, address: `198.51.100.${Math.floor(Math.random() * 200)}`, headers: new Headers() });
        return true;
      } catch {
        return false;
      }
    };

    it('changes the password with the current one: the other sessions end, this one stays, audited without a password', async () => {
      const { email, first, second } = await userWithTwoSessions();

      const response = await change(first, { currentPassword: OLD, newPassword: NEW });

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ otherSessionsEnded: 1 });
      expect(await isSignedIn(first)).toBe(true);
      expect(await isSignedIn(second)).toBe(false);
      expect(await canSignInWith(email, OLD)).toBe(false);
      expect(await canSignInWith(email, NEW)).toBe(true);
      await flushAuditEvents();
      const events = await database.db.selectFrom('audit_events').selectAll().where('action', '=', 'user.password-change').where('target', '=', `users/${email}`).execute();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actor: `user:${email}` });
      expect(JSON.stringify(events)).not.toContain(OLD);
      expect(JSON.stringify(events)).not.toContain(NEW);
    });

    it('refuses a wrong current password (400 at /currentPassword), changes nothing, and blocks the account after five', async () => {
      const { email, first, second } = await userWithTwoSessions();

      const wrong = await change(first, { currentPassword: 'not the password at all', newPassword: NEW });

      expect(wrong.status).toBe(400);
      expect((await wrong.json()).errors).toEqual([{ pointer: '/currentPassword', message: 'The current password is wrong' }]);
      expect(await isSignedIn(second)).toBe(true);
      for (let attempt = 2; attempt <= 5; attempt++) expect((await change(first, { currentPassword: `wrong guess ${attempt}`, newPassword: NEW })).status).toBe(400);
      const blocked = await change(first, { currentPassword: OLD, newPassword: NEW });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
      const refusals = await database.db.selectFrom('audit_events').select('after').where('action', '=', 'user.password-change-failed').where('target', '=', `users/${email}`).execute();
      expect(refusals).toHaveLength(5);
      expect(JSON.stringify(refusals)).not.toContain('wrong guess');
      const hash = await database.db.selectFrom('auth_account').innerJoin('auth_user', 'auth_user.id', 'auth_account.userId').select('password').where('email', '=', email).executeTakeFirstOrThrow();
      expect(hash.password).not.toBeNull();
      await database.db.deleteFrom('auth_throttle').execute();
      expect(await canSignInWith(email, OLD)).toBe(true);
    });

    it.each([
      ['too short', 'short pw', 'The password must have at least 12 characters'],
      ['a common one', '1qaz2wsx3edc', 'This password is on a list of common passwords; choose another'],
      ['the current one', OLD, 'Choose a password other than the current one'],
    ])('refuses a new password that is %s (400 at /newPassword), changing nothing', async (_case, newPassword, message) => {
      const { email, first, second } = await userWithTwoSessions();

      const response = await change(first, { currentPassword: OLD, newPassword });

      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual([{ pointer: '/newPassword', message }]);
      expect(await isSignedIn(second)).toBe(true);
      expect(await canSignInWith(email, OLD)).toBe(true);
    });

    it('refuses a token of every scope (403): a token has no password', async () => {
      const tokens = await Promise.all(TOKEN_SCOPES.map(async (scope) => (await createToken({ db: database.db, actor: OPERATOR, input: { name: `pw-${scope}`, scopes: [scope] } })).secret));
      for (const token of tokens) {
        const response = await change({ token }, { currentPassword: OLD, newPassword: NEW });
        expect(response.status).toBe(403);
        expect((await response.json()).detail).toBe('Only a signed-in person has a password to change; a token has none');
      }
    });

    it('refuses an account that signs in with single sign-on only (403), saying where its password lives', async () => {
      const { first, id } = await userWithTwoSessions();
      // As a first SSO sign-in leaves it: the provider's account, no password here.
      await database.db.updateTable('auth_account').set({ providerId: 'oidc', password: null }).where('userId', '=', id).execute();

      const response = await change(first, { currentPassword: OLD, newPassword: NEW });

      expect(response.status).toBe(403);
      expect((await response.json()).detail).toMatch(/^Your account signs in with single sign-on and has no password here/);
    });

    it('refuses a body naming another user (400), signed out callers (401) and other methods (405)', async () => {
      const { first } = await userWithTwoSessions();
      expect((await change(first, { currentPassword: OLD, newPassword: NEW, userId: 'someone-else' })).status).toBe(400);
      expect((await callRoute(POST, apiRequest('/api/v1/me/password', { as: 'anonymous', json: { currentPassword: OLD, newPassword: NEW } }), none)).status).toBe(401);
      const get = await callRoute(GET, apiRequest('/api/v1/me/password', { as: 'anonymous', headers: { cookie: first } }), none);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    });
  });
});
