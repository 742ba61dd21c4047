import { describe, expect, it } from 'vitest';
import type { AgentTool, MultiToolProvider, OverridesProblem, Tool, ToolFactory } from './spi';
import { EchoTool, echoFactory, factory, loadRegistry, named, offlineFactory, provider } from '@/test/registry/test-plugins';

/** A factory for `toolName` whose check refuses a `colour` other than red or blue. */
function checkingFactory(toolName: string, entry: string, isAvailable = true): new () => ToolFactory {
  return named(
    entry,
    class implements ToolFactory {
      name(): string {
        return toolName;
      }
      isAvailable(): boolean {
        return isAvailable;
      }
      checkOverrides(overrides: Readonly<Record<string, unknown>>): OverridesProblem[] {
        return ['red', 'blue'].includes(String(overrides.colour))
          ? []
          : [{ pointer: '/colour', message: `${entry}: colour must be red or blue` }];
      }
      create(agentTool: AgentTool): Tool {
        return new EchoTool(toolName, entry, agentTool);
      }
    },
  );
}

function factoryAnswering(toolName: string, check: () => unknown): new () => ToolFactory {
  return named(
    'Answering',
    class implements ToolFactory {
      name(): string {
        return toolName;
      }
      checkOverrides(): OverridesProblem[] {
        return check() as OverridesProblem[];
      }
      create(): Tool {
        return new EchoTool(toolName, 'Answering');
      }
    },
  );
}

describe('ToolRegistry.checkOverrides', () => {
  it('returns the problems the factory finds and none for settings it accepts', async () => {
    const registry = await loadRegistry([factory(checkingFactory('paint', 'Paint'))]);

    expect(registry.checkOverrides('paint', { colour: 'green' })).toEqual([{ pointer: '/colour', message: 'Paint: colour must be red or blue' }]);
    expect(registry.checkOverrides('paint', { colour: 'red' })).toEqual([]);
  });

  it('finds no problem for a tool without a check, or a name no plugin claims', async () => {
    const registry = await loadRegistry([factory(echoFactory('plain', 'Plain'))]);

    expect(registry.checkOverrides('plain', { anything: 1 })).toEqual([]);
    expect(registry.checkOverrides('nobody_claims_this', { anything: 1 })).toEqual([]);
  });

  it('asks the claimant that wins the name, not the one that lost the conflict', async () => {
    const registry = await loadRegistry([
      factory(offlineFactory('paint', 'OfflinePaint')),
      factory(checkingFactory('paint', 'Winner'), 'beta'),
      factory(checkingFactory('paint', 'Loser'), 'gamma'),
    ]);

    expect(registry.checkOverrides('paint', {})).toEqual([{ pointer: '/colour', message: 'Winner: colour must be red or blue' }]);
  });

  it('still checks the settings of a factory that is unavailable', async () => {
    const registry = await loadRegistry([factory(checkingFactory('paint', 'Offline', false))]);

    expect(registry.checkOverrides('paint', { colour: 'green' })).toEqual([{ pointer: '/colour', message: 'Offline: colour must be red or blue' }]);
  });

  it('asks a provider for the tool name it serves', async () => {
    const asked: string[] = [];
    const Bundle = named(
      'Bundle',
      class implements MultiToolProvider {
        group(): string {
          return 'mail';
        }
        toolNames(): ReadonlySet<string> {
          return new Set(['mail_send', 'mail_read']);
        }
        checkOverrides(toolName: string, overrides: Readonly<Record<string, unknown>>): OverridesProblem[] {
          asked.push(toolName);
          return overrides.to === undefined && toolName === 'mail_send' ? [{ pointer: '/to', message: 'Say who to send to' }] : [];
        }
        create(toolName: string): Tool {
          return new EchoTool(toolName, 'Bundle');
        }
      },
    );
    const registry = await loadRegistry([provider(Bundle)]);

    expect(registry.checkOverrides('mail_send', {})).toEqual([{ pointer: '/to', message: 'Say who to send to' }]);
    expect(registry.checkOverrides('mail_read', {})).toEqual([]);
    expect(asked).toEqual(['mail_send', 'mail_read']);
  });

  it('refuses the settings of a factory whose check throws, and lists the failure under plugin problems', async () => {
    const registry = await loadRegistry([
      factory(factoryAnswering('brittle', () => {
        throw new Error('disk on fire');
      })),
      factory(echoFactory('healthy', 'Healthy')),
    ]);

    expect(registry.checkOverrides('brittle', {})).toEqual([
      { pointer: '', message: expect.stringMatching(/could not be checked.*checkOverrides\(\): disk on fire/) },
    ]);
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ kind: 'failed', source: 'acme', phase: 'checkOverrides', toolName: 'brittle', message: 'checkOverrides() failed: disk on fire' }),
    );
    expect(registry.knownToolNames()).toEqual(new Set(['brittle', 'healthy']));
  });

  it.each([
    ['a promise', () => Promise.resolve([])],
    ['not an array', () => 'fine'],
    ['an item without a message', () => [{ pointer: '/x' }]],
    ['a pointer that is not a JSON Pointer', () => [{ pointer: 'x', message: 'bad' }]],
  ])('treats an answer that is %s as a failed check', async (_, answer) => {
    const registry = await loadRegistry([factory(factoryAnswering('odd', answer))]);

    expect(registry.checkOverrides('odd', {})).toEqual([{ pointer: '', message: expect.stringContaining('could not be checked') }]);
    expect(registry.diagnostics()).toContainEqual(expect.objectContaining({ phase: 'checkOverrides', toolName: 'odd' }));
  });

  it('caps a flood of problems at 100 and says how many more there were', async () => {
    const flood = Array.from({ length: 5000 }, (_, i) => ({ pointer: `/k${i}`, message: 'wrong' }));
    const registry = await loadRegistry([factory(factoryAnswering('noisy', () => flood))]);

    const problems = registry.checkOverrides('noisy', {});
    expect(problems).toHaveLength(101);
    expect(problems.at(-1)).toEqual({ pointer: '', message: 'and 4900 more problems' });
  });
});
