import 'server-only';
import type { Db } from './schema';

const host = globalThis as typeof globalThis & { toolsAdminDatabases?: Map<string, Promise<Db>> };

/** The databases `getDb` opened, by DATABASE_URL; kept on `globalThis` to survive dev reloads. */
export function databaseCache(): Map<string, Promise<Db>> {
  return (host.toolsAdminDatabases ??= new Map());
}
