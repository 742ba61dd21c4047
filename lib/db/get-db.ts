import 'server-only';
import { databaseCache } from './database-cache';
import { dataDirFor } from './data-dir';
import { openDatabase } from './open-database';
import type { Db } from './schema';
import { seedDemo } from './seed-demo';
import { isSeedDemoEnabled } from './seed-demo-enabled';
import { startSessionSweep } from '@/lib/runtime/session-sweep';

/**
 * The process's database, from DATABASE_URL (unset: `./data/tools-admin.sqlite`), migrated
 * and, when empty, given the demo agent unless SEED_DEMO is 0, false, no or off; its expired
 * tool-call sessions are swept from then on. Opened once per URL and held on
 * `globalThis`, so dev reloads share it and a test that changes DATABASE_URL gets its own.
 */
export function getDb(): Promise<Db> {
  const url = process.env.DATABASE_URL?.trim() ?? '';
  const databases = databaseCache();
  const cached = databases.get(url);
  if (cached) return cached;
  const opening = start(url);
  databases.set(url, opening);
  // A failed start is not cached: the next caller tries again.
  opening.catch(() => {
    if (databases.get(url) === opening) databases.delete(url);
  });
  return opening;
}

async function start(url: string): Promise<Db> {
  const db = await openDatabase({ url });
  try {
    if (isSeedDemoEnabled(process.env.SEED_DEMO)) await seedDemo({ db, dataDir: dataDirFor(url) });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // Expired tool-call sessions go on every instance (lib/runtime/runtime-sessions.ts).
  startSessionSweep(db);
  return db;
}
