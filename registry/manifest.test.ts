import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverPlugins } from './discovery';
import { parseToolPluginField } from './manifest';
import { loadDiscovered, pluginModule, pluginPackage, removeTempDirs, tempDir, writeFiles } from '@/test/registry/plugin-packages';

let pluginDir: string;

beforeEach(async () => {
  pluginDir = await tempDir('manifest');
});

afterEach(removeTempDirs);

/** Discovers `pluginDir` and loads what it found. */
async function discoverAndLoad() {
  const discovery = await discoverPlugins({ pluginPath: [pluginDir], isPluginPathConfigured: true });
  const registry = await loadDiscovered(discovery);
  return { discovery, registry, names: registry.catalogue().map((entry) => entry.name) };
}

/** A healthy neighbour, to show one broken package never stops the others. */
async function writeGoodNeighbour(): Promise<void> {
  await writeFiles(path.join(pluginDir, 'good-tools'), pluginPackage('good-tools', { factories: { GoodFactory: 'good_tool' } }));
}

describe('a plugin manifest', () => {
  it('loads every factory and provider its toolPlugin field lists, under the package name', async () => {
    await writeFiles(path.join(pluginDir, 'echo-folder'), {
      'package.json': {
        name: 'echo-tools',
        type: 'module',
        toolPlugin: { toolFactories: ['./index.js#EchoToolFactory'], multiToolProviders: ['./lib/bundle.js#EchoBundle'] },
      },
      'index.js': pluginModule({ factories: { EchoToolFactory: 'echo' } }),
      'lib/bundle.js': pluginModule({ providers: { EchoBundle: { group: 'echo', names: ['echo_loud', 'echo_quiet'] } } }),
    });

    const { registry, names } = await discoverAndLoad();

    expect(names).toEqual(['echo_loud', 'echo_quiet', 'echo']);
    expect(registry.catalogue().every((entry) => entry.source === 'echo-tools' && entry.available)).toBe(true);
    expect(registry.diagnostics()).toEqual([]);
  });

  it('reports a package.json that is not valid JSON, naming the file, and loads the rest', async () => {
    await writeFiles(path.join(pluginDir, 'broken-json'), { 'package.json': '{ "name": "broken-json", ', 'index.js': '' });
    await writeGoodNeighbour();

    const { registry, names } = await discoverAndLoad();

    const manifestFile = path.join(pluginDir, 'broken-json', 'package.json');
    expect(registry.diagnostics()).toMatchObject([{ kind: 'failed', phase: 'manifest', file: manifestFile }]);
    expect(registry.diagnostics()[0]?.message).toContain(manifestFile);
    expect(names).toEqual(['good_tool']);
  });

  it('reports a package.json that is JSON but not an object', async () => {
    await writeFiles(path.join(pluginDir, 'array-json'), { 'package.json': '["not", "a", "manifest"]' });

    const { registry } = await discoverAndLoad();

    expect(registry.diagnostics()).toMatchObject([
      { kind: 'failed', file: path.join(pluginDir, 'array-json', 'package.json') },
    ]);
  });

  it.each([
    ['a string', './index.js#EchoToolFactory'],
    ['an array', ['./index.js#EchoToolFactory']],
    ['null', null],
  ])('reports a toolPlugin field that is %s instead of an object', async (_what, toolPlugin) => {
    await writeFiles(path.join(pluginDir, 'odd-field'), {
      'package.json': { name: 'odd-field', type: 'module', toolPlugin },
      'index.js': pluginModule({ factories: { EchoToolFactory: 'echo' } }),
    });
    await writeGoodNeighbour();

    const { registry, names } = await discoverAndLoad();

    const manifestFile = path.join(pluginDir, 'odd-field', 'package.json');
    expect(registry.diagnostics()).toMatchObject([{ kind: 'failed', source: 'odd-field', file: manifestFile, phase: 'manifest' }]);
    expect(registry.diagnostics()[0]?.message).toContain('must be an object');
    expect(names).toEqual(['good_tool']);
  });

  it.each([
    ['has no "#"', './index.js', 'module path and an export name'],
    ['escapes the package', '../outside.js#Outside', 'leaves the package folder'],
    ['is absolute', '/etc/outside.js#Outside', 'relative to the package'],
    ['is not relative', 'index.js#EchoToolFactory', 'relative to the package'],
    ['names an invalid export', './index.js#not-a-name', 'not a valid name'],
  ])('reports an entry that %s, naming the file, and loads the rest', async (_what, entry, problem) => {
    // A real module outside the package, to show an escaping entry is never imported.
    await writeFiles(pluginDir, { 'outside.js': pluginModule({ factories: { Outside: 'outside_tool' } }) });
    await writeFiles(path.join(pluginDir, 'bad-entry'), {
      'package.json': { name: 'bad-entry', type: 'module', toolPlugin: { toolFactories: [entry] } },
      'index.js': pluginModule({ factories: { EchoToolFactory: 'echo' } }),
    });
    await writeGoodNeighbour();

    const { registry, names } = await discoverAndLoad();

    const [diagnostic, ...others] = registry.diagnostics();
    expect(others).toEqual([]);
    expect(diagnostic).toMatchObject({ kind: 'failed', source: 'bad-entry', file: path.join(pluginDir, 'bad-entry', 'package.json') });
    expect(diagnostic?.message).toContain(problem);
    expect(diagnostic?.message).toContain('toolPlugin.toolFactories[0]');
    expect(names).toEqual(['good_tool']);
  });

  it('accepts a module whose file name merely starts with two dots', async () => {
    await writeFiles(path.join(pluginDir, 'dotted'), {
      'package.json': { name: 'dotted', type: 'module', toolPlugin: { toolFactories: ['./..dotted.js#DottedFactory'] } },
      '..dotted.js': pluginModule({ factories: { DottedFactory: 'dotted_tool' } }),
    });

    const { registry, names } = await discoverAndLoad();

    expect(registry.diagnostics()).toEqual([]);
    expect(names).toEqual(['dotted_tool']);
  });

  it('refuses a package with any malformed entry as a whole, listing every problem', async () => {
    await writeFiles(path.join(pluginDir, 'half-good'), {
      'package.json': {
        name: 'half-good',
        type: 'module',
        toolPlugin: { toolFactories: ['./index.js#EchoToolFactory', 42], multiToolProviders: './index.js#Bundle' },
      },
      'index.js': pluginModule({ factories: { EchoToolFactory: 'echo' } }),
    });

    const { registry, names } = await discoverAndLoad();

    const message = registry.diagnostics()[0]?.message ?? '';
    expect(message).toContain('toolPlugin.toolFactories[1]');
    expect(message).toContain('toolPlugin.multiToolProviders');
    expect(names).toEqual([]);
  });

  it('reports a toolPlugin field with a misspelt or missing list', async () => {
    await writeFiles(path.join(pluginDir, 'typo'), {
      'package.json': { name: 'typo', type: 'module', toolPlugin: { toolFactory: ['./index.js#EchoToolFactory'] } },
      'index.js': pluginModule({ factories: { EchoToolFactory: 'echo' } }),
    });
    await writeFiles(path.join(pluginDir, 'empty'), { 'package.json': { name: 'empty', toolPlugin: {} } });

    const { registry } = await discoverAndLoad();

    expect(registry.diagnostics()).toMatchObject([
      { kind: 'failed', source: 'empty', message: expect.stringContaining('lists no "toolFactories"') },
      { kind: 'failed', source: 'typo', message: expect.stringContaining('unknown keys "toolFactory"') },
    ]);
  });

  it('warns about a package.json without a toolPlugin field and loads nothing from it', async () => {
    await writeFiles(path.join(pluginDir, 'just-a-lib'), {
      'package.json': { name: 'just-a-lib', type: 'module' },
      'index.js': pluginModule({ factories: { EchoToolFactory: 'echo' } }),
    });
    await writeGoodNeighbour();

    const { registry, names } = await discoverAndLoad();

    expect(registry.diagnostics()).toMatchObject([
      { kind: 'warning', source: 'just-a-lib', file: path.join(pluginDir, 'just-a-lib', 'package.json') },
    ]);
    expect(names).toEqual(['good_tool']);
  });

  it('uses the folder name as source when package.json has no name', async () => {
    await writeFiles(path.join(pluginDir, 'unnamed-folder'), {
      'package.json': { type: 'module', toolPlugin: { toolFactories: ['./index.js#EchoToolFactory'] } },
      'index.js': pluginModule({ factories: { EchoToolFactory: 'echo' } }),
    });

    const { registry } = await discoverAndLoad();

    expect(registry.catalogue()).toMatchObject([{ name: 'echo', source: 'unnamed-folder' }]);
  });
});

describe('parseToolPluginField', () => {
  it('resolves each entry to an absolute module file and an export name', () => {
    const result = parseToolPluginField(
      { toolFactories: ['./dist/index.js#WordCountToolFactory'], multiToolProviders: ['./dist/mcp.js#Mcp'] },
      '/srv/plugins/word-count',
    );

    expect(result).toEqual({
      ok: true,
      entries: [
        { kind: 'factory', entry: './dist/index.js#WordCountToolFactory', file: '/srv/plugins/word-count/dist/index.js', exportName: 'WordCountToolFactory' },
        { kind: 'provider', entry: './dist/mcp.js#Mcp', file: '/srv/plugins/word-count/dist/mcp.js', exportName: 'Mcp' },
      ],
    });
  });

  it('accepts "$comment"-style annotation keys beside the lists', () => {
    const result = parseToolPluginField({ $comment: 'built by tsc', toolFactories: ['./index.js#A'] }, '/srv/plugins/a');

    expect(result.ok).toBe(true);
  });

  it('refuses a module path that does not start with "./"', () => {
    const result = parseToolPluginField({ toolFactories: ['dist/index.js#A'] }, '/srv/plugins/a');

    expect(result).toEqual({ ok: false, problems: [expect.stringContaining('starting with "./"')] });
  });

  it('refuses a path that climbs out of the package and back in elsewhere', () => {
    const result = parseToolPluginField({ toolFactories: ['./dist/../../other/index.js#A'] }, '/srv/plugins/word-count');

    expect(result.ok).toBe(false);
  });
});
