/**
 * Runs once when a server instance starts: takes the setup path's credentials out of
 * process.env, loads the secret store's key, opens the database, migrates it and seeds the
 * demo, so a broken DATABASE_URL or a failed migration stops the start instead of the first
 * request; then checks the sign-in settings, makes sure someone can sign in (ADMIN_EMAIL, or a
 * one-time setup link), and ends open MCP streams on shutdown. Only in the Node.js runtime: the
 * database drivers do not run on the edge.
 */
export async function register(): Promise<void> {
  // A positive check around the imports, not an early return: the edge build then drops the
  // branch, and with it the Node.js-only modules it would otherwise trace and warn about.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    try {
      // First of all: the setup path's credentials leave process.env, and a bad SECRETS_KEY stops the start.
      const { takeSetupCredentials } = await import('./lib/process/setup-credentials');
      takeSetupCredentials();
      const { secretsKey } = await import('./lib/secrets/secrets-key');
      secretsKey();
      const { getDb } = await import('./lib/db/get-db');
      const db = await getDb();
      // OIDC_CLIENT_SECRET=${secret:NAME} is read from the store; then wrong OIDC_* or LOCAL_SIGN_IN
      // settings stop the start with every problem named.
      const { loadOidcClientSecret } = await import('./lib/auth/oidc-client-secret');
      await loadOidcClientSecret(db);
      const { signInSettings } = await import('./lib/auth/oidc-config');
      signInSettings();
      const { prepareFirstSignIn } = await import('./lib/auth/prepare-first-sign-in');
      await prepareFirstSignIn({ db });
      await import('./instrumentation-node');
    } catch (error) {
      // Next would log this and keep serving, answering every request with a 500: stop instead,
      // with the reason as the last line, so the operator (or the supervisor) sees why at once.
      console.error(`Tools Admin could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
}
