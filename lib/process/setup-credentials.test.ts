import { describe, expect, it } from 'vitest';
import { setupCredential, takeSetupCredentials } from './setup-credentials';

describe('the setup path\'s credentials', () => {
  it('leave process.env once read, and stay readable to the app', () => {
    process.env.ADMIN_PASSWORD = 'a password from the setup';
    process.env.BETTER_AUTH_SECRET = 'the signing secret';
    process.env.SECRETS_KEY = 'the store key';
    process.env.ADMIN_EMAIL = 'admin@example.test';
    takeSetupCredentials();
    expect(process.env.ADMIN_PASSWORD).toBeUndefined();
    expect(process.env.BETTER_AUTH_SECRET).toBeUndefined();
    expect(process.env.SECRETS_KEY).toBeUndefined();
    expect(JSON.stringify(process.env)).not.toContain('a password from the setup');
    // Not a credential: the email stays.
    expect(process.env.ADMIN_EMAIL).toBe('admin@example.test');
    expect(setupCredential('ADMIN_PASSWORD')).toBe('a password from the setup');
    expect(setupCredential('BETTER_AUTH_SECRET')).toBe('the signing secret');
  });
});
