import { constants, type Stats } from 'node:fs';
import { open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './fs-policy';

/** A path checked to stay inside the base directory. */
export interface SafePath {
  /** The path as the caller gave it, for messages. */
  readonly requested: string;
  /** The real path (every symlink resolved) to open. */
  readonly real: string;
}

/**
 * Resolves `requested` against `baseDir`, refusing anything that leaves it: absolute
 * paths, `..` that climbs out, and symlinks whose real target is outside the real
 * `baseDir`. This check is for clear messages only: a folder can be swapped for a symlink right
 * after it, so callers open `real` with {@link openChecked}, which checks what was opened.
 */
export async function resolveInside(baseDir: string, requested: string): Promise<SafePath> {
  const shown = JSON.stringify(requested);
  if (requested.includes('\0')) throw new Error(`Path ${shown} contains a NUL character`);
  if (path.isAbsolute(requested) || path.win32.isAbsolute(requested)) {
    throw new Error(`Path ${shown} is absolute; give a path relative to the base directory`);
  }

  const realBase = await realBaseDir(baseDir);
  // Lexical check first, so `..` is refused even when its target does not exist.
  const lexical = path.resolve(realBase, requested);
  if (!isInside(realBase, lexical)) throw new Error(`Path ${shown} leaves the base directory`);

  let real: string;
  try {
    real = await realpath(lexical);
  } catch (error) {
    // "Not found" behind a link that leads out would tell what exists outside; say "leaves" instead.
    if (await leadsOutside(realBase, lexical)) {
      throw new Error(`Path ${shown} leaves the base directory through a symbolic link`);
    }
    throw pathError(requested, error);
  }
  if (!isInside(realBase, real)) {
    throw new Error(`Path ${shown} leaves the base directory through a symbolic link`);
  }
  return { requested, real };
}

/** Whether a path that does not fully exist points out of the base: through a link on its way or a dangling one at its end. */
async function leadsOutside(realBase: string, lexical: string): Promise<boolean> {
  const link = await readlink(lexical).catch(() => undefined);
  const target = link === undefined ? lexical : path.resolve(path.dirname(lexical), link);
  return !isInside(realBase, await realAncestor(target));
}

/** The real path of the deepest folder of `target` that exists. */
async function realAncestor(target: string): Promise<string> {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const real = await realpath(dir).catch(() => undefined);
    if (real !== undefined || path.dirname(dir) === dir) return real ?? dir;
  }
}

/** The real path of the base directory, with clear errors when it is not usable. */
async function realBaseDir(baseDir: string): Promise<string> {
  const shown = JSON.stringify(baseDir);
  let real: string;
  try {
    real = await realpath(path.resolve(baseDir));
  } catch (error) {
    throw new Error(`The base directory ${shown} (baseDir setting) does not exist or cannot be read`, {
      cause: error,
    });
  }
  if (!(await stat(real)).isDirectory()) {
    throw new Error(`The base directory ${shown} (baseDir setting) is not a directory`);
  }
  return real;
}

/** An open file or directory, checked to be what was asked for and inside the base directory. */
export interface CheckedHandle {
  readonly handle: FileHandle;
  readonly info: Stats;
  /**
   * A path that reaches exactly the opened file or directory while `handle` is open: on Linux
   * `/proc/self/fd/N`, so nothing swapped in the tree afterwards changes what it names.
   */
  readonly viaDescriptor: string;
}

/** Flags that cannot block (a FIFO opens at once) and never follow a symlink in the last component. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Opens a path `resolveInside` answered, then checks what was opened, not the path: `fstat`
 * for its kind, and the descriptor's own real path (`/proc/self/fd/N` on Linux) for where it
 * is. O_NOFOLLOW only guards the last component; a folder on the way swapped for a symlink is
 * caught by the real path. Anything else is closed and refused. On platforms without
 * `/proc/self/fd`, the best available equivalent: the real path of what was opened, accepted
 * only when it names the same device and inode as the descriptor.
 */
export async function openChecked(target: SafePath, realBase: string, kind: 'file' | 'directory'): Promise<CheckedHandle> {
  const shown = JSON.stringify(target.requested);
  const flags = OPEN_FLAGS | (kind === 'directory' ? (constants.O_DIRECTORY ?? 0) : 0);
  let handle: FileHandle;
  try {
    handle = await open(target.real, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new Error(`Path ${shown} was replaced by a symbolic link while it was being opened; try again`, { cause: error });
    if (code === 'ENOTDIR' && kind === 'directory' && (await isFileNow(target.real))) {
      throw new Error(`Path ${shown} is not a directory; use fs_read_file to read a file`, { cause: error });
    }
    throw pathError(target.requested, error);
  }
  try {
    const info = await handle.stat();
    const where = await descriptorRealPath(handle, info, target.real);
    // Where before what: nothing is said about a file outside the base, not even its kind.
    if (where === undefined || !isInside(realBase, where)) {
      throw new Error(`Path ${shown} leaves the base directory (it changed while it was being opened)`);
    }
    if (kind === 'file' && info.isDirectory()) throw new Error(`Path ${shown} is a directory; use fs_list_dir to list it`);
    if (kind === 'directory' && !info.isDirectory()) throw new Error(`Path ${shown} is not a directory; use fs_read_file to read a file`);
    if (kind === 'file' && !info.isFile()) throw new Error(`Path ${shown} is not a regular file`);
    return { handle, info, viaDescriptor: process.platform === 'linux' ? `/proc/self/fd/${handle.fd}` : where };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The real path of an open descriptor, or undefined when it cannot be told for sure. */
async function descriptorRealPath(handle: FileHandle, info: Stats, openedPath: string): Promise<string | undefined> {
  if (process.platform === 'linux') {
    const link = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    // An unlinked file reads as "<path> (deleted)"; it still lies where it was opened.
    return link?.replace(/ \(deleted\)$/, '');
  }
  const real = await realpath(openedPath).catch(() => undefined);
  if (real === undefined) return undefined;
  const now = await stat(real).catch(() => undefined);
  return now && now.dev === info.dev && now.ino === info.ino ? real : undefined;
}

async function isFileNow(real: string): Promise<boolean> {
  return stat(real).then(
    (info) => !info.isDirectory(),
    () => false,
  );
}

/** A file system error as a message about the path the caller gave, not the real one. */
export function pathError(requested: string, error: unknown): Error {
  const shown = JSON.stringify(requested);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message =
    code === 'ENOENT' || code === 'ENOTDIR'
      ? `Path ${shown} was not found`
      : code === 'ELOOP'
        ? `Path ${shown} has too many levels of symbolic links`
        : code === 'EACCES' || code === 'EPERM'
          ? `Path ${shown} cannot be accessed: permission denied`
          : `Path ${shown} cannot be read (${code ?? 'unknown error'})`;
  return new Error(message, { cause: error });
}
