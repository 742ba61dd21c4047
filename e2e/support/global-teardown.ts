import { rmSync } from 'node:fs';
import path from 'node:path';
import { removeSqliteDatabase } from './temp-database';

/** Removes the shared server's temp database and allowed root after the run (only ones this config made). */
export default function globalTeardown(): void {
  const file = process.env.E2E_DATABASE_FILE;
  if (file && path.basename(file).startsWith('tools-admin-e2e-')) removeSqliteDatabase(file);
  const filesRoot = process.env.E2E_FILES_ROOT;
  if (filesRoot && path.basename(filesRoot).startsWith('tools-admin-e2e-files-')) rmSync(filesRoot, { recursive: true, force: true });
}
