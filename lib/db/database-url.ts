import 'server-only';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the database lives when DATABASE_URL is not set, relative to the working directory. */
export const DEFAULT_SQLITE_PATH = './data/tools-admin.sqlite';

/** A parsed DATABASE_URL. */
export type DatabaseLocation = { kind: 'sqlite'; file: string } | { kind: 'postgres'; connectionString: string };

/**
 * Reads a DATABASE_URL: unset or empty means the default SQLite file; `postgres://` or
 * `postgresql://` a PostgreSQL server; `sqlite:<path>` or `file:<path>` a SQLite file.
 * Relative paths are taken from `cwd`.
 */
export function parseDatabaseUrl(url: string | undefined, cwd: string = process.cwd()): DatabaseLocation {
  const value = url?.trim() ?? '';
  if (value === '') return { kind: 'sqlite', file: path.resolve(cwd, DEFAULT_SQLITE_PATH) };
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: 'postgres', connectionString: value };
  if (/^file:\/\//i.test(value)) return { kind: 'sqlite', file: fileURLToPath(value) };
  const match = /^(?:sqlite|file):(.+)$/i.exec(value);
  if (match?.[1]) return { kind: 'sqlite', file: path.resolve(cwd, match[1]) };
  // Only the scheme is named: the rest may hold a password.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0] ?? 'a value without a scheme';
  throw new Error(
    `DATABASE_URL (${scheme}) is not understood: use postgres://user@host:5432/db, sqlite:<path> or file:<path>, or leave it unset for ${DEFAULT_SQLITE_PATH}`,
  );
}
