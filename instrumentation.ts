/**
 * Runs once when a server instance starts: opens the database, migrates it and seeds the
 * demo, so a broken DATABASE_URL or a failed migration stops the start instead of the first
 * request; then makes sure someone can sign in (ADMIN_EMAIL, or a one-time setup link), and
 * ends open MCP streams on shutdown. Only in the Node.js runtime: the database drivers do not run on the edge.
 */
export async function register(): Promise<void> {
  // A positive check around the imports, not an early return: the edge build then drops the
  // branch, and with it the Node.js-only modules it would otherwise trace and warn about.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    try {
      const { getDb } = await import('./lib/db/get-db');
      const db = await getDb();
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
