import { describe, expect, it } from 'vitest';
import type { JsonSchema, MultiToolProvider, Tool, ToolFactory } from './spi';
import { EchoTool, entryNamed, factory, HEALTHY, loadRegistry, provider } from '@/test/registry/test-plugins';

/** A factory whose tool describes itself with `description` and `parameters`. */
function describedBy(name: string, description: string, parameters: JsonSchema = { type: 'object' }) {
  return class implements ToolFactory {
    name(): string {
      return name;
    }
    create(): Tool {
      const tool = new EchoTool(name, 'Described');
      tool.description = () => description;
      tool.parametersSchema = () => parameters;
      return tool;
    }
  };
}

describe('caps on what a plugin says', () => {
  it('cuts a 5 MiB description to 16 KiB and says so in a diagnostic naming the plugin', async () => {
    const registry = await loadRegistry([factory(describedBy('verbose', 'x'.repeat(5 * 1024 * 1024)), 'chatty-pkg'), factory(HEALTHY)]);

    const entry = entryNamed(registry, 'verbose');
    expect(entry.available).toBe(true);
    expect(new TextEncoder().encode(entry.description).byteLength).toBeLessThanOrEqual(16 * 1024);
    expect(entry.description.endsWith('[…]')).toBe(true);
    expect(JSON.stringify(registry.snapshot()).length).toBeLessThan(100_000);
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ kind: 'warning', source: 'chatty-pkg', toolName: 'verbose', message: expect.stringContaining('5242880 bytes; it is cut to 16384') }),
    );
  });

  it('cuts a long multi-byte description without splitting a character', async () => {
    const registry = await loadRegistry([factory(describedBy('emoji', '😀'.repeat(10_000)))]);

    const { description } = entryNamed(registry, 'emoji');
    expect(new TextEncoder().encode(description).byteLength).toBeLessThanOrEqual(16 * 1024);
    expect(description).toMatch(/^(😀)+ \[…\]$/u);
  });

  it('keeps a description of exactly 16 KiB whole, with no diagnostic', async () => {
    const text = 'y'.repeat(16 * 1024);
    const registry = await loadRegistry([factory(describedBy('full', text))]);

    expect(entryNamed(registry, 'full').description).toBe(text);
    expect(registry.diagnostics()).toEqual([]);
  });

  it('refuses a parameters schema over 256 KiB, greying the tool out with a diagnostic naming the plugin', async () => {
    const huge = { type: 'object', description: 'z'.repeat(300 * 1024) };
    const registry = await loadRegistry([factory(describedBy('bloated', 'fine', huge), 'bloat-pkg'), factory(HEALTHY)]);

    expect(entryNamed(registry, 'bloated')).toMatchObject({ available: false, unavailableReason: expect.stringContaining('256 KiB') });
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ kind: 'failed', source: 'bloat-pkg', toolName: 'bloated', message: expect.stringContaining('parametersSchema()') }),
    );
    expect(entryNamed(registry, 'word_count').available).toBe(true);
  });

  it('refuses an overrides schema over 256 KiB with a diagnostic, leaving the tool without settings', async () => {
    class HugeSettings implements ToolFactory {
      name(): string {
        return 'huge_settings';
      }
      overridesSchema(): JsonSchema {
        return { type: 'object', properties: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`setting_${i}`, { type: 'string' }])) };
      }
      create(): Tool {
        return new EchoTool('huge_settings', 'HugeSettings');
      }
    }
    const registry = await loadRegistry([factory(HugeSettings, 'settings-pkg')]);

    expect(entryNamed(registry, 'huge_settings').overridesSchema).toEqual({});
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ source: 'settings-pkg', phase: 'overridesSchema', message: expect.stringContaining('the most accepted is 262144') }),
    );
  });

  it('serves the first 100,000 names of a bundle and reports the rest as left out', async () => {
    class Flood implements MultiToolProvider {
      group(): string {
        return 'flood';
      }
      toolNames(): ReadonlySet<string> {
        return new Set(Array.from({ length: 100_005 }, (_, i) => `flood_${i}`));
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, 'Flood');
      }
    }
    const registry = await loadRegistry([provider(Flood, 'flood-pkg')]);

    expect(registry.knownToolNames().size).toBe(100_000);
    expect(registry.diagnostics()).toContainEqual(
      expect.objectContaining({ source: 'flood-pkg', phase: 'toolNames', message: expect.stringContaining('more than 100000 names') }),
    );
  });
});
