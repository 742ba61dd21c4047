import 'server-only';

/**
 * Whether `error` says the database handle was closed on purpose (Kysely's `destroy()`): unlike
 * a server restarting or a lock, no retry on that handle can ever succeed. Kysely gives this
 * error no class or code of its own, so its message is the only mark (runtime-driver.js and
 * postgres-driver.js in kysely 0.28).
 */
export function isClosedDatabaseError(error: unknown): boolean {
  return error instanceof Error && error.message === 'driver has already been destroyed';
}
