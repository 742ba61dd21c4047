import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { dataDirFor } from '@/lib/db/data-dir';

/** The folder agents may read by default: `files/` in the app's data folder. */
export function defaultFilesRoot(env: Readonly<Record<string, string | undefined>>, cwd: string = process.cwd()): string {
  return path.join(dataDirFor(env.DATABASE_URL, cwd), 'files');
}

/** What `resolveAllowedRoots` needs. */
export interface ResolveAllowedRootsOptions {
  /** The process environment: `FS_ALLOWED_ROOTS`, else `DATABASE_URL` for the data folder. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative database paths are taken from; default the working directory. */
  cwd?: string;
}

/**
 * The operator's `FS_ALLOWED_ROOTS` as given (the fs tools check it), or, when unset or
 * blank, the data folder's `files/`, created if missing so the default works on first start.
 */
export async function resolveAllowedRoots({ env, cwd }: ResolveAllowedRootsOptions): Promise<string> {
  const configured = env.FS_ALLOWED_ROOTS?.trim();
  if (configured) return configured;
  const root = defaultFilesRoot(env, cwd);
  await mkdir(root, { recursive: true });
  return root;
}
