import { describe, expect, it } from 'vitest';
import type { PluginRegistration } from './registration';
import type { MultiToolProvider, Tool, ToolFactory } from './spi';
import {
  callScope,
  bindingFor,
  EchoTool,
  loadRegistry,
  factory,
  provider,
  expectResolutionError,
  entryNamed,
  builtBy,
  HEALTHY,
  rawRegistration,
} from '@/test/registry/test-plugins';

describe('fault isolation', () => {
  class ThrowsInConstructor implements ToolFactory {
    constructor() {
      throw new Error('boom in constructor');
    }
    name(): string {
      return 'never';
    }
    create(): Tool {
      return new EchoTool('never', 'ThrowsInConstructor');
    }
  }
  class ThrowsInBind implements ToolFactory {
    name(): string {
      return 'bind_breaker';
    }
    bind(): void {
      throw new Error('boom in bind');
    }
    create(): Tool {
      return new EchoTool('bind_breaker', 'ThrowsInBind');
    }
  }
  class ThrowsInIsAvailable implements MultiToolProvider {
    isAvailable(): boolean {
      throw new Error('boom in isAvailable');
    }
    toolNames(): ReadonlySet<string> {
      return new Set(['avail_tool']);
    }
    create(toolName: string): Tool {
      return new EchoTool(toolName, 'ThrowsInIsAvailable');
    }
  }
  class ThrowsInToolNames implements MultiToolProvider {
    toolNames(): ReadonlySet<string> {
      throw new Error('boom in toolNames');
    }
    create(toolName: string): Tool {
      return new EchoTool(toolName, 'ThrowsInToolNames');
    }
  }
  class ThrowsInCreate implements ToolFactory {
    name(): string {
      return 'create_breaker';
    }
    create(): Tool {
      throw new Error('boom in create');
    }
  }
  class MissingCreate {
    name(): string {
      return 'half_done';
    }
  }

  const cases: { what: string; registration: PluginRegistration; entry: string; phase: string; message: string }[] = [
    { what: 'throws in its constructor', entry: 'ThrowsInConstructor', phase: 'construct', message: 'boom in constructor',
      registration: factory(ThrowsInConstructor) },
    { what: 'throws in bind', entry: 'ThrowsInBind', phase: 'bind', message: 'boom in bind',
      registration: factory(ThrowsInBind) },
    { what: 'throws in isAvailable', entry: 'ThrowsInIsAvailable', phase: 'isAvailable', message: 'boom in isAvailable',
      registration: provider(ThrowsInIsAvailable) },
    { what: 'throws in toolNames', entry: 'ThrowsInToolNames', phase: 'toolNames', message: 'boom in toolNames',
      registration: provider(ThrowsInToolNames) },
    { what: 'throws in create', entry: 'ThrowsInCreate', phase: 'create', message: 'boom in create',
      registration: factory(ThrowsInCreate) },
    { what: 'cannot be loaded', entry: 'LoadBreaker', phase: 'import', message: 'boom in load',
      registration: rawRegistration('LoadBreaker', 'factory', () => { throw new Error('boom in load'); }) },
    { what: 'exports something that is not a class', entry: 'NotAClass', phase: 'import', message: 'not a class',
      registration: rawRegistration('NotAClass', 'provider', () => ({ toolNames: () => new Set() })) },
    { what: 'has no create()', entry: 'MissingCreate', phase: 'construct', message: 'create()',
      registration: factory(MissingCreate) },
  ];

  it.each(cases)(
    'reports a plugin that $what with its source, entry and phase, and keeps the rest working',
    async ({ registration, entry, phase, message }) => {
      const registry = await loadRegistry([registration, factory(HEALTHY, 'builtin')]);

      const catalogue = registry.catalogue();
      const failure = registry.diagnostics().find((diagnostic) => diagnostic.kind === 'failed');

      expect(failure).toMatchObject({ source: 'acme', entry, phase });
      expect(failure?.message).toContain(message);
      expect(catalogue.find((e) => e.name === 'word_count')).toMatchObject({ available: true, source: 'builtin' });
      expect(registry.knownToolNames().has('word_count')).toBe(true);
      expect(builtBy(registry.resolve(bindingFor('word_count'), callScope))).toBe('WordCountToolFactory');
    },
  );

  it('awaits a plugin\'s async bind and reports its rejection as a failed bind', async () => {
    class AsyncBindBreaker implements ToolFactory {
      name(): string {
        return 'async_bind_breaker';
      }
      async bind(): Promise<void> {
        await Promise.resolve();
        throw new Error('boom in async bind');
      }
      create(): Tool {
        return new EchoTool('async_bind_breaker', 'AsyncBindBreaker');
      }
    }

    const registry = await loadRegistry([factory(AsyncBindBreaker), factory(HEALTHY, 'builtin')]);

    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ kind: 'failed', entry: 'AsyncBindBreaker', phase: 'bind', message: expect.stringContaining('boom in async bind') }),
    );
    expect(entryNamed(registry, 'async_bind_breaker')).toMatchObject({ available: false });
    expectResolutionError(registry, 'async_bind_breaker', 'unavailable');
    expect(registry.knownToolNames().has('word_count')).toBe(true);
  });

  it('reports a factory whose name() throws and loads the rest', async () => {
    class NamelessFactory implements ToolFactory {
      name(): string {
        throw new Error('boom in name');
      }
      create(): Tool {
        return new EchoTool('nameless', 'NamelessFactory');
      }
    }
    const registry = await loadRegistry([factory(NamelessFactory), factory(HEALTHY)]);

    expect(registry.diagnostics()).toMatchObject([{ kind: 'failed', entry: 'NamelessFactory', phase: 'name' }]);
    expect([...registry.knownToolNames()]).toEqual(['word_count']);
  });

  it('reports a group() that throws and files the plugin under "general"', async () => {
    class GrouplessFactory implements ToolFactory {
      name(): string {
        return 'groupless';
      }
      group(): string {
        throw new Error('boom in group');
      }
      create(): Tool {
        return new EchoTool('groupless', 'GrouplessFactory');
      }
    }
    const registry = await loadRegistry([factory(GrouplessFactory)]);

    expect(entryNamed(registry, 'groupless')).toMatchObject({ group: 'general', available: true });
    expect(registry.diagnostics()).toMatchObject([{ kind: 'failed', entry: 'GrouplessFactory', phase: 'group' }]);
  });

  it('shows a factory whose bind threw as unavailable with its error', async () => {
    const registry = await loadRegistry([factory(ThrowsInBind)]);

    expect(entryNamed(registry, 'bind_breaker')).toMatchObject({ available: false });
    expect(entryNamed(registry, 'bind_breaker').unavailableReason).toContain('boom in bind');
    expect(expectResolutionError(registry, 'bind_breaker', 'unavailable').message).toContain('boom in bind');
  });

  it('shows a factory whose tool cannot be built as unavailable with its error', async () => {
    const registry = await loadRegistry([factory(ThrowsInCreate)]);

    expect(entryNamed(registry, 'create_breaker')).toMatchObject({ available: false, kind: 'factory' });
    expect(entryNamed(registry, 'create_breaker').unavailableReason).toContain('boom in create');
  });

  it('shows a provider whose isAvailable threw as an unavailable bundle with its error', async () => {
    const registry = await loadRegistry([provider(ThrowsInIsAvailable)]);

    expect(entryNamed(registry, 'general_*').unavailableReason).toContain('boom in isAvailable');
    expectResolutionError(registry, 'avail_tool', 'unknown');
  });

  it('drops a fault from diagnostics once the same call succeeds again', async () => {
    let isBroken = true;
    class RecoveringBundle implements MultiToolProvider {
      toolNames(): ReadonlySet<string> {
        if (isBroken) throw new Error('store unreachable');
        return new Set(['recovered_tool']);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'RecoveringBundle');
      }
    }
    const registry = await loadRegistry([provider(RecoveringBundle)]);
    registry.catalogue();
    expect(registry.diagnostics()).toMatchObject([{ kind: 'failed', phase: 'toolNames' }]);

    isBroken = false;

    expect(registry.catalogue().map((entry) => entry.name)).toEqual(['recovered_tool']);
    expect(registry.diagnostics()).toEqual([]);
  });
});
