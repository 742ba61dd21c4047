import { describe, expect, it } from 'vitest';
import { registerClass, registerInstance } from './registration';
import type { MultiToolProvider, Tool } from './spi';
import { ToolRegistry } from './tool-registry';

class Word {
  name() {
    return 'word_count';
  }
  create(): Tool {
    return { name: () => 'word_count', description: () => 'Counts words', parametersSchema: () => ({}), execute: async () => '0' };
  }
}

function bundle(group: string, names: string[]): MultiToolProvider {
  return {
    group: () => group,
    toolNames: () => new Set(names.map((name) => `${group}_${name}`)),
    create: (toolName) => ({
      name: () => toolName,
      description: () => `Tool ${toolName}`,
      parametersSchema: () => ({ type: 'object' }),
      annotations: () => ({ readOnlyHint: true, destructiveHint: 'yes' as unknown as boolean }),
      execute: async () => toolName,
    }),
  };
}

describe('a registry that gains and loses a provider while it runs', () => {
  it('adds a provider instance after load, after the rest in claim order, and removes it with its faults', async () => {
    const registry = await ToolRegistry.load({ registrations: [registerClass('builtin', 'factory', Word)] });
    expect(await registry.add(registerInstance('mcp:mail', 'provider', bundle('mail', ['send', 'search']), 'mail'))).toBeUndefined();
    expect([...registry.knownToolNames()].sort()).toEqual(['mail_search', 'mail_send', 'word_count']);
    expect(registry.groups()).toContain('mail');
    expect(registry.remove('mcp:mail', 'mail')).toBe(true);
    expect([...registry.knownToolNames()]).toEqual(['word_count']);
    expect(registry.remove('mcp:mail', 'mail')).toBe(false);
  });

  it('finds and checks a factory added or removed after tools were looked up', async () => {
    class Checked {
      name() {
        return 'late_tool';
      }
      checkOverrides() {
        return [{ pointer: '/x', message: 'late check' }];
      }
      create(): Tool {
        return { name: () => 'late_tool', description: () => 'Late', parametersSchema: () => ({}), execute: async () => 'late' };
      }
    }
    const registry = await ToolRegistry.load({ registrations: [registerClass('builtin', 'factory', Word)] });
    expect(registry.checkOverrides('late_tool', {})).toEqual([]);
    expect(registry.entry('late_tool')).toBeUndefined();
    await registry.add(registerClass('plugin:late', 'factory', Checked, 'late'));
    expect(registry.checkOverrides('late_tool', {})).toEqual([{ pointer: '/x', message: 'late check' }]);
    expect(registry.entry('late_tool')?.description).toBe('Late');
    expect(registry.remove('plugin:late', 'late')).toBe(true);
    expect(registry.checkOverrides('late_tool', {})).toEqual([]);
    expect(registry.entry('late_tool')).toBeUndefined();
  });

  it('carries a tool\'s annotations into its catalogue entry, keeping only well-typed hints', async () => {
    const registry = await ToolRegistry.load({ registrations: [] });
    await registry.add(registerInstance('mcp:mail', 'provider', bundle('mail', ['send']), 'mail'));
    expect(registry.entry('mail_send')?.annotations).toEqual({ readOnlyHint: true });
  });

  it('rebuilds a tool\'s metadata when the provider\'s toolsVersion() moves while its names stay, and only then', async () => {
    let description = 'Sends a mail';
    let version = 1;
    let builds = 0;
    const names = new Set(['mail_send']);
    const provider: MultiToolProvider = {
      group: () => 'mail',
      toolNames: () => names,
      toolsVersion: () => version,
      create: (toolName) => {
        builds += 1;
        const text = description;
        return { name: () => toolName, description: () => text, parametersSchema: () => ({}), execute: async () => '' };
      },
    };
    const registry = await ToolRegistry.load({ registrations: [] });
    await registry.add(registerInstance('mcp:mail', 'provider', provider, 'mail'));
    expect(registry.entry('mail_send')?.description).toBe('Sends a mail');
    description = 'Sends a mail, now with attachments';
    expect(registry.catalogue()[0]?.description).toBe('Sends a mail');
    const cachedBuilds = builds;
    version = 2;
    expect(registry.catalogue()[0]?.description).toBe('Sends a mail, now with attachments');
    expect(registry.entry('mail_send')?.description).toBe('Sends a mail, now with attachments');
    expect(builds).toBe(cachedBuilds + 1);
  });

  it('logs a failing toolsVersion() as a diagnostic and keeps serving by names alone', async () => {
    const provider: MultiToolProvider = {
      ...bundle('mail', ['send']),
      toolsVersion: () => {
        throw new Error('version store is down');
      },
    };
    const registry = await ToolRegistry.load({ registrations: [] });
    await registry.add(registerInstance('mcp:mail', 'provider', provider, 'mail'));
    const { tools, diagnostics } = registry.snapshot();
    expect(tools.map((tool) => tool.name)).toEqual(['mail_send']);
    expect(diagnostics).toContainEqual(expect.objectContaining({ phase: 'toolsVersion', message: 'toolsVersion() failed: version store is down' }));
  });
});
