import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverPlugins, pluginPathFrom, type DiscoveryOptions } from './discovery';
import { loadDiscovered, pluginModule, pluginPackage, removeTempDirs, tempDir, writeFiles } from '@/test/registry/plugin-packages';

let pluginDir: string;

beforeEach(async () => {
  pluginDir = await tempDir('plugins');
});

afterEach(removeTempDirs);

async function discoverAndLoad(options: Partial<DiscoveryOptions> = {}) {
  const discovery = await discoverPlugins({ pluginPath: [pluginDir], isPluginPathConfigured: true, ...options });
  const registry = await loadDiscovered(discovery);
  return { discovery, registry, names: registry.catalogue().map((entry) => entry.name) };
}

const callScope = { sessionId: 'session-1', agentId: 'agent-1', purpose: 'call' } as const;

describe('plugin folders', () => {
  it('loads a dropped-in package: its tools appear, work, and carry the package name as source', async () => {
    await writeFiles(
      path.join(pluginDir, 'echo-tools'),
      pluginPackage('echo-tools', {
        factories: { EchoToolFactory: 'echo' },
        providers: { EchoBundle: { group: 'echo', names: ['echo_loud', 'echo_quiet'] } },
      }),
    );

    const { registry } = await discoverAndLoad();

    expect(registry.catalogue()).toMatchObject([
      { name: 'echo_loud', group: 'echo', kind: 'provider', source: 'echo-tools', available: true },
      { name: 'echo_quiet', group: 'echo', kind: 'provider', source: 'echo-tools', available: true },
      { name: 'echo', group: 'general', kind: 'factory', source: 'echo-tools', description: 'Echoes its text (echo)' },
    ]);
    const tool = registry.resolve({ agentId: 'agent-1', toolName: 'echo_loud', overrides: {} }, callScope);
    await expect(tool.execute({ text: 'hi' })).resolves.toBe('echo_loud: hi');
    expect(registry.diagnostics()).toEqual([]);
  });

  it('registers each export with its entry as written and its module file', async () => {
    await writeFiles(path.join(pluginDir, 'echo-tools'), pluginPackage('echo-tools', { factories: { EchoToolFactory: 'echo' } }));

    const { discovery } = await discoverAndLoad();

    expect(discovery.registrations).toMatchObject([
      { source: 'echo-tools', kind: 'factory', entry: './index.js#EchoToolFactory', file: path.join(pluginDir, 'echo-tools', 'index.js') },
    ]);
  });

  it('loads packages in sorted folder order, so conflicts resolve the same way on every start', async () => {
    for (const name of ['gamma', 'alpha', 'beta']) {
      await writeFiles(path.join(pluginDir, name), pluginPackage(`${name}-tools`, { factories: { SharedFactory: 'shared_tool' } }));
    }

    const { discovery, registry } = await discoverAndLoad();

    expect(discovery.registrations.map((registration) => registration.source)).toEqual(['alpha-tools', 'beta-tools', 'gamma-tools']);
    expect(registry.catalogue()).toMatchObject([{ name: 'shared_tool', source: 'alpha-tools' }]);
    expect(registry.diagnostics()).toMatchObject([
      { kind: 'conflict', claimants: ['alpha-tools ./index.js#SharedFactory', 'beta-tools ./index.js#SharedFactory', 'gamma-tools ./index.js#SharedFactory'] },
    ]);
  });

  it('finds packages in @scope folders', async () => {
    await writeFiles(path.join(pluginDir, '@acme', 'mail-tools'), pluginPackage('@acme/mail-tools', { factories: { MailFactory: 'mail_send' } }));
    await writeFiles(path.join(pluginDir, '@acme', 'crm-tools'), pluginPackage('@acme/crm-tools', { factories: { CrmFactory: 'crm_lookup' } }));

    const { registry } = await discoverAndLoad();

    expect(registry.catalogue()).toMatchObject([
      { name: 'crm_lookup', source: '@acme/crm-tools' },
      { name: 'mail_send', source: '@acme/mail-tools' },
    ]);
    expect(registry.diagnostics()).toEqual([]);
  });

  it('loads a plugin path folder that is itself a package', async () => {
    await writeFiles(pluginDir, pluginPackage('standalone-tools', { factories: { StandaloneFactory: 'standalone' } }));

    const { registry } = await discoverAndLoad();

    expect(registry.catalogue()).toMatchObject([{ name: 'standalone', source: 'standalone-tools' }]);
  });

  it('loads a package reached twice only once', async () => {
    await writeFiles(path.join(pluginDir, 'echo-tools'), pluginPackage('echo-tools', { factories: { EchoToolFactory: 'echo' } }));
    const elsewhere = await tempDir('elsewhere');
    await fs.symlink(path.join(pluginDir, 'echo-tools'), path.join(elsewhere, 'echo-link'));

    const { discovery, registry } = await discoverAndLoad({
      pluginPath: [pluginDir, pluginDir, path.join(pluginDir, 'echo-tools'), elsewhere],
    });

    expect(discovery.registrations).toHaveLength(1);
    expect(registry.diagnostics()).toEqual([]);
    expect(registry.catalogue().map((entry) => entry.name)).toEqual(['echo']);
  });

  it('warns about a folder without package.json and still loads the others', async () => {
    await writeFiles(path.join(pluginDir, 'loose-files'), { 'index.js': pluginModule({ factories: { LooseFactory: 'loose' } }) });
    await writeFiles(path.join(pluginDir, 'echo-tools'), pluginPackage('echo-tools', { factories: { EchoToolFactory: 'echo' } }));

    const { registry, names } = await discoverAndLoad();

    expect(registry.diagnostics()).toMatchObject([{ kind: 'warning', file: path.join(pluginDir, 'loose-files') }]);
    expect(names).toEqual(['echo']);
  });

  it('ignores hidden folders and plain files in a plugin folder', async () => {
    await writeFiles(pluginDir, { 'README.md': '# plugins', '.cache/package.json': '{ not json' });

    const { discovery } = await discoverAndLoad();

    expect(discovery).toEqual({ registrations: [], diagnostics: [] });
  });

  it('warns about a configured plugin folder that does not exist', async () => {
    const missing = path.join(pluginDir, 'not-there');

    const { registry } = await discoverAndLoad({ pluginPath: [missing, pluginDir] });

    expect(registry.diagnostics()).toMatchObject([{ kind: 'warning', message: expect.stringContaining(missing) }]);
  });

  it('stays quiet about the default plugin folder when it does not exist', async () => {
    const discovery = await discoverPlugins({ pluginPath: [path.join(pluginDir, 'plugins')], isPluginPathConfigured: false });

    expect(discovery).toEqual({ registrations: [], diagnostics: [] });
  });
});

describe('plugin modules', () => {
  /** Writes a package whose toolPlugin lists `entry` next to a healthy `good_tool` entry. */
  async function writeWithGoodEntry(folder: string, entry: string, files: Record<string, string>): Promise<void> {
    await writeFiles(path.join(pluginDir, folder), {
      'package.json': { name: folder, type: 'module', toolPlugin: { toolFactories: [entry, './good.js#GoodFactory'] } },
      'good.js': pluginModule({ factories: { GoodFactory: 'good_tool' } }),
      ...files,
    });
    await writeFiles(path.join(pluginDir, 'zz-neighbour'), pluginPackage('zz-neighbour', { factories: { NeighbourFactory: 'neighbour_tool' } }));
  }

  it('reports a module file that does not exist, naming it, and loads the rest', async () => {
    await writeWithGoodEntry('missing-file', './dist/index.js#EchoToolFactory', {});

    const { registry, names } = await discoverAndLoad();

    const file = path.join(pluginDir, 'missing-file', 'dist', 'index.js');
    expect(registry.diagnostics()).toMatchObject([
      { kind: 'failed', source: 'missing-file', entry: './dist/index.js#EchoToolFactory', phase: 'import', file },
    ]);
    expect(registry.diagnostics()[0]?.message).toContain(file);
    expect(names).toEqual(['good_tool', 'neighbour_tool']);
  });

  it('reports a module with a syntax error, naming it, and loads the rest', async () => {
    await writeWithGoodEntry('syntax-error', './broken.js#BrokenFactory', { 'broken.js': 'export class BrokenFactory { name( { }\n' });

    const { registry, names } = await discoverAndLoad();

    expect(registry.diagnostics()).toMatchObject([
      { kind: 'failed', source: 'syntax-error', phase: 'import', file: path.join(pluginDir, 'syntax-error', 'broken.js') },
    ]);
    expect(registry.diagnostics()[0]?.message).not.toBe('');
    expect(names).toEqual(['good_tool', 'neighbour_tool']);
  });

  it('reports a missing export, listing what the module does export', async () => {
    await writeWithGoodEntry('wrong-export', './tools.js#EchoToolFactory', {
      'tools.js': pluginModule({ factories: { EchoFactory: 'echo', OtherFactory: 'other' } }),
    });

    const { registry, names } = await discoverAndLoad();

    const [diagnostic] = registry.diagnostics();
    expect(diagnostic).toMatchObject({ kind: 'failed', phase: 'import', file: path.join(pluginDir, 'wrong-export', 'tools.js') });
    expect(diagnostic?.message).toContain('"EchoToolFactory"');
    expect(diagnostic?.message).toContain('EchoFactory, OtherFactory');
    expect(names).toEqual(['good_tool', 'neighbour_tool']);
  });

  it('reports an export that is not a class', async () => {
    await writeWithGoodEntry('not-a-class', './tools.js#EchoToolFactory', {
      'tools.js': 'export const EchoToolFactory = { name: () => "echo" };\n',
    });

    const { registry, names } = await discoverAndLoad();

    expect(registry.diagnostics()).toMatchObject([
      { kind: 'failed', source: 'not-a-class', entry: './tools.js#EchoToolFactory', file: path.join(pluginDir, 'not-a-class', 'tools.js') },
    ]);
    expect(registry.diagnostics()[0]?.message).toContain('not a class');
    expect(names).toEqual(['good_tool', 'neighbour_tool']);
  });

  it('reports a module that throws while loading', async () => {
    await writeWithGoodEntry('throws-on-import', './tools.js#EchoToolFactory', {
      'tools.js': 'throw new Error("no config at import time");\nexport class EchoToolFactory {}\n',
    });

    const { registry, names } = await discoverAndLoad();

    expect(registry.diagnostics()).toMatchObject([{ kind: 'failed', phase: 'import', message: expect.stringContaining('no config at import time') }]);
    expect(names).toEqual(['good_tool', 'neighbour_tool']);
  });
});

describe('npm dependencies', () => {
  it('loads only the dependencies that declare a toolPlugin field, silently skipping the others', async () => {
    const appRoot = await tempDir('app');
    await writeFiles(appRoot, {
      'package.json': {
        name: 'host-app',
        dependencies: { 'left-pad': '^1.0.0', 'mail-tools': '^1.0.0', '@acme/crm-tools': '^2.0.0', 'not-installed': '^1.0.0' },
      },
      'node_modules/left-pad/package.json': { name: 'left-pad', main: 'index.js' },
      'node_modules/unlisted-tools/package.json': { name: 'unlisted-tools', toolPlugin: { toolFactories: ['./index.js#X'] } },
      'node_modules/no-manifest/index.js': '',
    });
    await writeFiles(path.join(appRoot, 'node_modules', 'mail-tools'), pluginPackage('mail-tools', { factories: { MailFactory: 'mail_send' } }));
    await writeFiles(
      path.join(appRoot, 'node_modules', '@acme', 'crm-tools'),
      pluginPackage('@acme/crm-tools', { providers: { CrmTools: { group: 'crm', names: ['crm_lookup'] } } }),
    );

    const { discovery, registry } = await discoverAndLoad({ pluginPath: [path.join(appRoot, 'plugins')], isPluginPathConfigured: false, appRoot });

    expect(discovery.registrations.map((registration) => registration.source)).toEqual(['@acme/crm-tools', 'mail-tools']);
    expect(registry.catalogue()).toMatchObject([
      { name: 'crm_lookup', source: '@acme/crm-tools', kind: 'provider' },
      { name: 'mail_send', source: 'mail-tools', kind: 'factory' },
    ]);
    expect(registry.diagnostics()).toEqual([]);
  });

  it('finds optional and hoisted dependencies where Node would, in node_modules above the app', async () => {
    const workspace = await tempDir('workspace');
    const appRoot = path.join(workspace, 'apps', 'admin');
    await writeFiles(appRoot, { 'package.json': { name: 'host-app', optionalDependencies: { 'hoisted-tools': '^1.0.0' } } });
    await writeFiles(path.join(workspace, 'node_modules', 'hoisted-tools'), pluginPackage('hoisted-tools', { factories: { HoistedFactory: 'hoisted' } }));

    const { registry } = await discoverAndLoad({ pluginPath: [path.join(appRoot, 'plugins')], isPluginPathConfigured: false, appRoot });

    expect(registry.catalogue().map((e) => [e.name, e.source])).toEqual([['hoisted', 'hoisted-tools']]);
    expect(registry.diagnostics()).toEqual([]);
  });

  it('loads a dependency that is also on the plugin path only once', async () => {
    const appRoot = await tempDir('app');
    await writeFiles(appRoot, { 'package.json': { name: 'host-app', dependencies: { 'echo-tools': '^1.0.0' } } });
    await writeFiles(path.join(appRoot, 'node_modules', 'echo-tools'), pluginPackage('echo-tools', { factories: { EchoToolFactory: 'echo' } }));

    const { discovery, registry } = await discoverAndLoad({ pluginPath: [path.join(appRoot, 'node_modules')], appRoot });

    expect(discovery.registrations).toHaveLength(1);
    expect(registry.diagnostics()).toEqual([]);
  });
});

describe('pluginPathFrom', () => {
  it('defaults to the plugins folder of the working directory', () => {
    expect(pluginPathFrom(undefined, '/srv/app')).toEqual([path.resolve('/srv/app', 'plugins')]);
    expect(pluginPathFrom('', '/srv/app')).toEqual([path.resolve('/srv/app', 'plugins')]);
  });

  it('splits a list into folders resolved against the working directory', () => {
    expect(pluginPathFrom(['a', 'b'].join(path.delimiter), '/srv/app')).toEqual([
      path.resolve('/srv/app', 'a'),
      path.resolve('/srv/app', 'b'),
    ]);
  });

  it('keeps absolute folders and drops empty segments', () => {
    const value = ['/opt/tools', '', 'local'].join(path.delimiter);

    expect(pluginPathFrom(value, '/srv/app')).toEqual([path.resolve('/opt/tools'), path.resolve('/srv/app', 'local')]);
  });
});
