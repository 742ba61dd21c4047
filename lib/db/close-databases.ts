import 'server-only';
import { databaseCache } from './database-cache';

/** Closes every database `getDb` opened and forgets them; for tests, scripts and shutdown. */
export async function closeDatabases(): Promise<void> {
  const cache = databaseCache();
  const opening = [...cache.values()];
  cache.clear();
  const results = await Promise.allSettled(opening);
  await Promise.all(results.map((result) => (result.status === 'fulfilled' ? result.value.destroy() : undefined)));
}
