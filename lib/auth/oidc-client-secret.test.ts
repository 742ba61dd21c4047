import { afterEach, expect, it } from 'vitest';
import { putSecret } from '@/lib/secrets/secret-store';
import { TEST_ADMIN } from '@/test/auth/test-actors';
import { describeEachDatabase } from '@/test/db/databases';
import { loadOidcClientSecret } from './oidc-client-secret';
import { parseSignInSettings, rememberOidcClientSecret, resolveOidcClientSecret, SignInConfigError } from './oidc-config';

const base = { OIDC_ISSUER: 'https://login.example.com/realms/acme', OIDC_CLIENT_ID: 'tools-admin' };

afterEach(() => rememberOidcClientSecret(undefined));

describeEachDatabase('OIDC_CLIENT_SECRET as ${secret:NAME}', (databases) => {
  it('is read from the secret store at startup, and the value never sits in the environment', async () => {
    const { db } = await databases.create();
    await putSecret({ db, actor: TEST_ADMIN, name: 'OIDC_CLIENT', value: 'the-client-secret-7f3a' });
    const env = { ...base, OIDC_CLIENT_SECRET: '${secret:OIDC_CLIENT}' };
    expect(resolveOidcClientSecret(env)).toBeUndefined();
    await loadOidcClientSecret(db, env);
    expect(resolveOidcClientSecret(env)).toBe('the-client-secret-7f3a');
    expect(parseSignInSettings(env).oidc?.clientSecret).toBe('the-client-secret-7f3a');
    expect(JSON.stringify(env)).not.toContain('the-client-secret-7f3a');
  });

  it('names the reference, never a value, when the store does not hold it', async () => {
    const { db } = await databases.create();
    const env = { ...base, OIDC_CLIENT_SECRET: '${secret:MISSING}' };
    await loadOidcClientSecret(db, env);
    expect(resolveOidcClientSecret(env)).toBeUndefined();
    let error: unknown;
    try {
      parseSignInSettings(env);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SignInConfigError);
    expect((error as SignInConfigError).problems).toEqual([
      'OIDC_CLIENT_SECRET references ${secret:MISSING}, which the secret store does not hold (start without OIDC_ISSUER, set it on /settings/secrets, then start again)',
    ]);
  });

  it('keeps a plain value as it is', async () => {
    expect(resolveOidcClientSecret({ ...base, OIDC_CLIENT_SECRET: 'plain-value' })).toBe('plain-value');
  });
});
