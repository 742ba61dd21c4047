import { describe, expect, it } from 'vitest';
import type { AgentTool, MultiToolProvider, Tool, ToolCallScope, ToolFactory } from './spi';
import {
  EchoTool,
  echoFactory,
  setProvider,
  loadRegistry,
  factory,
  provider,
  entryNamed,
  HEALTHY,
  offlineFactory,
  offlineBundle,
} from '@/test/registry/test-plugins';

describe('catalogue', () => {
  it('builds a factory\'s tool once however often the catalogue is read', async () => {
    let catalogueBuilds = 0;
    class CountingFactory implements ToolFactory {
      name(): string {
        return 'counted';
      }
      create(agentTool: AgentTool, scope: ToolCallScope): Tool {
        if (scope.purpose === 'catalogue') catalogueBuilds += 1;
        return new EchoTool('counted', 'CountingFactory', agentTool, scope);
      }
    }
    const registry = await loadRegistry([factory(CountingFactory)]);

    for (let round = 0; round < 10; round += 1) registry.catalogue();

    expect(catalogueBuilds).toBe(1);
  });

  it('builds a provider\'s tool once per name, and again when its set of names changes', async () => {
    const builds = new Map<string, number>();
    const names = new Set(['wf_a', 'wf_b']);
    class CountingBundle implements MultiToolProvider {
      group(): string {
        return 'wf';
      }
      toolNames(): ReadonlySet<string> {
        return new Set(names);
      }
      create(toolName: string): Tool | undefined {
        builds.set(toolName, (builds.get(toolName) ?? 0) + 1);
        return names.has(toolName) ? new EchoTool(toolName, 'CountingBundle') : undefined;
      }
    }
    const registry = await loadRegistry([provider(CountingBundle)]);

    for (let round = 0; round < 10; round += 1) registry.catalogue();
    expect(Object.fromEntries(builds)).toEqual({ wf_a: 1, wf_b: 1 });

    names.add('wf_c');
    for (let round = 0; round < 10; round += 1) registry.catalogue();

    expect(Object.fromEntries(builds)).toEqual({ wf_a: 2, wf_b: 2, wf_c: 1 });
  });

  it('builds catalogue tools with a catalogue scope, not a real call\'s', async () => {
    const scopes: ToolCallScope[] = [];
    class ScopeSpy implements ToolFactory {
      name(): string {
        return 'spy';
      }
      create(_agentTool: AgentTool, scope: ToolCallScope): Tool {
        scopes.push(scope);
        return new EchoTool('spy', 'ScopeSpy');
      }
    }
    const registry = await loadRegistry([factory(ScopeSpy)]);

    registry.catalogue();

    expect(scopes).toMatchObject([{ purpose: 'catalogue' }]);
  });

  it('never builds an unavailable factory\'s tool, and keeps the description it had while available', async () => {
    let builds = 0;
    let isOnline = true;
    class FlappingFactory implements ToolFactory {
      name(): string {
        return 'flapping';
      }
      isAvailable(): boolean {
        return isOnline;
      }
      create(): Tool {
        builds += 1;
        return new EchoTool('flapping', 'FlappingFactory');
      }
    }
    class OfflineFactory implements ToolFactory {
      name(): string {
        return 'offline_never_built';
      }
      isAvailable(): boolean {
        return false;
      }
      create(): Tool {
        throw new Error('an unavailable factory must not be asked to create');
      }
    }
    const registry = await loadRegistry([factory(FlappingFactory), factory(OfflineFactory)]);

    registry.catalogue();
    isOnline = false;
    for (let round = 0; round < 10; round += 1) registry.catalogue();

    expect(builds).toBe(1);
    expect(entryNamed(registry, 'flapping')).toMatchObject({
      available: false,
      description: 'flapping built by FlappingFactory',
    });
    expect(entryNamed(registry, 'offline_never_built')).toMatchObject({ available: false, description: '' });
    expect(registry.diagnostics()).toEqual([]);
  });

  it('sorts entries by group, then name', async () => {
    const registry = await loadRegistry([
      factory(echoFactory('zeta', 'ZetaFactory')),
      provider(setProvider('fs', new Set(['fs_write', 'fs_list_dir']), 'FsTools')),
      factory(echoFactory('alpha', 'AlphaFactory')),
      provider(setProvider('browser', new Set(['browser_open']), 'BrowserTools')),
    ]);

    expect(registry.catalogue().map((entry) => `${entry.group}/${entry.name}`)).toEqual([
      'browser/browser_open',
      'fs/fs_list_dir',
      'fs/fs_write',
      'general/alpha',
      'general/zeta',
    ]);
    expect(registry.groups()).toEqual(['browser', 'fs', 'general']);
  });

  it('gives every entry exactly the documented fields', async () => {
    const OfflineBundle = offlineBundle('offline', ['offline_one']);
    const OfflineFactory = offlineFactory('offline_factory');
    const registry = await loadRegistry([
      factory(HEALTHY),
      provider(setProvider('wf', new Set(['wf_a']), 'WfTools')),
      provider(OfflineBundle),
      factory(OfflineFactory),
    ]);
    const base = ['available', 'description', 'group', 'kind', 'name', 'overridesSchema', 'parametersSchema', 'source', 'streamsResultToUser'];
    const withReason = [...base, 'unavailableReason'].sort();

    const fields = Object.fromEntries(registry.catalogue().map((entry) => [entry.name, Object.keys(entry).sort()]));

    expect(fields).toEqual({
      word_count: base,
      wf_a: base,
      offline_factory: withReason,
      'offline_*': withReason,
    });
    expect(entryNamed(registry, 'word_count')).toEqual({
      name: 'word_count',
      group: 'general',
      description: 'word_count built by WordCountToolFactory',
      parametersSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      overridesSchema: {},
      available: true,
      kind: 'factory',
      source: 'acme',
      streamsResultToUser: false,
    });
    expect(entryNamed(registry, 'wf_a')).toMatchObject({ kind: 'provider', source: 'acme', group: 'wf' });
  });
});

describe('snapshot', () => {
  it('gives the catalogue and the diagnostics from one reading of each provider\'s names', async () => {
    let reads = 0;
    class CountedBundle implements MultiToolProvider {
      group(): string {
        return 'counted';
      }
      toolNames(): ReadonlySet<string> {
        reads += 1;
        return new Set(['counted_a', 'counted_b']);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'CountedBundle');
      }
    }
    const registry = await loadRegistry([provider(CountedBundle), factory(echoFactory('counted_a', 'Rival'))]);
    reads = 0;

    const snapshot = registry.snapshot();

    expect(reads).toBe(1);
    expect(snapshot.tools).toEqual(registry.catalogue());
    expect(snapshot.diagnostics).toEqual(registry.diagnostics());
    expect(snapshot.diagnostics).toMatchObject([{ kind: 'conflict', toolName: 'counted_a' }]);
  });
});

describe('entry', () => {
  it('answers one name\'s entry as the catalogue lists it, and nothing for a name no one claims', async () => {
    const names = new Set(['wf_a']);
    const registry = await loadRegistry([factory(echoFactory('echo', 'EchoFactory')), factory(offlineFactory('offline')), provider(setProvider('wf', names, 'SetBundle'))]);
    for (const name of ['echo', 'offline', 'wf_a']) expect(registry.entry(name)).toEqual(registry.catalogue().find((entry) => entry.name === name));
    expect(registry.entry('offline')?.available).toBe(false);
    expect(registry.entry('wf_b')).toBeUndefined();
    names.add('wf_b');
    expect(registry.entry('wf_b')?.name).toBe('wf_b');
  });
});
