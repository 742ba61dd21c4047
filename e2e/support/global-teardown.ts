import path from 'node:path';
import { removeSqliteDatabase } from './temp-database';

/** Removes the shared server's temp database after the run (only one this config made). */
export default function globalTeardown(): void {
  const file = process.env.E2E_DATABASE_FILE;
  if (file && path.basename(file).startsWith('tools-admin-e2e-')) removeSqliteDatabase(file);
}
