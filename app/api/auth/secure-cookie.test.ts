import { expect, it } from 'vitest';
import { apiRequest, describeApi, TEST_PASSWORD } from '@/test/api/api-harness';
import { POST as signIn } from '@/app/api/auth/sign-in/route';

// Set before the first Better Auth instance of this file is made.
process.env.PUBLIC_URL = 'https://admin.example.test';

describeApi('served over HTTPS (PUBLIC_URL https)', () => {
  it('marks the session cookie Secure with the __Secure- prefix', async () => {
    const response = await signIn(apiRequest('/api/auth/sign-in', { as: 'anonymous', json: { email: 'viewer@example.test', password: TEST_PASSWORD } }));

    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Secure-tools-admin\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
