import 'server-only';
import type { Db } from './schema';

const host = globalThis as typeof globalThis & {
  toolsAdminDatabases?: Map<string, Promise<Db>>;
  toolsAdminOpenedDatabases?: WeakMap<Promise<Db>, Db>;
  toolsAdminBeforeClose?: Set<() => Promise<void>>;
};

/** The databases `getDb` opened, by DATABASE_URL; kept on `globalThis` to survive dev reloads. */
export function databaseCache(): Map<string, Promise<Db>> {
  return (host.toolsAdminDatabases ??= new Map());
}

/** What each opening in {@link databaseCache} resolved to, once it has: read without waiting. */
export function openedDatabases(): WeakMap<Promise<Db>, Db> {
  return (host.toolsAdminOpenedDatabases ??= new WeakMap());
}

/** Work that must finish before the databases close (writes waiting to be made); see `closeDatabases`. */
export function beforeDatabasesClose(): Set<() => Promise<void>> {
  return (host.toolsAdminBeforeClose ??= new Set());
}
