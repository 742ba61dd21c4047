import { describe, expect, it } from 'vitest';
import { createToolEnvironment } from './environment';
import { serviceKey, type MultiToolProvider, type Tool, type ToolEnvironment, type ToolFactory } from './spi';
import {
  callScope,
  bindingFor,
  EchoTool,
  loadRegistry,
  factory,
  provider,
  expectResolutionError,
  entryNamed,
  HEALTHY,
  offlineFactory,
} from '@/test/registry/test-plugins';

describe('availability', () => {
  const MAILBOX = serviceKey<{ send(): void }>('acme.mailbox');

  const OfflineFactory = offlineFactory('offline_tool');

  class KeyedBundle implements MultiToolProvider {
    private apiKey: string | undefined;
    bind(env: ToolEnvironment): void {
      this.apiKey = env.getString('gmail.api-key');
    }
    group(): string {
      return 'gmail';
    }
    isAvailable(): boolean {
      return this.apiKey !== undefined;
    }
    toolNames(): ReadonlySet<string> {
      return new Set(['gmail_search_messages', 'gmail_read_message']);
    }
    create(toolName: string): Tool {
      return new EchoTool(toolName, 'KeyedBundle');
    }
  }

  it('refuses to resolve an unavailable factory, giving the reason', async () => {
    const registry = await loadRegistry([factory(OfflineFactory)]);

    const error = expectResolutionError(registry, 'offline_tool', 'unavailable');

    expect(error.message).toContain('isAvailable() returned false');
  });

  it('still lists an unavailable factory in the catalogue, greyed, with its reason', async () => {
    const registry = await loadRegistry([factory(OfflineFactory)]);

    expect(entryNamed(registry, 'offline_tool')).toMatchObject({
      available: false,
      unavailableReason: 'isAvailable() returned false',
      kind: 'factory',
    });
  });

  it('describes an unavailable factory by its own optional description(), without building the tool', async () => {
    let builds = 0;
    class DescribedOffline implements ToolFactory {
      name(): string {
        return 'described_offline';
      }
      description(): string {
        return 'Looks customers up in the CRM.';
      }
      isAvailable(): boolean {
        return false;
      }
      create(): Tool {
        builds += 1;
        return new EchoTool('described_offline', 'DescribedOffline');
      }
    }
    const registry = await loadRegistry([factory(DescribedOffline), factory(OfflineFactory)]);

    expect(entryNamed(registry, 'described_offline')).toMatchObject({ available: false, description: 'Looks customers up in the CRM.' });
    expect(entryNamed(registry, 'offline_tool')).toMatchObject({ available: false, description: '' });
    expect(builds).toBe(0);
  });

  it('takes an unavailable provider\'s whole bundle out of knownToolNames and resolution', async () => {
    const registry = await loadRegistry([provider(KeyedBundle), factory(HEALTHY)]);

    expect([...registry.knownToolNames()]).toEqual(['word_count']);
    expectResolutionError(registry, 'gmail_search_messages', 'unknown');
    expectResolutionError(registry, 'gmail_read_message', 'unknown');
  });

  it('lists an unavailable provider as one greyed "<group>_*" entry naming the missing setting', async () => {
    const registry = await loadRegistry([provider(KeyedBundle), factory(HEALTHY)]);

    const bundle = entryNamed(registry, 'gmail_*');
    expect(bundle).toMatchObject({ group: 'gmail', available: false, kind: 'provider', source: 'acme' });
    expect(bundle.unavailableReason).toContain('GMAIL_API_KEY');
    expect(registry.catalogue().map((entry) => entry.name)).not.toContain('gmail_search_messages');
  });

  it('gives two unavailable bundles of one group entries with names of their own', async () => {
    const registry = await loadRegistry([provider(KeyedBundle), provider(KeyedBundle, 'other-source')]);

    const bundles = registry.catalogue().filter((entry) => entry.group === 'gmail');
    expect(bundles).toHaveLength(2);
    expect(new Set(bundles.map((entry) => entry.name)).size).toBe(2);
    expect(bundles.map((entry) => entry.source).sort()).toEqual(['acme', 'other-source']);
  });

  it('serves the bundle when the setting it asked for is present', async () => {
    const registry = await loadRegistry([provider(KeyedBundle)], createToolEnvironment({ env: { GMAIL_API_KEY: 'k' } }));

    expect([...registry.knownToolNames()].sort()).toEqual(['gmail_read_message', 'gmail_search_messages']);
    expect(registry.resolve(bindingFor('gmail_read_message'), callScope).name()).toBe('gmail_read_message');
  });

  it('names the missing service a plugin looked up with get() before saying it is unavailable', async () => {
    class MailFactory implements ToolFactory {
      private mailbox: { send(): void } | undefined;
      name(): string {
        return 'send_mail';
      }
      bind(env: ToolEnvironment): void {
        this.mailbox = env.get(MAILBOX);
      }
      isAvailable(): boolean {
        return this.mailbox !== undefined;
      }
      create(): Tool {
        return new EchoTool('send_mail', 'MailFactory');
      }
    }

    const registry = await loadRegistry([factory(MailFactory)]);

    expect(entryNamed(registry, 'send_mail').unavailableReason).toContain('acme.mailbox');
    expect(expectResolutionError(registry, 'send_mail', 'unavailable').message).toContain('acme.mailbox');
  });

  it('treats a require() that throws in bind as unavailable, not as failed', async () => {
    class StrictMailFactory implements ToolFactory {
      name(): string {
        return 'send_mail';
      }
      bind(env: ToolEnvironment): void {
        env.require(MAILBOX);
      }
      create(): Tool {
        return new EchoTool('send_mail', 'StrictMailFactory');
      }
    }

    const registry = await loadRegistry([factory(StrictMailFactory)]);

    const entry = entryNamed(registry, 'send_mail');
    expect(entry.available).toBe(false);
    expect(entry.unavailableReason).toContain('acme.mailbox');
    expect(expectResolutionError(registry, 'send_mail', 'unavailable').message).toContain('acme.mailbox');
    expect(registry.diagnostics().filter((diagnostic) => diagnostic.kind === 'failed')).toEqual([]);
  });

  it('names the environment variable when requireString() throws in a provider\'s bind', async () => {
    class StrictBundle implements MultiToolProvider {
      bind(env: ToolEnvironment): void {
        env.requireString('slack.token');
      }
      group(): string {
        return 'slack';
      }
      toolNames(): ReadonlySet<string> {
        return new Set(['slack_post']);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'StrictBundle');
      }
    }

    const registry = await loadRegistry([provider(StrictBundle)]);

    expect(entryNamed(registry, 'slack_*').unavailableReason).toContain('SLACK_TOKEN');
    expect(registry.knownToolNames().size).toBe(0);
    expect(registry.diagnostics()).toEqual([]);
  });

  it('prefers the plugin\'s own unavailableReason() over the missing dependencies', async () => {
    class ExplainingFactory implements ToolFactory {
      private apiKey: string | undefined;
      name(): string {
        return 'weather';
      }
      bind(env: ToolEnvironment): void {
        this.apiKey = env.getString('weather.api-key');
      }
      isAvailable(): boolean {
        return this.apiKey !== undefined;
      }
      unavailableReason(): string {
        return 'Ask ops for a weather API key';
      }
      create(): Tool {
        return new EchoTool('weather', 'ExplainingFactory');
      }
    }

    const registry = await loadRegistry([factory(ExplainingFactory)]);

    expect(entryNamed(registry, 'weather').unavailableReason).toBe('Ask ops for a weather API key');
    expect(expectResolutionError(registry, 'weather', 'unavailable').message).toContain('Ask ops for a weather API key');
  });

  it('asks isAvailable() again on every lookup, so a plugin can come back without a restart', async () => {
    const state = { isOnline: false };
    class ToggledBundle implements MultiToolProvider {
      group(): string {
        return 'toggle';
      }
      isAvailable(): boolean {
        return state.isOnline;
      }
      toolNames(): ReadonlySet<string> {
        return new Set(['toggle_on']);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'ToggledBundle');
      }
    }
    const registry = await loadRegistry([provider(ToggledBundle)]);
    expectResolutionError(registry, 'toggle_on', 'unknown');

    state.isOnline = true;

    expect(registry.resolve(bindingFor('toggle_on'), callScope).name()).toBe('toggle_on');
    expect(entryNamed(registry, 'toggle_on').available).toBe(true);
    expect(registry.catalogue().map((entry) => entry.name)).not.toContain('toggle_*');
  });
});
