import 'server-only';
import { databaseCache, openedDatabases } from './database-cache';
import { dataDirFor } from './data-dir';
import { openDatabase } from './open-database';
import type { Db } from './schema';
import { seedDemo } from './seed-demo';
import { isSeedDemoEnabled } from './seed-demo-enabled';

/**
 * The process's database, from DATABASE_URL (unset: `./data/tools-admin.sqlite`), migrated
 * and, when empty, given the demo agent unless SEED_DEMO is 0, false, no or off. Opened once per URL and kept on
 * `globalThis`, so dev reloads share it and a test that changes DATABASE_URL gets its own.
 */
export function getDb(): Promise<Db> {
  const url = process.env.DATABASE_URL?.trim() ?? '';
  const databases = databaseCache();
  const cached = databases.get(url);
  if (cached) return cached;
  const opening = start(url);
  databases.set(url, opening);
  opening.then((db) => void openedDatabases().set(opening, db), () => {});
  // A failed start is not kept: the next caller tries again.
  opening.catch(() => {
    if (databases.get(url) === opening) databases.delete(url);
  });
  return opening;
}

/**
 * The database `getDb` answers once it is open, without waiting: undefined while it opens (or
 * before anyone asked for it). The hot path of a tool call reads it so as not to wait a turn.
 */
export function openedDb(): Db | undefined {
  const cached = databaseCache().get(process.env.DATABASE_URL?.trim() ?? '');
  return cached && openedDatabases().get(cached);
}

async function start(url: string): Promise<Db> {
  const db = await openDatabase({ url });
  try {
    if (isSeedDemoEnabled(process.env.SEED_DEMO)) await seedDemo({ db, dataDir: dataDirFor(url) });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
