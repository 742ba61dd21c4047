import { describe, expect, it } from 'vitest';
import { registerInstance } from './registration';
import type { MultiToolProvider, ToolFactory } from './spi';
import { ToolRegistry } from './tool-registry';

/** A provider whose names, descriptions, version and availability the test changes. */
function liveBundle(group: string, state: { names: Set<string>; description?: string; version?: number; isAvailable?: boolean; reason?: string }) {
  let reads = 0;
  const provider: MultiToolProvider = {
    group: () => group,
    toolNames: () => {
      reads += 1;
      return state.names;
    },
    isAvailable: () => state.isAvailable ?? true,
    unavailableReason: () => state.reason,
    create: (toolName) =>
      state.names.has(toolName)
        ? { name: () => toolName, description: () => state.description ?? `Tool ${toolName}`, parametersSchema: () => ({}), execute: async () => '' }
        : undefined,
  };
  if (state.version !== undefined) provider.toolsVersion = () => state.version!;
  return { provider, reads: () => reads };
}

/** A factory whose availability, reason and settings the test changes. */
function liveFactory(name: string, state: { isAvailable: boolean; reason?: string; settings?: Record<string, unknown> }): ToolFactory {
  return {
    name: () => name,
    isAvailable: () => state.isAvailable,
    unavailableReason: () => state.reason,
    overridesSchema: () => ({ type: 'object', properties: state.settings ?? {} }),
    create: () => ({ name: () => name, description: () => `Tool ${name}`, parametersSchema: () => ({}), execute: async () => '' }),
  };
}

async function registryWith(plugins: { entry: string; kind: 'factory' | 'provider'; plugin: object }[], clock?: { now: number }) {
  return ToolRegistry.load({
    registrations: plugins.map(({ entry, kind, plugin }) => registerInstance('acme', kind, plugin, entry)),
    ...(clock ? { now: () => clock.now } : {}),
  });
}

const names = (registry: ToolRegistry) => registry.reading().tools.map((tool) => tool.name);

describe('the catalogue version', () => {
  it('stays the same, with the very same reading, while nothing changes, reading each provider\'s names once per reading', async () => {
    const mail = liveBundle('mail', { names: new Set(['mail_send']) });
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: mail.provider }]);
    const first = registry.reading();
    const readsBefore = mail.reads();

    const second = registry.reading();

    expect(second.version).toBe(first.version);
    expect(second.tools).toBe(first.tools);
    expect(second.diagnostics).toBe(first.diagnostics);
    // The spec: names are consulted on every lookup, even when nothing is rebuilt.
    expect(mail.reads()).toBe(readsBefore + 1);
  });

  it('moves at once when a provider is added or removed while the app runs', async () => {
    const registry = await registryWith([]);
    const empty = registry.catalogueVersion();

    await registry.add(registerInstance('mcp:mail', 'provider', liveBundle('mail', { names: new Set(['mail_send']) }).provider, 'mail'));
    const added = registry.catalogueVersion();
    expect(added).not.toBe(empty);
    expect(names(registry)).toEqual(['mail_send']);

    registry.remove('mcp:mail', 'mail');
    expect(registry.catalogueVersion()).not.toBe(added);
    expect(names(registry)).toEqual([]);
  });

  it('moves at once when a provider without toolsVersion() serves other names, even from the same Set changed in place', async () => {
    const state = { names: new Set(['mail_send']) };
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: liveBundle('mail', state).provider }]);
    const before = registry.catalogueVersion();

    state.names.add('mail_search');

    expect(registry.catalogueVersion()).not.toBe(before);
    expect(names(registry)).toEqual(['mail_search', 'mail_send']);
    expect(registry.knownToolNames().has('mail_search')).toBe(true);
  });

  it('moves at once when a provider swaps one name for another in the same Set, its size unchanged', async () => {
    const state = { names: new Set(['mail_read', 'mail_send']) };
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: liveBundle('mail', state).provider }]);
    const before = registry.catalogueVersion();

    state.names.delete('mail_read');
    state.names.add('mail_search');

    expect(registry.catalogueVersion()).not.toBe(before);
    expect(names(registry)).toEqual(['mail_search', 'mail_send']);
  });

  it('moves at once when a provider drops a name and repeats another, so that it gives as many names as before', async () => {
    const state = { answer: ['mail_read', 'mail_search', 'mail_send'] };
    const provider: MultiToolProvider = {
      group: () => 'mail',
      toolNames: () => state.answer as unknown as Set<string>,
      create: (toolName) => ({ name: () => toolName, description: () => `Tool ${toolName}`, parametersSchema: () => ({}), execute: async () => '' }),
    };
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: provider }]);
    const before = registry.catalogueVersion();

    state.answer = ['mail_read', 'mail_send', 'mail_send'];

    expect(registry.catalogueVersion()).not.toBe(before);
    expect(names(registry)).toEqual(['mail_read', 'mail_send']);
    expect(registry.knownToolNames().has('mail_search')).toBe(false);
  });

  it('moves at once when a provider changes one name of the same array in place, its length unchanged', async () => {
    const answer = ['mail_read', 'mail_send'];
    const provider: MultiToolProvider = {
      group: () => 'mail',
      toolNames: () => answer as unknown as Set<string>,
      create: (toolName) => ({ name: () => toolName, description: () => `Tool ${toolName}`, parametersSchema: () => ({}), execute: async () => '' }),
    };
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: provider }]);
    const before = registry.catalogueVersion();

    answer[0] = 'mail_search';

    expect(registry.catalogueVersion()).not.toBe(before);
    expect(names(registry)).toEqual(['mail_search', 'mail_send']);
  });

  it('reads a Set or an array that iterates its own way through its iterator, as it reads any other iterable', async () => {
    const state = { extra: 'read' };
    const listedSet = new Set(['set_send']);
    Object.defineProperty(listedSet, Symbol.iterator, { value: function* () { yield 'set_send'; yield `set_${state.extra}`; } });
    const listedArray = ['array_send'];
    Object.defineProperty(listedArray, Symbol.iterator, { value: function* () { yield 'array_send'; yield `array_${state.extra}`; } });
    const providerOf = (group: string, answer: object): MultiToolProvider => ({
      group: () => group,
      toolNames: () => answer as Set<string>,
      create: (toolName) => ({ name: () => toolName, description: () => `Tool ${toolName}`, parametersSchema: () => ({}), execute: async () => '' }),
    });
    const registry = await registryWith([
      { entry: 'Sets', kind: 'provider', plugin: providerOf('sets', listedSet) },
      { entry: 'Arrays', kind: 'provider', plugin: providerOf('arrays', listedArray) },
    ]);
    expect(names(registry).sort()).toEqual(['array_read', 'array_send', 'set_read', 'set_send']);
    const before = registry.catalogueVersion();

    state.extra = 'search';

    expect(registry.catalogueVersion()).not.toBe(before);
    expect(names(registry).sort()).toEqual(['array_search', 'array_send', 'set_search', 'set_send']);
  });

  it('stays the same when a provider gives the same names in another order, and notices a change after it', async () => {
    const state = { names: new Set(['mail_read', 'mail_send']) };
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: liveBundle('mail', state).provider }]);
    const first = registry.reading();

    state.names = new Set(['mail_send', 'mail_read']);
    const reordered = registry.reading();
    expect(reordered.version).toBe(first.version);
    expect(reordered.tools).toBe(first.tools);

    state.names.add('mail_search');
    expect(registry.catalogueVersion()).not.toBe(first.version);
    expect(names(registry)).toEqual(['mail_read', 'mail_search', 'mail_send']);
  });

  it('moves at once when a provider\'s toolsVersion() moves with the same names, and shows the new description', async () => {
    const state = { names: new Set(['mail_send']), description: 'Sends a mail', version: 1 };
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: liveBundle('mail', state).provider }]);
    const before = registry.catalogueVersion();

    state.description = 'Sends a mail, with attachments';
    state.version = 2;

    expect(registry.catalogueVersion()).not.toBe(before);
    expect(registry.reading().tools[0]?.description).toBe('Sends a mail, with attachments');
  });

  it('moves at once when a factory or a bundle becomes unavailable, when its reason changes and when it comes back', async () => {
    const tool = { isAvailable: true, reason: undefined as string | undefined };
    const mail = { names: new Set(['mail_send']), isAvailable: true, reason: undefined as string | undefined };
    const registry = await registryWith([
      { entry: 'Word', kind: 'factory', plugin: liveFactory('word_count', tool) },
      { entry: 'Mail', kind: 'provider', plugin: liveBundle('mail', mail).provider },
    ]);
    const seen = new Set([registry.catalogueVersion()]);
    const expectNewVersion = () => {
      const version = registry.catalogueVersion();
      expect(seen.has(version)).toBe(false);
      seen.add(version);
    };

    Object.assign(tool, { isAvailable: false, reason: 'Missing WORD_KEY' });
    expectNewVersion();
    expect(registry.reading().tools.find((entry) => entry.name === 'word_count')?.unavailableReason).toBe('Missing WORD_KEY');

    tool.reason = 'Missing WORD_SECRET';
    expectNewVersion();
    expect(registry.reading().tools.find((entry) => entry.name === 'word_count')?.unavailableReason).toBe('Missing WORD_SECRET');

    Object.assign(mail, { isAvailable: false, reason: 'The server went away' });
    expectNewVersion();
    expect(registry.reading().tools.find((entry) => entry.group === 'mail')).toMatchObject({ name: 'mail_*', available: false, unavailableReason: 'The server went away' });

    Object.assign(tool, { isAvailable: true });
    Object.assign(mail, { isAvailable: true });
    expectNewVersion();
    expect(registry.reading().tools.every((entry) => entry.available)).toBe(true);
  });

  it('shows a change it does not observe (a factory\'s settings schema) after recheckMs, or at once after invalidate()', async () => {
    const clock = { now: 0 };
    const tool = { isAvailable: true, settings: {} as Record<string, unknown> };
    const registry = await registryWith([{ entry: 'Word', kind: 'factory', plugin: liveFactory('word_count', tool) }], clock);
    const before = registry.catalogueVersion();

    tool.settings = { max: { type: 'integer' } };
    clock.now += 1_000;
    const rechecked = registry.catalogueVersion();
    expect(rechecked).not.toBe(before);
    expect(registry.reading().tools[0]?.overridesSchema).toEqual({ type: 'object', properties: { max: { type: 'integer' } } });

    tool.settings = {};
    registry.invalidate();
    expect(registry.catalogueVersion()).not.toBe(rechecked);
    expect(registry.reading().tools[0]?.overridesSchema).toEqual({ type: 'object', properties: {} });
  });

  it('keeps the version when a recheck finds the same catalogue', async () => {
    const clock = { now: 0 };
    const registry = await registryWith([{ entry: 'Word', kind: 'factory', plugin: liveFactory('word_count', { isAvailable: true }) }], clock);
    const first = registry.reading();

    clock.now += 5_000;
    registry.invalidate();

    const again = registry.reading();
    expect(again.version).toBe(first.version);
    expect(again.tools).toBe(first.tools);
  });

  it('moves when a plugin fault is recorded or cleared, and tries a tool that failed to build again at every reading', async () => {
    let isBroken = true;
    const provider: MultiToolProvider = {
      group: () => 'mail',
      toolNames: () => new Set(['mail_send']),
      create: (toolName) => ({
        name: () => toolName,
        description: () => {
          if (isBroken) throw new Error('no description yet');
          return 'Sends a mail';
        },
        parametersSchema: () => ({}),
        execute: async () => '',
      }),
    };
    const registry = await registryWith([{ entry: 'Mail', kind: 'provider', plugin: provider }]);
    const broken = registry.reading();
    expect(broken.tools[0]).toMatchObject({ name: 'mail_send', available: false });
    expect(broken.diagnostics).toMatchObject([{ kind: 'failed', toolName: 'mail_send' }]);

    isBroken = false;

    const fixed = registry.reading();
    expect(fixed.version).not.toBe(broken.version);
    expect(fixed.tools[0]).toMatchObject({ name: 'mail_send', available: true, description: 'Sends a mail' });
    expect(fixed.diagnostics).toEqual([]);
  });
});
