import { describe, expect, it } from 'vitest';
import { apiRequest, callRoute, describeApi } from '@/test/api/api-harness';
import { GET as start } from '../../oidc/start/route';
import { GET } from './route';

describe('the single sign-on routes without OIDC_ISSUER', () => {
  describeApi('a forged or stray callback', (database) => {
    it('answers 404 to the start of a sign-in when single sign-on is not configured', async () => {
      const response = await callRoute(start, apiRequest('/api/auth/oidc/start', { as: 'anonymous' }), {});
      expect(response.status).toBe(404);
      expect(response.headers.get('set-cookie')).toBeNull();
    });

    it('sends a callback with a forged code and state back to the sign-in page: no session, audited', async () => {
      const sessionsBefore = await database.db.selectFrom('auth_session').select('id').execute();
      const response = await callRoute(GET, apiRequest('/api/auth/callback/oidc?code=stolen-code&state=forged-state', { as: 'anonymous' }), {});

      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/sign-in\?sso_error=[a-z_]+$/);
      expect(response.headers.getSetCookie().filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
      expect(await database.db.selectFrom('auth_session').select('id').execute()).toEqual(sessionsBefore);
      const failed = await database.db.selectFrom('audit_events').select(['actor', 'after']).where('action', '=', 'auth.sign-in-failed').execute();
      expect(failed).toHaveLength(1);
      expect(JSON.parse(String(failed[0]?.after))).toMatchObject({ method: 'sso' });
      expect(String(failed[0]?.after)).not.toContain('stolen-code');
    });
  });
});
