import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { OverridesProblem } from '../spi';

/**
 * The string setting the host fills with the operator's allowed roots (`FS_ALLOWED_ROOTS`,
 * `:`-separated absolute folders). Every fs tool's `baseDir` must lie inside one of them.
 */
export const FS_ALLOWED_ROOTS_SETTING = 'fs.allowed-roots';

/** The operator's policy, parsed: the roots as configured, or why they cannot be used. */
export type FsPolicy = { ok: true; roots: readonly string[] } | { ok: false; problem: string };

/** Reads `FS_ALLOWED_ROOTS`: absolute folders separated by `:`; blanks between separators are ignored. */
export function parseAllowedRoots(value: string | undefined): FsPolicy {
  const roots = (value ?? '')
    .split(':')
    .map((root) => root.trim())
    .filter((root) => root !== '');
  if (roots.length === 0) {
    return { ok: false, problem: 'No folder may be read: set FS_ALLOWED_ROOTS to the folders agents may read (absolute, separated by ":") and restart' };
  }
  const relative = roots.find((root) => !path.isAbsolute(root));
  if (relative !== undefined) {
    return { ok: false, problem: `FS_ALLOWED_ROOTS must list absolute folders; ${JSON.stringify(relative)} is not absolute. Fix it and restart` };
  }
  return { ok: true, roots: [...new Set(roots.map((root) => path.resolve(root)))] };
}

/** A base directory that passed the policy: its real path, every symlink resolved. */
export type BaseDirCheck = { ok: true; realBase: string } | { ok: false; problem: OverridesProblem };

/**
 * Checks a `baseDir` against the policy: trimmed, absolute, an existing directory after every
 * symlink is resolved, and inside the real path of an allowed root. Synchronous, because the
 * SPI's `checkOverrides` is; it makes a few `realpath`/`stat` calls and never opens a file.
 */
export function checkBaseDir(baseDir: string, policy: FsPolicy): BaseDirCheck {
  const refuse = (message: string): BaseDirCheck => ({ ok: false, problem: { pointer: '/baseDir', message } });
  if (!policy.ok) return refuse(policy.problem);
  const allowed = `the folders this server lets agents read (${policy.roots.join(', ')}; set by the operator in FS_ALLOWED_ROOTS)`;
  const example = path.join(policy.roots[0]!, 'docs');
  const shown = JSON.stringify(baseDir);
  if (baseDir.trim() === '') return refuse(`Base directory is blank; give the absolute path of a folder inside ${allowed}`);
  if (baseDir !== baseDir.trim()) return refuse(`Base directory ${shown} starts or ends with spaces; remove them`);
  if (baseDir.includes('\0')) return refuse('Base directory contains a NUL character');
  if (!path.isAbsolute(baseDir)) return refuse(`Base directory ${shown} is a relative path; give an absolute one, such as ${example}`);

  const roots = realRoots(policy.roots);
  let realBase: string;
  try {
    realBase = realpathSync(baseDir);
  } catch (error) {
    // Whether something exists outside the allowed roots is none of the admin's business here.
    const lexical = path.resolve(baseDir);
    if (!policy.roots.some((root) => isInside(root, lexical)) && !roots.some((root) => isInside(root, lexical))) {
      return refuse(`Base directory ${shown} is outside ${allowed}`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(
      code === 'ENOENT' || code === 'ENOTDIR'
        ? `Base directory ${shown} does not exist; create the folder first`
        : `Base directory ${shown} cannot be read (${code ?? 'unknown error'})`,
    );
  }
  if (!roots.some((root) => isInside(root, realBase))) {
    const via = realBase === path.resolve(baseDir) ? '' : ` (it leads to ${JSON.stringify(realBase)})`;
    return refuse(`Base directory ${shown}${via} is outside ${allowed}`);
  }
  let isDirectory = false;
  try {
    isDirectory = statSync(realBase).isDirectory();
  } catch {
    // Deleted between realpath and stat: not a directory now.
  }
  if (!isDirectory) return refuse(`Base directory ${shown} is not a folder`);
  return { ok: true, realBase };
}

/** The real paths of the roots that exist; a root that does not exist allows nothing. */
function realRoots(roots: readonly string[]): string[] {
  const real: string[] = [];
  for (const root of roots) {
    try {
      real.push(realpathSync(root));
    } catch {
      // Missing or unreadable: nothing inside it can be a base directory.
    }
  }
  return real;
}

/** Whether `candidate` is `base` or lies below it (both absolute and normalised). */
export function isInside(base: string, candidate: string): boolean {
  const relative = path.relative(base, candidate);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}
