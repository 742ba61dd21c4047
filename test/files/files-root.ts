import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A temporary allowed root for the fs tools, and folders made inside it. */
export interface TestFilesRoot {
  /** The root's real path. */
  readonly root: string;
  /** Makes `root/<name>` (and its parents) if missing and answers its path. */
  folder(name: string): string;
}

/**
 * Test support: a new temp folder set as `FS_ALLOWED_ROOTS` for the rest of this test file,
 * removed after it. Call it at the top of a file or `describe`, before the registry boots.
 */
export function tempFilesRoot(): TestFilesRoot {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'tools-admin-files-')));
  process.env.FS_ALLOWED_ROOTS = root;
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return {
    root,
    folder(name) {
      const folder = path.join(root, name);
      mkdirSync(folder, { recursive: true });
      return folder;
    },
  };
}
