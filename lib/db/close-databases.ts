import 'server-only';
import { beforeDatabasesClose, databaseCache } from './database-cache';

/** Finishes the writes still waiting, then closes every database `getDb` opened and forgets them; for tests, scripts and shutdown. */
export async function closeDatabases(): Promise<void> {
  await Promise.allSettled([...beforeDatabasesClose()].map((hook) => hook()));
  const cache = databaseCache();
  const opening = [...cache.values()];
  cache.clear();
  const results = await Promise.allSettled(opening);
  await Promise.all(results.map((result) => (result.status === 'fulfilled' ? result.value.destroy() : undefined)));
}
