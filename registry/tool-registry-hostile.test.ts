import { describe, expect, it } from 'vitest';
import { ToolRegistry } from './tool-registry';
import type { MultiToolProvider, Tool, ToolFactory } from './spi';
import {
  bindingFor,
  builtBy,
  callScope,
  EchoTool,
  echoFactory,
  entryNamed,
  expectResolutionError,
  factory,
  HEALTHY,
  loadRegistry,
  provider,
  setProvider,
} from '@/test/registry/test-plugins';

/** Plugins that break the SPI's contract in ways plain JavaScript allows. */
describe('plugins that misbehave', () => {
  it('lets a conflict winner that throws fail, instead of handing its name to the next claimant', async () => {
    class Official implements ToolFactory {
      name(): string {
        return 'search';
      }
      create(): Tool {
        throw new Error('official search is broken');
      }
    }
    const registry = await loadRegistry([factory(Official, 'builtin'), factory(echoFactory('search', 'Rogue'), 'rogue-pkg')]);

    expect(expectResolutionError(registry, 'search', 'failed').message).toContain('official search is broken');
    expect(entryNamed(registry, 'search')).toMatchObject({ source: 'builtin', available: false });
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ kind: 'conflict', toolName: 'search', message: expect.stringContaining('builtin Official wins') }),
    );
  });

  it('isolates members that are getters which throw', async () => {
    class GetterTrap {
      name(): string {
        return 'trap';
      }
      get isAvailable(): () => boolean {
        throw new Error('getter trap');
      }
      create(): Tool {
        return new EchoTool('trap', 'GetterTrap');
      }
    }
    const registry = await loadRegistry([factory(GetterTrap), factory(HEALTHY)]);

    expect(entryNamed(registry, 'trap')).toMatchObject({ available: false, unavailableReason: expect.stringContaining('getter trap') });
    expect(builtBy(registry.resolve(bindingFor('word_count'), callScope))).toBe('WordCountToolFactory');
  });

  it('reports a create() that throws something that is not an Error as a failure', async () => {
    class ThrowsUndefined implements ToolFactory {
      name(): string {
        return 'throws_undefined';
      }
      create(): Tool {
        throw undefined;
      }
    }
    const registry = await loadRegistry([factory(ThrowsUndefined)]);

    expectResolutionError(registry, 'throws_undefined', 'failed');
    expect(entryNamed(registry, 'throws_undefined')).toMatchObject({ available: false, kind: 'factory' });
  });

  it('refuses an async create() without leaving an unhandled rejection behind', async () => {
    class AsyncCreate {
      name(): string {
        return 'async_create';
      }
      async create(): Promise<Tool> {
        throw new Error('rejected later');
      }
    }
    const registry = await loadRegistry([factory(AsyncCreate)]);

    expect(expectResolutionError(registry, 'async_create', 'failed').message).toContain('returned a Promise');
    expect(entryNamed(registry, 'async_create').available).toBe(false);
    // vitest fails the run on an unhandled rejection; give one the chance to surface.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('takes an isAvailable() that answers with a promise as unavailable, saying why', async () => {
    class AsyncAvailability {
      name(): string {
        return 'async_available';
      }
      async isAvailable(): Promise<boolean> {
        return false;
      }
      create(): Tool {
        return new EchoTool('async_available', 'AsyncAvailability');
      }
    }
    const registry = await loadRegistry([factory(AsyncAvailability)]);

    expect(entryNamed(registry, 'async_available').unavailableReason).toContain('returned a Promise');
    expectResolutionError(registry, 'async_available', 'unavailable');
  });

  it('gives up on a bind() that never finishes and loads the rest', async () => {
    class Hangs implements ToolFactory {
      name(): string {
        return 'hangs';
      }
      bind(): Promise<void> {
        return new Promise(() => undefined);
      }
      create(): Tool {
        return new EchoTool('hangs', 'Hangs');
      }
    }
    const registry = await ToolRegistry.load({ registrations: [factory(Hangs), factory(HEALTHY)], bindTimeoutMs: 50 });

    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ kind: 'failed', phase: 'bind', message: expect.stringContaining('did not finish') }),
    );
    expect(entryNamed(registry, 'hangs').available).toBe(false);
    expect(entryNamed(registry, 'word_count').available).toBe(true);
  });

  it('greys out a tool whose parameters schema is not plain JSON, so the catalogue still serialises', async () => {
    class CyclicSchema implements ToolFactory {
      name(): string {
        return 'cyclic';
      }
      create(): Tool {
        const tool = new EchoTool('cyclic', 'CyclicSchema');
        const schema: Record<string, unknown> = { type: 'object' };
        schema.self = schema;
        tool.parametersSchema = () => schema;
        return tool;
      }
    }
    const registry = await loadRegistry([factory(CyclicSchema), factory(HEALTHY)]);

    expect(() => JSON.stringify(registry.catalogue())).not.toThrow();
    expect(entryNamed(registry, 'cyclic')).toMatchObject({ available: false, unavailableReason: expect.stringContaining('not plain JSON') });
    expect(registry.diagnostics()).toContainEqual(expect.objectContaining({ phase: 'tool', toolName: 'cyclic' }));
  });

  it('lists a provider whose toolNames() throws as one greyed bundle entry with the error', async () => {
    class BrokenBundle implements MultiToolProvider {
      group(): string {
        return 'crm';
      }
      toolNames(): ReadonlySet<string> {
        throw new Error('CRM directory unreadable');
      }
      create(): Tool | undefined {
        return undefined;
      }
    }
    const registry = await loadRegistry([provider(BrokenBundle)]);

    expect(entryNamed(registry, 'crm_*')).toMatchObject({
      available: false,
      kind: 'provider',
      unavailableReason: expect.stringContaining('CRM directory unreadable'),
    });
  });

  it('refuses a toolNames() that returns a string rather than a set of names', async () => {
    class StringNames {
      toolNames(): string {
        return 'abc';
      }
      create(): Tool | undefined {
        return undefined;
      }
    }
    const registry = await loadRegistry([provider(StringNames)]);

    expect(registry.knownToolNames().size).toBe(0);
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ phase: 'toolNames', message: expect.stringContaining('must return a set of strings') }),
    );
  });

  it('forgets the fault of a tool the provider no longer serves', async () => {
    const names = new Set(['box_good', 'box_bad']);
    class Box implements MultiToolProvider {
      group(): string {
        return 'box';
      }
      toolNames(): ReadonlySet<string> {
        return names;
      }
      create(toolName: string): Tool {
        if (toolName === 'box_bad') throw new Error('bad box');
        return new EchoTool(toolName, 'Box');
      }
    }
    const registry = await loadRegistry([provider(Box)]);
    registry.catalogue();
    expect(registry.diagnostics()).toContainEqual(expect.objectContaining({ toolName: 'box_bad' }));

    names.delete('box_bad');
    registry.catalogue();

    expect(registry.diagnostics()).toEqual([]);
  });

  it('accepts streamsResultToUser written as a boolean property', async () => {
    class Streaming implements ToolFactory {
      name(): string {
        return 'streaming';
      }
      create(): Tool {
        return Object.assign(new EchoTool('streaming', 'Streaming'), { streamsResultToUser: true }) as unknown as Tool;
      }
    }
    const registry = await loadRegistry([factory(Streaming)]);

    expect(entryNamed(registry, 'streaming')).toMatchObject({ available: true, streamsResultToUser: true });
  });

  it('still lists a provider\'s other names when one of them is not a string', async () => {
    const registry = await loadRegistry([
      provider(setProvider('mixed', new Set(['mixed_ok', 42 as unknown as string]), 'MixedNames')),
    ]);

    expect([...registry.knownToolNames()]).toEqual(['mixed_ok']);
    expect(registry.diagnostics()).toContainEqual(expect.objectContaining({ phase: 'toolNames', message: expect.stringContaining('not tool names') }));
  });
});
