import { describe, expect, it } from 'vitest';
import { registerInstance } from './registration';
import type { KnownTool, MultiToolProvider, Tool } from './spi';
import { bindingFor, callScope, EchoTool, entryNamed, expectResolutionError, loadRegistry } from '@/test/registry/test-plugins';

/** A remote bundle that can go away, remembering the tools it served (`lastKnownTools`). */
class RemoteBundle implements MultiToolProvider {
  isUp = true;
  reason = 'The server stopped: it was killed by SIGTERM';
  private readonly names = new Set(['remote_search', 'remote_read']);
  private readonly known = new Map<string, KnownTool>([
    ['remote_search', { description: 'Searches', parametersSchema: { type: 'object', properties: { q: { type: 'string' } } } }],
    ['remote_read', { description: 'Reads', parametersSchema: { type: 'object', properties: {} } }],
  ]);
  remembers = true;
  /** What `unavailableSince()` answers (a plugin may answer anything). */
  since: unknown = undefined;
  group(): string {
    return 'remote';
  }
  isAvailable(): boolean {
    return this.isUp;
  }
  unavailableReason(): string {
    return this.reason;
  }
  unavailableSince(): string | undefined {
    return this.since as string | undefined;
  }
  toolNames(): ReadonlySet<string> {
    return this.names;
  }
  lastKnownTools(): ReadonlyMap<string, KnownTool> {
    return this.remembers ? this.known : new Map();
  }
  create(toolName: string): Tool | undefined {
    return this.names.has(toolName) ? new EchoTool(toolName, 'RemoteBundle') : undefined;
  }
}

describe('an unavailable provider that remembers its tools (lastKnownTools)', () => {
  it('keeps each tool in the catalogue under its own name, unavailable with the reason and its last schema', async () => {
    const bundle = new RemoteBundle();
    const registry = await loadRegistry([registerInstance('mcp:remote', 'provider', bundle, 'remote')]);
    expect(entryNamed(registry, 'remote_search').available).toBe(true);

    bundle.isUp = false;

    const names = registry.catalogue().map((entry) => entry.name);
    expect(names).toEqual(['remote_read', 'remote_search']);
    expect(entryNamed(registry, 'remote_search')).toMatchObject({
      available: false,
      unavailableReason: 'The server stopped: it was killed by SIGTERM',
      description: 'Searches',
      parametersSchema: { type: 'object', properties: { q: { type: 'string' } } },
      kind: 'provider',
    });
    expect(registry.entry('remote_read')).toMatchObject({ name: 'remote_read', available: false });
    expect(registry.knownToolNames().has('remote_search')).toBe(true);
    const error = expectResolutionError(registry, 'remote_search', 'unavailable');
    expect(error.message).toContain('killed by SIGTERM');
  });

  it('serves the tools again once the provider is back, and shows one bundle row when it remembers nothing', async () => {
    const bundle = new RemoteBundle();
    const registry = await loadRegistry([registerInstance('mcp:remote', 'provider', bundle, 'remote')]);
    bundle.isUp = false;
    expect(registry.catalogue()).toHaveLength(2);

    bundle.isUp = true;
    expect(registry.resolve(bindingFor('remote_read'), callScope).name()).toBe('remote_read');
    expect(registry.catalogue().every((entry) => entry.available)).toBe(true);

    bundle.isUp = false;
    bundle.remembers = false;
    expect(registry.catalogue().map((entry) => entry.name)).toEqual(['remote_*']);
    expect(registry.entry('remote_read')).toBeUndefined();
    expect(registry.knownToolNames().has('remote_read')).toBe(false);
  });

  it('logs a malformed answer as a fault and falls back to the bundle row', async () => {
    const bundle = new RemoteBundle();
    Object.assign(bundle, { lastKnownTools: () => ['remote_search'] });
    const registry = await loadRegistry([registerInstance('mcp:remote', 'provider', bundle, 'remote')]);
    bundle.isUp = false;
    expect(registry.catalogue().map((entry) => entry.name)).toEqual(['remote_*']);
    expect(registry.diagnostics().map((diagnostic) => diagnostic.message).join('\n')).toContain('lastKnownTools() must return a Map');
  });
});

describe('since when an unavailable provider is away (unavailableSince)', () => {
  it('carries the time on every entry while it is away, follows a new time, and drops it once the provider is back', async () => {
    const bundle = new RemoteBundle();
    const registry = await loadRegistry([registerInstance('mcp:remote', 'provider', bundle, 'remote')]);
    bundle.isUp = false;
    bundle.since = '2026-12-04T10:42:13.000Z';
    expect(registry.catalogue().map((entry) => [entry.name, entry.unavailableSince])).toEqual([
      ['remote_read', '2026-12-04T10:42:13.000Z'],
      ['remote_search', '2026-12-04T10:42:13.000Z'],
    ]);
    expect(registry.entry('remote_read')).toMatchObject({ unavailableReason: 'The server stopped: it was killed by SIGTERM', unavailableSince: '2026-12-04T10:42:13.000Z' });

    // The reason stays the same, the time moves (a new outage): the cached catalogue follows.
    bundle.since = '2026-12-04T11:00:00+01:00';
    expect(registry.catalogue().map((entry) => entry.unavailableSince)).toEqual(['2026-12-04T10:00:00.000Z', '2026-12-04T10:00:00.000Z']);

    bundle.remembers = false;
    expect(registry.catalogue()).toEqual([expect.objectContaining({ name: 'remote_*', unavailableSince: '2026-12-04T10:00:00.000Z' })]);

    bundle.isUp = true;
    expect(registry.catalogue().some((entry) => 'unavailableSince' in entry)).toBe(false);
  });

  it('leaves the time out, with a fault, when the answer is not a time; the reason still shows', async () => {
    const bundle = new RemoteBundle();
    const registry = await loadRegistry([registerInstance('mcp:remote', 'provider', bundle, 'remote')]);
    bundle.isUp = false;
    bundle.since = 'a while ago';
    expect(entryNamed(registry, 'remote_read')).toMatchObject({ available: false, unavailableReason: 'The server stopped: it was killed by SIGTERM' });
    expect('unavailableSince' in entryNamed(registry, 'remote_read')).toBe(false);
    expect(registry.diagnostics()).toContainEqual(expect.objectContaining({ kind: 'failed', phase: 'unavailableSince', message: expect.stringContaining('must return an ISO 8601 time') }));
  });
});

describe('a provider replaced by another of the same source (a server disabled)', () => {
  it('shows the new one at once, whatever the old one\'s change count was', async () => {
    for (let changes = 0; changes < 8; changes += 1) {
      const bundle = new RemoteBundle();
      const registry = await loadRegistry([registerInstance('mcp:remote', 'provider', bundle, 'remote')]);
      // Each reading after the bundle flips counts changes on its handle.
      for (let flip = 0; flip < changes; flip += 1) {
        bundle.isUp = !bundle.isUp;
        registry.catalogue();
      }
      bundle.isUp = true;
      expect(registry.catalogue().every((entry) => entry.available)).toBe(true);

      registry.remove('mcp:remote', 'remote');
      const disabled = new RemoteBundle();
      disabled.isUp = false;
      disabled.reason = 'The server is disabled';
      disabled.remembers = false;
      expect(await registry.add(registerInstance('mcp:remote', 'provider', disabled, 'remote'))).toBeUndefined();

      expect(registry.catalogue(), `after ${changes} changes`).toEqual([expect.objectContaining({ name: 'remote_*', available: false, unavailableReason: 'The server is disabled' })]);
    }
  });
});
