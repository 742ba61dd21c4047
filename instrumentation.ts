/**
 * Runs once when a server instance starts: opens the database, migrates it and seeds the
 * demo, so a broken DATABASE_URL or a failed migration stops the start instead of the first
 * request, and ends open MCP streams on shutdown. Only in the Node.js runtime: the database drivers do not run on the edge.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getDb } = await import('./lib/db/get-db');
  await getDb();
  await import('./instrumentation-node');
}
