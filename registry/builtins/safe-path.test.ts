import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInside } from './safe-path';

let root: string;
let base: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'safe-path-')));
  base = path.join(root, 'base');
  await mkdir(path.join(base, 'sub'), { recursive: true });
  await mkdir(path.join(root, 'outside'));
  await writeFile(path.join(base, 'sub', 'inner.txt'), 'inner');
  await writeFile(path.join(root, 'outside', 'secret.txt'), 'secret');
  await symlink(path.join(base, 'sub'), path.join(base, 'sub-link'));
  await symlink(path.join(root, 'outside'), path.join(base, 'outside-link'));
  await symlink(path.join(root, 'outside', 'missing.txt'), path.join(base, 'dangling-outside'));
  // A base directory that is itself a symlink is the admin's choice and is followed.
  await symlink(base, path.join(root, 'base-link'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('resolveInside', () => {
  it('resolves a plain relative path to its real path', async () => {
    await expect(resolveInside(base, 'sub/inner.txt')).resolves.toEqual({
      requested: 'sub/inner.txt',
      real: path.join(base, 'sub', 'inner.txt'),
    });
  });

  it('allows ".." that stays inside the base directory', async () => {
    const resolved = await resolveInside(base, 'sub/../sub/./inner.txt');
    expect(resolved.real).toBe(path.join(base, 'sub', 'inner.txt'));
  });

  it('resolves "." to the base directory itself', async () => {
    await expect(resolveInside(base, '.')).resolves.toMatchObject({ real: base });
  });

  it('refuses ".." that leaves the base directory, even when the target does not exist', async () => {
    await expect(resolveInside(base, '../outside/secret.txt')).rejects.toThrow(
      'Path "../outside/secret.txt" leaves the base directory',
    );
    await expect(resolveInside(base, 'sub/../../nowhere')).rejects.toThrow('leaves the base directory');
  });

  it('refuses an absolute path', async () => {
    await expect(resolveInside(base, path.join(base, 'sub', 'inner.txt'))).rejects.toThrow('is absolute');
  });

  it('follows a symlink whose target is inside the base directory', async () => {
    const resolved = await resolveInside(base, 'sub-link/inner.txt');
    expect(resolved.real).toBe(path.join(base, 'sub', 'inner.txt'));
  });

  it('refuses a path through a symlinked directory that points outside baseDir', async () => {
    await expect(resolveInside(base, 'outside-link/secret.txt')).rejects.toThrow(
      'Path "outside-link/secret.txt" leaves the base directory through a symbolic link',
    );
  });

  it('refuses a dangling symlink that points outside, without saying whether its target exists', async () => {
    await expect(resolveInside(base, 'dangling-outside')).rejects.toThrow(
      'Path "dangling-outside" leaves the base directory through a symbolic link',
    );
  });

  it('answers alike for existing and missing files behind a link that leads outside', async () => {
    await expect(resolveInside(base, 'outside-link/secret.txt')).rejects.toThrow('leaves the base directory');
    await expect(resolveInside(base, 'outside-link/no-such-file.txt')).rejects.toThrow('leaves the base directory');
    await expect(resolveInside(base, 'outside-link/no/such/dir.txt')).rejects.toThrow('leaves the base directory');
  });

  it('reports a missing file inside the base as not found', async () => {
    await expect(resolveInside(base, 'sub/no-such-file.txt')).rejects.toThrow('Path "sub/no-such-file.txt" was not found');
  });

  it('accepts a base directory that is itself a symlink', async () => {
    const resolved = await resolveInside(path.join(root, 'base-link'), 'sub/inner.txt');
    expect(resolved.real).toBe(path.join(base, 'sub', 'inner.txt'));
  });

  it('names the baseDir setting when the base directory does not exist', async () => {
    await expect(resolveInside(path.join(root, 'nope'), 'a.txt')).rejects.toThrow('(baseDir setting) does not exist');
  });

  it('names the baseDir setting when the base directory is a file', async () => {
    await expect(resolveInside(path.join(base, 'sub', 'inner.txt'), 'a.txt')).rejects.toThrow(
      '(baseDir setting) is not a directory',
    );
  });
});
