import 'server-only';
import path from 'node:path';
import { parseDatabaseUrl } from './database-url';

/** The app's data folder for a DATABASE_URL: the SQLite file's own, or `./data` beside a PostgreSQL server. */
export function dataDirFor(url: string | undefined, cwd: string = process.cwd()): string {
  const location = parseDatabaseUrl(url, cwd);
  return location.kind === 'sqlite' ? path.dirname(location.file) : path.resolve(cwd, 'data');
}
