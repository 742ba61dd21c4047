import type { BrowserContext } from '@playwright/test';

/** The first admin every e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e admin password, long enough' } as const;

/** Where the setup project keeps the shared server's signed-in browser state. */
export const ADMIN_STORAGE_STATE = 'test-results/.auth/admin.json';

/** The environment that makes a server's first admin. */
export const adminEnv = { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password } as const;

/**
 * Signs in at `baseUrl` through the API and answers the session's Cookie header
 * (`name=value`), for `fetch` calls and browser contexts.
 */
export async function signInCookie(baseUrl: string, email: string = E2E_ADMIN.email, password: string = E2E_ADMIN.password): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} at ${baseUrl} failed: HTTP ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Puts a session Cookie header into a browser context for `baseUrl` (replacing another server's on the same host). */
export async function addSessionCookie(context: BrowserContext, baseUrl: string, cookieHeader: string): Promise<void> {
  await context.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' as const };
    }),
  );
}
