import { cp, mkdir, mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_SCOPE } from '@/registry';
import { InMemoryTodoListService } from '@/registry/builtins';
import { closeDatabases } from './db/close-databases';
import { openDatabase } from './db/open-database';
import { bootRegistry, getToolRegistry } from './registry-host';
import { SqlTodoListService } from './todos/sql-todo-list-service';

const appRoot = path.resolve(import.meta.dirname, '..');
const temporary: string[] = [];

afterEach(async () => {
  vi.unstubAllEnvs();
  await closeDatabases();
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('bootRegistry', () => {
  it('loads the built-ins and the plugins of ./plugins by default, with nothing to report', async () => {
    // An app folder of its own, so plugins an admin dropped into the real ./plugins cannot change the result.
    const app = await mkdtemp(path.join(os.tmpdir(), 'registry-host-app-'));
    temporary.push(app);
    await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'app', dependencies: {} }));
    await cp(path.join(appRoot, 'plugins', 'example-tools'), path.join(app, 'plugins', 'example-tools'), { recursive: true });

    const registry = await bootRegistry({ appRoot: app, env: {}, todoListService: new InMemoryTodoListService() });

    expect([...registry.knownToolNames()].sort()).toEqual([
      'fs_list_dir',
      'fs_read_file',
      'text_slugify',
      'todo_read',
      'todo_write',
      'tool_search',
      'units_kg_to_pounds',
      'units_km_to_miles',
      'units_miles_to_km',
      'word_count',
    ]);
    expect(registry.catalogue().every((entry) => entry.available)).toBe(true);
    expect(registry.diagnostics()).toEqual([]);
  });

  it('runs the example plugin tools with the overrides an agent set', async () => {
    const registry = await bootRegistry({ appRoot, env: {}, todoListService: new InMemoryTodoListService() });
    const scope = { ...CATALOGUE_SCOPE, purpose: 'call' as const };

    const slugify = registry.resolve({ agentId: 'a', toolName: 'text_slugify', overrides: { separator: '_' } }, scope);
    await expect(slugify.execute({ text: 'Hello, World!' })).resolves.toBe('hello_world');
    const miles = registry.resolve({ agentId: 'a', toolName: 'units_km_to_miles', overrides: {} }, scope);
    await expect(miles.execute({ value: 10 })).resolves.toBe('6.214');
  });

  it('gives the todo tools the database of DATABASE_URL, so lists outlive the process', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-host-db-'));
    temporary.push(folder);
    const url = `sqlite:${path.join(folder, 'app.sqlite')}`;
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('SEED_DEMO', '0');
    const registry = await bootRegistry({ appRoot, env: {} });
    const scope = { sessionId: 's1', agentId: 'a', purpose: 'call' as const };
    const binding = (toolName: string) => ({ agentId: 'a', toolName, overrides: {} });

    await registry.resolve(binding('todo_write'), scope).execute({ todos: [{ content: 'Ship it', status: 'pending' }] });
    await expect(registry.resolve(binding('todo_read'), scope).execute({})).resolves.toContain('Ship it');

    await closeDatabases();
    const reopened = await openDatabase({ url });
    try {
      expect(await new SqlTodoListService({ db: reopened }).read({ agentId: 'a', sessionId: 's1' })).toEqual([{ content: 'Ship it', status: 'pending' }]);
    } finally {
      await reopened.destroy();
    }
  });

  it('reads plugins from every folder on TOOLS_PLUGIN_PATH instead of ./plugins', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-host-'));
    temporary.push(folder);
    await cp(path.join(appRoot, 'plugins', 'example-tools'), path.join(folder, 'copied-tools'), { recursive: true });
    const missing = path.join(folder, 'not-there');

    const registry = await bootRegistry({
      appRoot,
      env: { TOOLS_PLUGIN_PATH: `${folder}:${missing}` },
      todoListService: new InMemoryTodoListService(),
    });

    expect(registry.knownToolNames().has('text_slugify')).toBe(true);
    expect(registry.diagnostics()).toEqual([
      expect.objectContaining({ kind: 'warning', message: expect.stringContaining(missing) }),
    ]);
  });

  it('leaves out ./plugins when TOOLS_PLUGIN_PATH names other folders', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-host-'));
    temporary.push(folder);

    const registry = await bootRegistry({ appRoot, env: { TOOLS_PLUGIN_PATH: folder }, todoListService: new InMemoryTodoListService() });

    expect(registry.knownToolNames().has('word_count')).toBe(true);
    expect(registry.knownToolNames().has('text_slugify')).toBe(false);
  });
});

describe('bootRegistry and FS_ALLOWED_ROOTS', () => {
  it('lets the fs tools read only inside the data folder\'s files/ by default, creating it', async () => {
    const folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'registry-host-files-')));
    temporary.push(folder);
    const env = { DATABASE_URL: `sqlite:${path.join(folder, 'db', 'app.sqlite')}` };
    const filesRoot = path.join(folder, 'db', 'files');

    const registry = await bootRegistry({ appRoot, env, todoListService: new InMemoryTodoListService() });

    expect((await stat(filesRoot)).isDirectory()).toBe(true);
    expect(registry.checkOverrides('fs_read_file', { baseDir: filesRoot })).toEqual([]);
    expect(registry.checkOverrides('fs_read_file', { baseDir: folder })).toEqual([
      { pointer: '/baseDir', message: expect.stringContaining(`is outside the folders this server lets agents read (${filesRoot};`) },
    ]);
  });

  it('takes the operator\'s FS_ALLOWED_ROOTS instead, and creates nothing', async () => {
    const folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'registry-host-files-')));
    temporary.push(folder);
    await mkdir(path.join(folder, 'one'));
    await mkdir(path.join(folder, 'two'));
    const env = { DATABASE_URL: `sqlite:${path.join(folder, 'app.sqlite')}`, FS_ALLOWED_ROOTS: ` ${path.join(folder, 'one')}:${path.join(folder, 'two')} ` };

    const registry = await bootRegistry({ appRoot, env, todoListService: new InMemoryTodoListService() });

    expect(registry.checkOverrides('fs_list_dir', { baseDir: path.join(folder, 'two') })).toEqual([]);
    expect(registry.checkOverrides('fs_list_dir', { baseDir: folder })).toHaveLength(1);
    await expect(stat(path.join(folder, 'files'))).rejects.toThrow('ENOENT');
    const entry = registry.catalogue().find((candidate) => candidate.name === 'fs_list_dir');
    expect(JSON.stringify(entry?.overridesSchema)).toContain(`one of the allowed folders: ${path.join(folder, 'one')}, ${path.join(folder, 'two')}.`);
  });
});

describe('getToolRegistry', () => {
  it('boots the registry once per process and hands every caller the same one', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-host-db-'));
    temporary.push(folder);
    vi.stubEnv('DATABASE_URL', `sqlite:${path.join(folder, 'app.sqlite')}`);
    const [first, second] = await Promise.all([getToolRegistry(), getToolRegistry()]);

    expect(second).toBe(first);
    expect(await getToolRegistry()).toBe(first);
  });
});
