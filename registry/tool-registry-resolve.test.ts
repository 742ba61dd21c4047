import { describe, expect, it } from 'vitest';
import type { ToolRegistry } from './tool-registry';
import type { MultiToolProvider, Tool, ToolCallScope, ToolFactory } from './spi';
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
  builtBy,
  HEALTHY,
  offlineFactory,
} from '@/test/registry/test-plugins';

// ---- resolution -----------------------------------------------------------------------------

describe('resolve', () => {
  it('returns a fresh tool on every resolution', async () => {
    const registry = await loadRegistry([
      factory(HEALTHY),
      provider(setProvider('workflow', new Set(['workflow_pipeline']), 'WorkflowTools')),
    ]);

    const first = registry.resolve(bindingFor('word_count'), callScope);
    const second = registry.resolve(bindingFor('word_count'), callScope);
    const third = registry.resolve(bindingFor('workflow_pipeline'), callScope);
    const fourth = registry.resolve(bindingFor('workflow_pipeline'), callScope);

    expect(first).not.toBe(second);
    expect(third).not.toBe(fourth);
  });

  it('passes the agent\'s binding and the call scope through to the plugin', async () => {
    const registry = await loadRegistry([
      factory(HEALTHY),
      provider(setProvider('workflow', new Set(['workflow_pipeline']), 'WorkflowTools')),
    ]);
    const binding = bindingFor('word_count', { maxWords: 10 });
    const scope: ToolCallScope = { sessionId: 'session-9', agentId: 'agent-1', userId: 'ada', purpose: 'call' };

    const fromFactory = registry.resolve(binding, scope);
    const fromProvider = registry.resolve(bindingFor('workflow_pipeline'), scope);

    expect(fromFactory).toMatchObject({ agentTool: binding, scope });
    expect(fromProvider).toMatchObject({ agentTool: { toolName: 'workflow_pipeline' }, scope });
  });

  it('builds tools that work', async () => {
    const registry = await loadRegistry([factory(HEALTHY)]);

    await expect(registry.resolve(bindingFor('word_count'), callScope).execute({ text: 'hi' })).resolves.toBe(
      'word_count: hi',
    );
  });

  it('skips a provider that returns undefined and asks the next one', async () => {
    class ShyProvider implements MultiToolProvider {
      toolNames(): ReadonlySet<string> {
        return new Set(['shared_tool']);
      }
      create(): Tool | undefined {
        return undefined;
      }
    }
    const registry = await loadRegistry([
      provider(ShyProvider),
      provider(setProvider('shared', new Set(['shared_tool']), 'SecondProvider')),
      provider(setProvider('shared', new Set(['shared_tool']), 'ThirdProvider')),
    ]);

    expect(builtBy(registry.resolve(bindingFor('shared_tool'), callScope))).toBe('SecondProvider');
    expect(entryNamed(registry, 'shared_tool').description).toBe('shared_tool built by SecondProvider');
  });

  it('reports a name nobody serves as unknown', async () => {
    const registry = await loadRegistry([factory(HEALTHY)]);

    expect(expectResolutionError(registry, 'no_such_tool', 'unknown').message).toContain('no_such_tool');
  });

  it('reports a name whose only provider returns undefined as unknown', async () => {
    class ListsButNeverBuilds implements MultiToolProvider {
      toolNames(): ReadonlySet<string> {
        return new Set(['ghost_tool']);
      }
      create(): Tool | undefined {
        return undefined;
      }
    }
    const registry = await loadRegistry([provider(ListsButNeverBuilds)]);

    expectResolutionError(registry, 'ghost_tool', 'unknown');
  });

  it('reports a create() that throws during resolution as failed, with the plugin\'s error', async () => {
    let shouldThrow = false;
    class FlakyFactory implements ToolFactory {
      name(): string {
        return 'flaky';
      }
      create(): Tool {
        if (shouldThrow) throw new Error('database is down');
        return new EchoTool('flaky', 'FlakyFactory');
      }
    }
    class FlakyBundle implements MultiToolProvider {
      toolNames(): ReadonlySet<string> {
        return new Set(['flaky_bundle_tool']);
      }
      create(): Tool {
        throw new Error('connection refused');
      }
    }
    const registry = await loadRegistry([factory(FlakyFactory), provider(FlakyBundle)]);
    registry.catalogue();
    shouldThrow = true;

    expect(expectResolutionError(registry, 'flaky', 'failed').message).toContain('database is down');
    expect(expectResolutionError(registry, 'flaky_bundle_tool', 'failed').message).toContain('connection refused');
    expect(registry.diagnostics()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'failed', entry: 'FlakyFactory', phase: 'create', toolName: 'flaky' }),
        expect.objectContaining({ kind: 'failed', entry: 'FlakyBundle', phase: 'create', toolName: 'flaky_bundle_tool' }),
      ]),
    );
  });

  it('reports a create() that returns something other than a tool as failed', async () => {
    class SloppyFactory implements ToolFactory {
      name(): string {
        return 'sloppy';
      }
      create(): Tool {
        return { name: () => 'sloppy' } as unknown as Tool;
      }
    }
    const registry = await loadRegistry([factory(SloppyFactory)]);

    expect(expectResolutionError(registry, 'sloppy', 'failed').message).toContain('not a Tool');
  });
});

// ---- conflicts ------------------------------------------------------------------------------

describe('conflicts', () => {
  function conflictsOf(registry: ToolRegistry) {
    return registry.diagnostics().filter((diagnostic) => diagnostic.kind === 'conflict');
  }

  it('reports two factories claiming one name and always resolves to the first registered', async () => {
    const registry = await loadRegistry([
      factory(echoFactory('search', 'FirstSearch'), 'alpha'),
      factory(echoFactory('search', 'SecondSearch'), 'beta'),
    ]);

    expect(conflictsOf(registry)).toMatchObject([
      { kind: 'conflict', toolName: 'search', claimants: ['alpha FirstSearch', 'beta SecondSearch'] },
    ]);
    for (let round = 0; round < 5; round += 1) {
      expect(builtBy(registry.resolve(bindingFor('search'), callScope))).toBe('FirstSearch');
    }
    expect(entryNamed(registry, 'search').source).toBe('alpha');
  });

  it('lets a factory win over a provider registered before it', async () => {
    const registry = await loadRegistry([
      provider(setProvider('mail', new Set(['mail_send', 'mail_read']), 'MailBundle'), 'bundle-pkg'),
      factory(echoFactory('mail_send', 'MailSendFactory'), 'factory-pkg'),
    ]);

    const [conflict, ...others] = conflictsOf(registry);
    expect(others).toEqual([]);
    expect(conflict).toMatchObject({
      toolName: 'mail_send',
      claimants: ['factory-pkg MailSendFactory', 'bundle-pkg MailBundle'],
    });
    expect(conflict?.message).toContain('factory-pkg MailSendFactory wins');
    // Filed under the claimant that loses, the one an admin would rename.
    expect(conflict).toMatchObject({ source: 'bundle-pkg', entry: 'MailBundle' });
    expect(conflict?.message).toContain('bundle-pkg MailBundle is not used for this name');
    for (let round = 0; round < 5; round += 1) {
      expect(builtBy(registry.resolve(bindingFor('mail_send'), callScope))).toBe('MailSendFactory');
    }
    expect(builtBy(registry.resolve(bindingFor('mail_read'), callScope))).toBe('MailBundle');
  });

  it('lets the first registered of two providers win', async () => {
    const registry = await loadRegistry([
      provider(setProvider('crm', new Set(['crm_lookup']), 'OldCrm'), 'old'),
      provider(setProvider('crm', new Set(['crm_lookup']), 'NewCrm'), 'new'),
    ]);

    expect(conflictsOf(registry)).toMatchObject([{ toolName: 'crm_lookup', claimants: ['old OldCrm', 'new NewCrm'] }]);
    for (let round = 0; round < 5; round += 1) {
      expect(builtBy(registry.resolve(bindingFor('crm_lookup'), callScope))).toBe('OldCrm');
    }
    expect(entryNamed(registry, 'crm_lookup')).toMatchObject({ source: 'old', description: 'crm_lookup built by OldCrm' });
  });

  it('names as winner the claimant resolution actually uses when the first one is unavailable', async () => {
    const OfflineSearch = offlineFactory('search', 'OfflineSearch');
    const registry = await loadRegistry([factory(OfflineSearch, 'alpha'), factory(echoFactory('search', 'OnlineSearch'), 'beta')]);

    expect(conflictsOf(registry)).toMatchObject([{ claimants: ['beta OnlineSearch', 'alpha OfflineSearch'] }]);
    expect(builtBy(registry.resolve(bindingFor('search'), callScope))).toBe('OnlineSearch');
    expect(entryNamed(registry, 'search')).toMatchObject({ available: true, source: 'beta' });
  });

  it('lists a conflicting name once in the catalogue and in knownToolNames', async () => {
    const registry = await loadRegistry([
      factory(echoFactory('search', 'FirstSearch')),
      provider(setProvider('search', new Set(['search']), 'SearchBundle')),
    ]);

    expect(registry.catalogue().map((entry) => entry.name)).toEqual(['search']);
    expect([...registry.knownToolNames()]).toEqual(['search']);
  });
});
