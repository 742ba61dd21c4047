import 'server-only';
import type { Db } from './schema';

const host = globalThis as typeof globalThis & {
  toolsAdminDatabases?: Map<string, Promise<Db>>;
  toolsAdminBeforeClose?: Set<() => Promise<void>>;
};

/** The databases `getDb` opened, by DATABASE_URL; held on `globalThis` to survive dev reloads. */
export function databaseCache(): Map<string, Promise<Db>> {
  return (host.toolsAdminDatabases ??= new Map());
}

/** Work that must finish before the databases close (writes waiting to be made); see `closeDatabases`. */
export function beforeDatabasesClose(): Set<() => Promise<void>> {
  return (host.toolsAdminBeforeClose ??= new Set());
}
