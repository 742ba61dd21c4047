import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The files a SQLite database in WAL mode consists of. */
function sqliteFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}

/** Removes a SQLite database file and its WAL companions; missing files are fine. */
export function removeSqliteDatabase(file: string): void {
  for (const part of sqliteFiles(file)) rmSync(part, { force: true });
}

/** A path for a new SQLite database in the temp folder, with any leftover of an earlier run removed. */
export function freshSqliteDatabase(name: string): string {
  const file = path.join(os.tmpdir(), `tools-admin-e2e-${name}.sqlite`);
  removeSqliteDatabase(file);
  return file;
}
