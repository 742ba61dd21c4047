import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_SCOPE } from '@/registry';
import { bootRegistry, getToolRegistry } from './registry-host';

const appRoot = path.resolve(import.meta.dirname, '..');
const temporary: string[] = [];

afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('bootRegistry', () => {
  it('loads the built-ins and the plugins of ./plugins by default, with nothing to report', async () => {
    // An app folder of its own, so plugins an admin dropped into the real ./plugins cannot change the result.
    const app = await mkdtemp(path.join(os.tmpdir(), 'registry-host-app-'));
    temporary.push(app);
    await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'app', dependencies: {} }));
    await cp(path.join(appRoot, 'plugins', 'example-tools'), path.join(app, 'plugins', 'example-tools'), { recursive: true });

    const registry = await bootRegistry({ appRoot: app, env: {} });

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
    const registry = await bootRegistry({ appRoot, env: {} });
    const scope = { ...CATALOGUE_SCOPE, purpose: 'call' as const };

    const slugify = registry.resolve({ agentId: 'a', toolName: 'text_slugify', overrides: { separator: '_' } }, scope);
    await expect(slugify.execute({ text: 'Hello, World!' })).resolves.toBe('hello_world');
    const miles = registry.resolve({ agentId: 'a', toolName: 'units_km_to_miles', overrides: {} }, scope);
    await expect(miles.execute({ value: 10 })).resolves.toBe('6.214');
  });

  it('gives the todo tools a working list store', async () => {
    const registry = await bootRegistry({ appRoot, env: {} });
    const scope = { sessionId: 's1', agentId: 'a', purpose: 'call' as const };
    const binding = (toolName: string) => ({ agentId: 'a', toolName, overrides: {} });

    await registry.resolve(binding('todo_write'), scope).execute({ todos: [{ content: 'Ship it', status: 'pending' }] });
    await expect(registry.resolve(binding('todo_read'), scope).execute({})).resolves.toContain('Ship it');
  });

  it('reads plugins from every folder on TOOLS_PLUGIN_PATH instead of ./plugins', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-host-'));
    temporary.push(folder);
    await cp(path.join(appRoot, 'plugins', 'example-tools'), path.join(folder, 'copied-tools'), { recursive: true });
    const missing = path.join(folder, 'not-there');

    const registry = await bootRegistry({ appRoot, env: { TOOLS_PLUGIN_PATH: `${folder}:${missing}` } });

    expect(registry.knownToolNames().has('text_slugify')).toBe(true);
    expect(registry.diagnostics()).toEqual([
      expect.objectContaining({ kind: 'warning', message: expect.stringContaining(missing) }),
    ]);
  });

  it('leaves out ./plugins when TOOLS_PLUGIN_PATH names other folders', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'registry-host-'));
    temporary.push(folder);

    const registry = await bootRegistry({ appRoot, env: { TOOLS_PLUGIN_PATH: folder } });

    expect(registry.knownToolNames().has('word_count')).toBe(true);
    expect(registry.knownToolNames().has('text_slugify')).toBe(false);
  });
});

describe('getToolRegistry', () => {
  it('boots the registry once per process and hands every caller the same one', async () => {
    const [first, second] = await Promise.all([getToolRegistry(), getToolRegistry()]);

    expect(second).toBe(first);
    expect(await getToolRegistry()).toBe(first);
  });
});
