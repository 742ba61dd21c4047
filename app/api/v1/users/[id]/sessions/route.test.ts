import { describe, expect, it } from 'vitest';
import { createToken } from '@/lib/auth/create-token';
import { TOKEN_SCOPES } from '@/lib/auth/permissions';
import { OPERATOR } from '@/lib/auth/system-actors';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { GET as listOwnSessions } from '../../../sessions/route';
import { DELETE } from './route';

describe('DELETE /api/v1/users/{id}/sessions', () => {
  describeApi('ending a user\'s sessions', (database) => {
    const userId = async (email: string) => (await database.db.selectFrom('auth_user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const sessionsOf = async (id: string) => database.db.selectFrom('auth_session').select('id').where('userId', '=', id).execute();

    it('refuses an editor, a viewer and a token of every scope (403), ending nothing', async () => {
      const viewer = await userId('viewer@example.test');
      const before = await sessionsOf(viewer);
      const tokens = await Promise.all(TOKEN_SCOPES.map(async (scope) => (await createToken({ db: database.db, actor: OPERATOR, input: { name: `t-${scope}`, scopes: [scope] } })).secret));
      const callers = ['editor', 'viewer', ...tokens.map((token) => ({ token }))] as const;
      for (const as of callers) {
        const response = await callRoute(DELETE, apiRequest(`/api/v1/users/${viewer}/sessions`, { method: 'DELETE', as }), { id: viewer });
        expect(response.status).toBe(403);
      }
      expect(await sessionsOf(viewer)).toEqual(before);
      const denied = await database.db.selectFrom('audit_events').select('action').where('action', '=', 'access.denied').execute();
      expect(denied).toHaveLength(callers.length);
    });

    it('answers 404 for an unknown user and 401 without credentials', async () => {
      expect((await callRoute(DELETE, apiRequest('/api/v1/users/nobody/sessions', { method: 'DELETE' }), { id: 'nobody' })).status).toBe(404);
      expect((await callRoute(DELETE, apiRequest('/api/v1/users/nobody/sessions', { method: 'DELETE', as: 'anonymous' }), { id: 'nobody' })).status).toBe(401);
    });

    it('lets an admin end every session of a user at once: their cookie is refused from the next request, audited', async () => {
      const viewer = await userId('viewer@example.test');
      expect((await callRoute(listOwnSessions, apiRequest('/api/v1/sessions', { as: 'viewer' }), {})).status).toBe(200);

      const response = await callRoute(DELETE, apiRequest(`/api/v1/users/${viewer}/sessions`, { method: 'DELETE' }), { id: viewer });

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ended: 1 });
      expect(await sessionsOf(viewer)).toEqual([]);
      expect((await callRoute(listOwnSessions, apiRequest('/api/v1/sessions', { as: 'viewer' }), {})).status).toBe(401);
      const events = await database.db.selectFrom('audit_events').select(['actor', 'target', 'after']).where('action', '=', 'user.sessions-end').execute();
      expect(events).toEqual([{ actor: 'user:admin@example.test', target: 'users/viewer@example.test', after: JSON.stringify({ sessions: 1 }) }]);
    });
  });
});
