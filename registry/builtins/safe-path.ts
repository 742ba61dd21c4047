import { readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

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
 * `baseDir`. Callers must open `real`, never the path as given.
 *
 * A symlink swapped between this check and the open is not caught; the base directory
 * is the admin's, so that race is accepted rather than paid for with openat() gymnastics.
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

function isInside(base: string, candidate: string): boolean {
  const relative = path.relative(base, candidate);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
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
