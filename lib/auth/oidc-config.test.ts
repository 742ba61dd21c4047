import { describe, expect, it } from 'vitest';
import { parseSignInSettings, SignInConfigError } from './oidc-config';

const base = { OIDC_ISSUER: 'https://login.example.com/realms/acme', OIDC_CLIENT_ID: 'tools-admin', OIDC_CLIENT_SECRET: 's3cret-value' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSignInSettings(env);
  } catch (error) {
    if (error instanceof SignInConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a SignInConfigError');
}

describe('parseSignInSettings', () => {
  it('leaves single sign-on off and passwords on when nothing is set', () => {
    expect(parseSignInSettings({})).toEqual({ oidc: null, isLocalSignInOn: true });
  });

  it('reads a full configuration with its defaults', () => {
    const { oidc, isLocalSignInOn } = parseSignInSettings({ ...base, OIDC_ROLE_MAP: 'tools-admins=admin, tools-editors=editor' });
    expect(isLocalSignInOn).toBe(true);
    expect(oidc).toEqual({
      issuer: 'https://login.example.com/realms/acme',
      discoveryUrl: 'https://login.example.com/realms/acme/.well-known/openid-configuration',
      clientId: 'tools-admin',
      clientSecret: 's3cret-value',
      scopes: ['openid', 'email', 'profile'],
      providerName: 'single sign-on',
      roleClaim: 'groups',
      roleMap: [{ group: 'tools-admins', role: 'admin' }, { group: 'tools-editors', role: 'editor' }],
      defaultRole: 'viewer',
    });
  });

  it('takes the operator\'s scopes, name, claim, default and LOCAL_SIGN_IN=off', () => {
    const { oidc, isLocalSignInOn } = parseSignInSettings({
      ...base, OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0/', OIDC_SCOPES: 'openid email profile groups', OIDC_PROVIDER_NAME: 'Contoso Entra ID',
      OIDC_ROLE_CLAIM: 'roles', OIDC_ROLE_MAP: 'Tools.Admin=admin', OIDC_DEFAULT_ROLE: 'refuse', LOCAL_SIGN_IN: 'OFF',
    });
    expect(isLocalSignInOn).toBe(false);
    expect(oidc).toMatchObject({
      discoveryUrl: 'https://login.microsoftonline.com/tenant/v2.0/.well-known/openid-configuration',
      scopes: ['openid', 'email', 'profile', 'groups'], providerName: 'Contoso Entra ID', roleClaim: 'roles', defaultRole: 'refuse',
    });
  });

  it('names every problem at once, never the secret', () => {
    const problems = problemsOf({
      OIDC_ISSUER: 'http://idp.example.com', OIDC_CLIENT_SECRET: 'hunter2-secret', OIDC_SCOPES: 'email profile',
      OIDC_ROLE_MAP: 'admins=root,editors,=viewer,admins=admin', OIDC_DEFAULT_ROLE: 'admin', LOCAL_SIGN_IN: 'maybe',
    });
    expect(problems).toEqual([
      'LOCAL_SIGN_IN must be "on" or "off", not "maybe"',
      'OIDC_ISSUER must use https (http only on localhost or 127.0.0.1)',
      'OIDC_CLIENT_ID is required with OIDC_ISSUER',
      'OIDC_SCOPES must include "openid"',
      'OIDC_ROLE_MAP: "root" (for admins) is not a role; use admin, editor, viewer',
      'OIDC_ROLE_MAP: "editors" is not group=role',
      'OIDC_ROLE_MAP: "=viewer" is not group=role',
      'OIDC_DEFAULT_ROLE must be "viewer" or "refuse", not "admin"',
    ]);
    expect(problems.join(' ')).not.toContain('hunter2');
  });

  it('refuses a group named twice, a missing secret, and refuse without a map', () => {
    expect(problemsOf({ ...base, OIDC_ROLE_MAP: 'a=admin,a=viewer' })).toEqual(['OIDC_ROLE_MAP names the group "a" twice']);
    expect(problemsOf({ ...base, OIDC_CLIENT_SECRET: '' })).toEqual(['OIDC_CLIENT_SECRET is required with OIDC_ISSUER (the client is confidential)']);
    expect(problemsOf({ ...base, OIDC_DEFAULT_ROLE: 'refuse' })).toEqual(['OIDC_DEFAULT_ROLE=refuse needs OIDC_ROLE_MAP; otherwise nobody could sign in with single sign-on']);
  });

  it('allows http for a loopback issuer only, and no query or credentials', () => {
    expect(parseSignInSettings({ ...base, OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc?.issuer).toBe('http://127.0.0.1:4000');
    expect(problemsOf({ ...base, OIDC_ISSUER: 'https://idp.example.com/?tenant=x' })).toEqual(['OIDC_ISSUER must not carry a query, a fragment or credentials']);
    expect(problemsOf({ ...base, OIDC_ISSUER: 'not a url' })).toEqual(['OIDC_ISSUER "not a url" is not an absolute URL']);
  });

  it('refuses LOCAL_SIGN_IN=off without single sign-on, and OIDC settings without an issuer', () => {
    expect(problemsOf({ LOCAL_SIGN_IN: 'off' })).toEqual(['LOCAL_SIGN_IN=off needs single sign-on (OIDC_ISSUER); otherwise only break-glass admins could sign in']);
    expect(problemsOf({ OIDC_CLIENT_ID: 'x', OIDC_ROLE_MAP: 'a=admin' })).toEqual([
      'OIDC_CLIENT_ID, OIDC_ROLE_MAP set but OIDC_ISSUER is not; set OIDC_ISSUER to turn on single sign-on, or remove them',
    ]);
  });

  it('bounds what it reads: a huge role map is refused, not parsed', () => {
    const map = Array.from({ length: 101 }, (_, index) => `g${index}=viewer`).join(',');
    expect(problemsOf({ ...base, OIDC_ROLE_MAP: map })).toEqual(['OIDC_ROLE_MAP has more than 100 entries']);
    expect(problemsOf({ ...base, OIDC_PROVIDER_NAME: 'x'.repeat(61) })).toEqual(['OIDC_PROVIDER_NAME is longer than 60 characters']);
  });
});
