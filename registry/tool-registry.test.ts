import { describe, expect, it } from 'vitest';
import { createToolEnvironment, provide } from './environment';
import { TOOL_CATALOGUE } from './tool-registry';
import type { ToolCatalogue } from './catalogue';
import { serviceKey, type JsonSchema, type MultiToolProvider, type Tool, type ToolEnvironment, type ToolFactory } from './spi';
import {
  callScope,
  bindingFor,
  EchoTool,
  echoFactory,
  setProvider,
  loadRegistry,
  factory,
  provider,
  expectResolutionError,
  entryNamed,
  HEALTHY,
  offlineFactory,
} from '@/test/registry/test-plugins';

// ---- lifecycle ------------------------------------------------------------------------------

describe('lifecycle', () => {
  it('constructs, binds, checks availability and only then creates', async () => {
    const steps: string[] = [];
    class RecordingFactory implements ToolFactory {
      constructor() {
        steps.push('constructor');
      }
      name(): string {
        return 'recorded';
      }
      bind(): void {
        steps.push('bind');
      }
      isAvailable(): boolean {
        steps.push('isAvailable');
        return true;
      }
      create(): Tool {
        steps.push('create');
        return new EchoTool('recorded', 'RecordingFactory');
      }
    }

    const registry = await loadRegistry([factory(RecordingFactory)]);
    expect(steps).toEqual(['constructor', 'bind', 'isAvailable']);

    registry.resolve(bindingFor('recorded'), callScope);
    expect(steps.indexOf('create')).toBeGreaterThan(steps.indexOf('isAvailable'));
    expect(steps.at(-1)).toBe('create');
  });

  it('follows the same order for a provider', async () => {
    const steps: string[] = [];
    class RecordingProvider implements MultiToolProvider {
      constructor() {
        steps.push('constructor');
      }
      bind(): void {
        steps.push('bind');
      }
      isAvailable(): boolean {
        steps.push('isAvailable');
        return true;
      }
      toolNames(): ReadonlySet<string> {
        return new Set(['rec_one']);
      }
      create(toolName: string): Tool {
        steps.push('create');
        return new EchoTool(toolName, 'RecordingProvider');
      }
    }

    const registry = await loadRegistry([provider(RecordingProvider)]);
    expect(steps).toEqual(['constructor', 'bind', 'isAvailable']);

    registry.resolve(bindingFor('rec_one'), callScope);
    expect(steps.at(-1)).toBe('create');
  });

  it('binds each plugin exactly once however often the catalogue is read or tools are resolved', async () => {
    let binds = 0;
    class CountingFactory implements ToolFactory {
      name(): string {
        return 'counted';
      }
      bind(): void {
        binds += 1;
      }
      create(): Tool {
        return new EchoTool('counted', 'CountingFactory');
      }
    }
    class CountingProvider implements MultiToolProvider {
      bind(): void {
        binds += 1;
      }
      toolNames(): ReadonlySet<string> {
        return new Set(['bundle_a']);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'CountingProvider');
      }
    }

    const registry = await loadRegistry([factory(CountingFactory), provider(CountingProvider)]);
    for (let round = 0; round < 5; round += 1) {
      registry.catalogue();
      registry.knownToolNames();
      registry.diagnostics();
      registry.resolve(bindingFor('counted'), callScope);
      registry.resolve(bindingFor('bundle_a'), callScope);
    }

    expect(binds).toBe(2);
  });

  it('offers the registry\'s own catalogue to plugins under TOOL_CATALOGUE', async () => {
    let catalogue: ToolCatalogue | undefined;
    class SearchFactory implements ToolFactory {
      name(): string {
        return 'tool_search';
      }
      bind(env: ToolEnvironment): void {
        catalogue = env.require(TOOL_CATALOGUE);
      }
      create(): Tool {
        return new EchoTool('tool_search', 'SearchFactory');
      }
    }

    const registry = await loadRegistry([factory(SearchFactory), factory(HEALTHY)]);

    expect(catalogue?.entries().map((entry) => entry.name)).toEqual(['tool_search', 'word_count']);
    expect(catalogue?.groups()).toEqual(['general']);
    expect(entryNamed(registry, 'tool_search').available).toBe(true);
  });

  it('hands bind the host services and settings', async () => {
    const GREETING = serviceKey<{ text: string }>('acme.greeting');
    let seen: string[] = [];
    class GreetingFactory implements ToolFactory {
      name(): string {
        return 'greet';
      }
      bind(env: ToolEnvironment): void {
        seen = [env.require(GREETING).text, env.requireString('acme.api-key')];
      }
      create(): Tool {
        return new EchoTool('greet', 'GreetingFactory');
      }
    }
    const environment = createToolEnvironment({
      services: new Map([provide(GREETING, { text: 'hello' })]),
      env: { ACME_API_KEY: 'k-123' },
    });

    const registry = await loadRegistry([factory(GreetingFactory)], environment);

    expect(seen).toEqual(['hello', 'k-123']);
    expect(entryNamed(registry, 'greet').available).toBe(true);
  });
});

// ---- defaults -------------------------------------------------------------------------------

describe('defaults', () => {
  it('applies the defaults for every optional member a factory and its tool leave out', async () => {
    const registry = await loadRegistry([factory(echoFactory('plain', 'PlainFactory'))]);

    expect(entryNamed(registry, 'plain')).toMatchObject({
      group: 'general',
      available: true,
      overridesSchema: {},
      streamsResultToUser: false,
    });
    expect(registry.resolve(bindingFor('plain'), callScope).name()).toBe('plain');
  });

  it('puts a provider without group() in the "general" group', async () => {
    class UngroupedProvider implements MultiToolProvider {
      toolNames(): ReadonlySet<string> {
        return new Set(['loose_tool']);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'UngroupedProvider');
      }
    }

    const registry = await loadRegistry([provider(UngroupedProvider)]);

    expect(entryNamed(registry, 'loose_tool')).toMatchObject({ group: 'general', available: true, overridesSchema: {} });
  });

  it('uses the group, overrides schema and streaming flag a plugin declares', async () => {
    const baseDirSchema = { type: 'object', properties: { baseDir: { type: 'string' } }, required: ['baseDir'] };
    class StreamingTool extends EchoTool {
      streamsResultToUser(): boolean {
        return true;
      }
    }
    class ReadFileFactory implements ToolFactory {
      name(): string {
        return 'fs_read_file';
      }
      group(): string {
        return 'fs';
      }
      overridesSchema(): JsonSchema {
        return baseDirSchema;
      }
      create(): Tool {
        return new StreamingTool('fs_read_file', 'ReadFileFactory');
      }
    }

    const registry = await loadRegistry([factory(ReadFileFactory)]);

    expect(entryNamed(registry, 'fs_read_file')).toMatchObject({
      group: 'fs',
      overridesSchema: baseDirSchema,
      streamsResultToUser: true,
      description: 'fs_read_file built by ReadFileFactory',
    });
  });
});

// ---- known names and live provider sets -----------------------------------------------------

describe('knownToolNames', () => {
  it('is every factory\'s name plus every available provider\'s current names', async () => {
    const registry = await loadRegistry([
      factory(HEALTHY),
      provider(setProvider('workflow', new Set(['workflow_pipeline', 'workflow_deploy']), 'WorkflowTools')),
    ]);

    expect([...registry.knownToolNames()].sort()).toEqual(['word_count', 'workflow_deploy', 'workflow_pipeline']);
  });

  it('keeps an unavailable factory\'s name but never asks an unavailable provider for its names', async () => {
    let toolNamesCalls = 0;
    class OfflineBundle implements MultiToolProvider {
      isAvailable(): boolean {
        return false;
      }
      toolNames(): ReadonlySet<string> {
        toolNamesCalls += 1;
        return new Set(['offline_bundle_tool']);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'OfflineBundle');
      }
    }
    const OfflineFactory = offlineFactory('offline_factory_tool');
    const registry = await loadRegistry([provider(OfflineBundle), factory(OfflineFactory)]);

    expect([...registry.knownToolNames()]).toEqual(['offline_factory_tool']);
    registry.catalogue();
    expectResolutionError(registry, 'offline_bundle_tool', 'unknown');
    expect(toolNamesCalls).toBe(0);
  });

  it('shows a provider\'s changed names in the catalogue, knownToolNames and resolution without a restart', async () => {
    const workflows = new Set(['workflow_pipeline']);
    const registry = await loadRegistry([provider(setProvider('workflow', workflows, 'WorkflowTools'))]);
    expect([...registry.knownToolNames()]).toEqual(['workflow_pipeline']);

    workflows.add('workflow_deploy');
    workflows.delete('workflow_pipeline');

    expect([...registry.knownToolNames()]).toEqual(['workflow_deploy']);
    expect(registry.catalogue().map((entry) => entry.name)).toEqual(['workflow_deploy']);
    expect(registry.resolve(bindingFor('workflow_deploy'), callScope).name()).toBe('workflow_deploy');
    expectResolutionError(registry, 'workflow_pipeline', 'unknown');
  });
});
