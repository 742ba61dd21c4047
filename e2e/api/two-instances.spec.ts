import { expect, test } from '../support/test';
import { E2E_ADMIN, signInCookie } from '../support/e2e-admin';
import type { NextServer } from '../support/next-server';
import { ownServerPort } from '../support/ports';
import { describeTwoInstances, withTwoInstances } from '../support/postgres-schema';

describeTwoInstances('[API][TWO-INSTANCES]', () => {
  test('[API][TWO-INSTANCES]: two app instances on one PostgreSQL see each other\'s writes and refuse stale ones', async () => {
    await withTwoInstances([ownServerPort(5), ownServerPort(6)], async (a, b, { admin, schema }) => {

      const created = await a.fetch('/api/v1/agents', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'shared-agent', name: 'Made on A' }),
      });
      expect(created.status, a.output()).toBe(201);

      const readOnB = await b.fetch('/api/v1/agents/shared-agent');
      expect(readOnB.status, b.output()).toBe(200);
      expect(readOnB.headers.get('etag')).toBe('"1"');
      expect(await readOnB.json()).toMatchObject({ name: 'Made on A', version: 1 });

      const updatedOnB = await b.fetch('/api/v1/agents/shared-agent', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'if-match': readOnB.headers.get('etag') ?? '' },
        body: JSON.stringify({ name: 'Renamed on B' }),
      });
      expect(updatedOnB.status).toBe(200);
      expect(updatedOnB.headers.get('etag')).toBe('"2"');

      const readOnA = await a.fetch('/api/v1/agents/shared-agent');
      expect(await readOnA.json()).toMatchObject({ name: 'Renamed on B', version: 2 });

      // A still holds version 1 from its create: its change must not overwrite B's.
      const staleOnA = await a.fetch('/api/v1/agents/shared-agent', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'if-match': '"1"' },
        body: JSON.stringify({ name: 'Stale write from A' }),
      });
      expect(staleOnA.status).toBe(412);
      expect(staleOnA.headers.get('etag')).toBe('"2"');
      expect(await staleOnA.json()).toMatchObject({ current: { name: 'Renamed on B', version: 2 } });

      const stored = await admin.query(`select name, version from ${schema}.agents where id = 'shared-agent'`);
      expect(stored.rows).toEqual([{ name: 'Renamed on B', version: 2 }]);
    });
  });
  test('[API][TWO-INSTANCES]: two app instances on one PostgreSQL share sessions, sign-outs and the sign-in throttle', async () => {
    await withTwoInstances([ownServerPort(5), ownServerPort(6)], async (a, b, { admin, schema }) => {
      const me = (server: NextServer, cookie: string) => fetch(`${server.url}/api/v1/me`, { headers: { cookie } });

      // Signed in on A, the session works on B; signed out on B, it is dead on A.
      const cookie = await signInCookie(a.url);
      expect((await me(b, cookie)).status, b.output()).toBe(200);
      expect((await fetch(`${b.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie, origin: b.url, 'content-type': 'application/json' } })).status).toBe(204);
      expect((await me(a, cookie)).status).toBe(401);

      // Five failures on A block the account on B too, even with the right password.
      const attempt = (server: NextServer, password: string) =>
        fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: E2E_ADMIN.email, password }) });
      for (let failure = 0; failure < 5; failure++) expect((await attempt(a, 'a wrong password, again')).status).toBe(401);
      const blocked = await attempt(b, E2E_ADMIN.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      const users = await admin.query(`select count(*)::int as n from ${schema}.auth_user`);
      expect(users.rows).toEqual([{ n: 1 }]);
    });
  });
});
