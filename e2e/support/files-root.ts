import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The folder the e2e servers allow the fs tools to read (their FS_ALLOWED_ROOTS): a new one per
 * run, made in the runner process and inherited by the workers as E2E_FILES_ROOT.
 */
export function freshFilesRoot(name: string): string {
  const root = path.join(os.tmpdir(), `tools-admin-e2e-files-${name}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  return realpathSync(root);
}

/** The run's allowed root, as the servers got it. */
export function filesRoot(): string {
  const root = process.env.E2E_FILES_ROOT;
  if (!root) throw new Error('E2E_FILES_ROOT is not set: run the specs through playwright.config.ts');
  return root;
}

/** Makes `<allowed root>/<name>` if missing and answers its path: a baseDir the servers accept. */
export function filesFolder(name: string): string {
  const folder = path.join(filesRoot(), name);
  mkdirSync(folder, { recursive: true });
  return folder;
}
