import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolEnvironment } from '../environment';
import { CATALOGUE_SCOPE } from '../plugin-handle';
import type { Tool, ToolFactory } from '../spi';
import { ToolRegistry } from '../tool-registry';
import { FS_ALLOWED_ROOTS_SETTING } from './fs-policy';
import { DEFAULT_MAX_BYTES } from './fs-settings';
import { FsListDirToolFactory, FsReadFileToolFactory } from './fs-tools';
import { builtinRegistrations } from './index';

let root: string;
let base: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'fs-tools-')));
  base = path.join(root, 'base');
  await mkdir(path.join(base, 'sub', 'deeper'), { recursive: true });
  await mkdir(path.join(base, 'empty'));
  await mkdir(path.join(root, 'outside'));
  await writeFile(path.join(base, 'hello.txt'), 'Hello, world\n');
  await writeFile(path.join(base, 'sub', 'inner.txt'), 'inner');
  await writeFile(path.join(base, 'ten.txt'), '0123456789');
  await writeFile(path.join(base, 'euro.txt'), 'ab€'); // € is three bytes
  await writeFile(path.join(base, 'large.txt'), 'x'.repeat(70_000));
  await writeFile(path.join(root, 'outside', 'secret.txt'), 'secret');
  await symlink(path.join(base, 'hello.txt'), path.join(base, 'hello-link'));
  await symlink(path.join(base, 'sub'), path.join(base, 'sub-link'));
  await symlink(path.join(root, 'outside', 'secret.txt'), path.join(base, 'secret-link'));
  await symlink(path.join(root, 'outside'), path.join(base, 'outside-link'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const scope = { sessionId: 's1', agentId: 'a1', purpose: 'call' } as const;

/** The host's environment with `root` as the one allowed root. */
function policyEnv(allowedRoots = root) {
  return createToolEnvironment({ strings: { [FS_ALLOWED_ROOTS_SETTING]: allowedRoots }, env: {} });
}

function build(factory: ToolFactory, overrides: Record<string, unknown>): Tool {
  factory.bind?.(policyEnv());
  return factory.create({ agentId: 'a1', toolName: factory.name(), overrides }, scope);
}

function readFile(overrides: Record<string, unknown> = { baseDir: base }): Tool {
  return build(new FsReadFileToolFactory(), overrides);
}

function listDir(overrides: Record<string, unknown> = { baseDir: base }): Tool {
  return build(new FsListDirToolFactory(), overrides);
}

describe('fs_read_file', () => {
  it('reads a file inside baseDir', async () => {
    await expect(readFile().execute({ path: 'hello.txt' })).resolves.toBe('Hello, world\n');
  });

  it('reads a path whose ".." stays inside baseDir', async () => {
    await expect(readFile().execute({ path: 'sub/../sub/inner.txt' })).resolves.toBe('inner');
  });

  it('reads through a symlink that points inside baseDir', async () => {
    await expect(readFile().execute({ path: 'hello-link' })).resolves.toBe('Hello, world\n');
    await expect(readFile().execute({ path: 'sub-link/inner.txt' })).resolves.toBe('inner');
  });

  it('refuses a symlink that points outside baseDir', async () => {
    await expect(readFile().execute({ path: 'secret-link' })).rejects.toThrow(
      'Path "secret-link" leaves the base directory through a symbolic link',
    );
  });

  it('refuses a file reached through a symlinked directory outside baseDir', async () => {
    await expect(readFile().execute({ path: 'outside-link/secret.txt' })).rejects.toThrow('leaves the base directory');
  });

  it('refuses ".." that leaves baseDir', async () => {
    await expect(readFile().execute({ path: '../outside/secret.txt' })).rejects.toThrow(
      'Path "../outside/secret.txt" leaves the base directory',
    );
  });

  it('refuses an absolute path', async () => {
    await expect(readFile().execute({ path: path.join(base, 'hello.txt') })).rejects.toThrow('is absolute');
  });

  it('says a missing file was not found', async () => {
    await expect(readFile().execute({ path: 'nope.txt' })).rejects.toThrow('Path "nope.txt" was not found');
  });

  it('points to fs_list_dir when asked to read a directory', async () => {
    await expect(readFile().execute({ path: 'sub' })).rejects.toThrow('Path "sub" is a directory; use fs_list_dir');
  });

  it('needs a string path', async () => {
    await expect(readFile().execute({})).rejects.toThrow('needs "path"');
    await expect(readFile().execute({ path: 3 })).rejects.toThrow('"path" must be a string (got number)');
  });

  it('truncates at maxBytes and says how big the file is', async () => {
    const text = await readFile({ baseDir: base, maxBytes: 4 }).execute({ path: 'ten.txt' });
    expect(text).toBe('0123\n\n[Truncated: "ten.txt" is 10 bytes; only the first 4 are shown (maxBytes setting).]');
  });

  it('does not truncate a file of exactly maxBytes', async () => {
    await expect(readFile({ baseDir: base, maxBytes: 10 }).execute({ path: 'ten.txt' })).resolves.toBe('0123456789');
  });

  it('drops a multi-byte character cut in half by the limit', async () => {
    const text = await readFile({ baseDir: base, maxBytes: 3 }).execute({ path: 'euro.txt' });
    expect(text.startsWith('ab\n\n[Truncated: "euro.txt" is 5 bytes')).toBe(true);
  });

  it('reads at most 65536 bytes when maxBytes is not set', async () => {
    expect(DEFAULT_MAX_BYTES).toBe(65_536);
    const text = await readFile().execute({ path: 'large.txt' });
    expect(text.indexOf('\n')).toBe(65_536);
    expect(text).toContain('"large.txt" is 70000 bytes; only the first 65536 are shown');
  });

  it('names the baseDir setting when it is missing', async () => {
    await expect(readFile({}).execute({ path: 'hello.txt' })).rejects.toThrow(
      'fs_read_file is not configured: set the "baseDir" setting',
    );
  });

  it('refuses a maxBytes that is not a whole number from 1 to 16 MiB', async () => {
    for (const maxBytes of [0, 1.5, 16 * 1024 * 1024 + 1]) {
      await expect(readFile({ baseDir: base, maxBytes }).execute({ path: 'hello.txt' })).rejects.toThrow(
        '"maxBytes" setting must be a whole number from 1 to 16777216',
      );
    }
  });
});

describe('fs_list_dir', () => {
  it('lists the base directory sorted by name, with types and file sizes', async () => {
    await expect(listDir().execute({})).resolves.toBe(
      [
        'Directory "." has 10 entries:',
        'dir   empty/',
        'file  euro.txt (5 bytes)',
        'link  hello-link',
        'file  hello.txt (13 bytes)',
        'file  large.txt (70000 bytes)',
        'link  outside-link',
        'link  secret-link',
        'dir   sub/',
        'link  sub-link',
        'file  ten.txt (10 bytes)',
      ].join('\n'),
    );
  });

  it('lists a subdirectory', async () => {
    await expect(listDir().execute({ path: 'sub' })).resolves.toBe(
      'Directory "sub" has 2 entries:\ndir   deeper/\nfile  inner.txt (5 bytes)',
    );
  });

  it('says an empty directory is empty', async () => {
    await expect(listDir().execute({ path: 'empty' })).resolves.toBe('Directory "empty" is empty.');
  });

  it('lists a symlinked directory that points inside baseDir', async () => {
    await expect(listDir().execute({ path: 'sub-link' })).resolves.toContain('file  inner.txt (5 bytes)');
  });

  it('refuses a symlinked directory that points outside baseDir', async () => {
    await expect(listDir().execute({ path: 'outside-link' })).rejects.toThrow(
      'Path "outside-link" leaves the base directory through a symbolic link',
    );
  });

  it('refuses ".." that leaves baseDir', async () => {
    await expect(listDir().execute({ path: '..' })).rejects.toThrow('Path ".." leaves the base directory');
  });

  it('refuses an absolute path', async () => {
    await expect(listDir().execute({ path: '/etc' })).rejects.toThrow('Path "/etc" is absolute');
  });

  it('points to fs_read_file when asked to list a file', async () => {
    await expect(listDir().execute({ path: 'hello.txt' })).rejects.toThrow(
      'Path "hello.txt" is not a directory; use fs_read_file',
    );
  });

  it('says a missing directory was not found', async () => {
    await expect(listDir().execute({ path: 'nope' })).rejects.toThrow('Path "nope" was not found');
  });

  it('cuts a listing longer than maxBytes, heading included, and says how many entries are left out', async () => {
    // 30 bytes of heading and newline, 13 for the first entry: room for one entry only.
    const text = await listDir({ baseDir: base, maxBytes: 45 }).execute({});
    expect(text.split('\n')).toEqual([
      'Directory "." has 10 entries:',
      'dir   empty/',
      '[9 more entries not shown (maxBytes setting).]',
    ]);
  });

  it('names the baseDir setting when it is missing', async () => {
    await expect(listDir({}).execute({})).rejects.toThrow('fs_list_dir is not configured: set the "baseDir" setting');
  });

  it('lists a large directory in part: the first entries by name, and how many more there are', async () => {
    const big = path.join(base, 'big');
    await mkdir(big);
    try {
      await Promise.all(Array.from({ length: 3000 }, (_, i) => writeFile(path.join(big, `f${String(i).padStart(4, '0')}.txt`), 'x')));

      const text = await listDir({ baseDir: base, maxBytes: 200 }).execute({ path: 'big' });

      expect(text.split('\n')).toEqual([
        'Directory "big" has 3000 entries:',
        'file  f0000.txt (1 bytes)',
        'file  f0001.txt (1 bytes)',
        'file  f0002.txt (1 bytes)',
        'file  f0003.txt (1 bytes)',
        'file  f0004.txt (1 bytes)',
        'file  f0005.txt (1 bytes)',
        '[2994 more entries not shown (maxBytes setting).]',
      ]);
    } finally {
      await rm(big, { recursive: true });
    }
  });
});

describe('fs tools in the registry', () => {
  it('are listed in the fs group with the baseDir and maxBytes overrides', async () => {
    const registry = await ToolRegistry.load({ registrations: builtinRegistrations(), environment: policyEnv() });
    const entries = registry.catalogue().filter((entry) => entry.group === 'fs');
    expect(entries.map((entry) => entry.name)).toEqual(['fs_list_dir', 'fs_read_file']);
    for (const entry of entries) {
      expect(entry.available).toBe(true);
      expect(entry.description).not.toBe('');
      expect(entry.overridesSchema).toEqual({
        type: 'object',
        properties: {
          baseDir: { type: 'string', title: 'Base directory', description: expect.stringContaining(`inside the allowed folder: ${root}.`), minLength: 1 },
          maxBytes: {
            type: 'integer',
            title: 'Maximum bytes',
            default: 65_536,
            minimum: 1,
            maximum: 16 * 1024 * 1024,
            description: expect.any(String),
          },
        },
        required: ['baseDir'],
      });
    }
    expect(registry.diagnostics()).toEqual([]);
  });

  it('build their tools without overrides, as the catalogue does', () => {
    for (const factory of [new FsReadFileToolFactory(), new FsListDirToolFactory()] as ToolFactory[]) {
      const binding = { agentId: CATALOGUE_SCOPE.agentId, toolName: factory.name(), overrides: {} };
      expect(factory.create(binding, CATALOGUE_SCOPE).name()).toBe(factory.name());
    }
  });

  it('read files for an agent whose overrides set baseDir', async () => {
    const registry = await ToolRegistry.load({ registrations: builtinRegistrations(), environment: policyEnv() });
    const tool = registry.resolve({ agentId: 'a1', toolName: 'fs_read_file', overrides: { baseDir: base } }, scope);
    await expect(tool.execute({ path: 'sub/inner.txt' })).resolves.toBe('inner');
  });
});

describe('fs tools and the operator policy (FS_ALLOWED_ROOTS)', () => {
  function checked(overrides: Record<string, unknown>, allowedRoots = path.join(root, 'base')) {
    const factory = new FsReadFileToolFactory();
    factory.bind(policyEnv(allowedRoots));
    return factory.checkOverrides(overrides);
  }

  it('accepts a baseDir that is an allowed root or a folder inside one, symlinks resolved', () => {
    expect(checked({ baseDir: base })).toEqual([]);
    expect(checked({ baseDir: path.join(base, 'sub') })).toEqual([]);
    expect(checked({ baseDir: path.join(base, 'sub-link') })).toEqual([]);
  });

  it.each([
    ['/', /Base directory "\/" is outside the folders this server lets agents read/],
    ['/etc', /Base directory "\/etc" is outside/],
    ['../etc', /Base directory "..\/etc" is a relative path; give an absolute one/],
    ['/does/not/exist', /Base directory "\/does\/not\/exist" is outside/],
    ['   ', /Base directory is blank/],
    [' /tmp ', /starts or ends with spaces/],
  ])('refuses %j with a message on the baseDir field', (baseDir, message) => {
    expect(checked({ baseDir })).toEqual([{ pointer: '/baseDir', message: expect.stringMatching(message) }]);
  });

  it('refuses a missing folder inside an allowed root as missing, and a file as not a folder', () => {
    expect(checked({ baseDir: path.join(base, 'nope') })).toEqual([{ pointer: '/baseDir', message: expect.stringContaining('does not exist') }]);
    expect(checked({ baseDir: path.join(base, 'hello.txt') })).toEqual([{ pointer: '/baseDir', message: expect.stringContaining('is not a folder') }]);
  });

  it('refuses a symlink inside an allowed root that leads out of it, naming where it leads', () => {
    expect(checked({ baseDir: path.join(base, 'outside-link') })).toEqual([
      { pointer: '/baseDir', message: expect.stringContaining(`(it leads to "${path.join(root, 'outside')}") is outside`) },
    ]);
  });

  it('names the allowed roots in the settings schema, so the form shows them beside the field', () => {
    const factory = new FsListDirToolFactory();
    factory.bind(policyEnv(`${base}:/srv/other`));
    const schema = factory.overridesSchema() as { properties: { baseDir: { description: string } } };
    expect(schema.properties.baseDir.description).toContain(`inside one of the allowed folders: ${base}, /srv/other.`);
  });

  it('is unavailable, with the reason, when the allowed roots are missing or relative', async () => {
    for (const [value, reason] of [
      [undefined, 'set FS_ALLOWED_ROOTS'],
      ['data/files', '"data/files" is not absolute'],
    ] as const) {
      const environment = createToolEnvironment({ env: value === undefined ? {} : { FS_ALLOWED_ROOTS: value } });
      const registry = await ToolRegistry.load({ registrations: builtinRegistrations(), environment });
      const entry = registry.catalogue().find((candidate) => candidate.name === 'fs_read_file');
      expect(entry).toMatchObject({ available: false, unavailableReason: expect.stringContaining(reason) });
    }
  });

  it('refuses to run with a baseDir the policy no longer allows, even when the server stored it', async () => {
    const factory = new FsReadFileToolFactory();
    factory.bind(policyEnv(path.join(base, 'sub')));
    const tool = (factory as ToolFactory).create({ agentId: 'a1', toolName: 'fs_read_file', overrides: { baseDir: base } }, scope);
    await expect(tool.execute({ path: 'hello.txt' })).rejects.toThrow(/fs_read_file cannot run with this agent's settings: Base directory .* is outside/);
  });

  it('answers at once, with an error, for a FIFO in baseDir', async () => {
    execFileSync('mkfifo', [path.join(base, 'pipe')]);
    try {
      await expect(readFile().execute({ path: 'pipe' })).rejects.toThrow('Path "pipe" is not a regular file');
      await expect(listDir().execute({ path: 'pipe' })).rejects.toThrow('Path "pipe" is not a directory');
    } finally {
      await rm(path.join(base, 'pipe'));
    }
  });
});
