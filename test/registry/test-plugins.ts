import { expect } from 'vitest';
import { createToolEnvironment } from '@/registry/environment';
import { ToolResolutionError, type ToolResolutionCode } from '@/registry/errors';
import { registerClass, type PluginKind, type PluginRegistration } from '@/registry/registration';
import { ToolRegistry } from '@/registry/tool-registry';
import type { AgentTool, JsonSchema, MultiToolProvider, Tool, ToolCallScope, ToolEnvironment, ToolFactory } from '@/registry/spi';

/**
 * Test support: small plugin classes and helpers shared by the ToolRegistry tests. Plugins
 * enter the registry exactly as built-ins do, through `registerClass`.
 */

/** The scope of an ordinary tool call. */
export const callScope: ToolCallScope = { sessionId: 'session-1', agentId: 'agent-1', purpose: 'call' };

/** Agent-1's binding of `toolName`. */
export function bindingFor(toolName: string, overrides: Record<string, unknown> = {}): AgentTool {
  return { agentId: 'agent-1', toolName, overrides };
}

/** A tool that says which plugin built it and for which call. */
export class EchoTool implements Tool {
  constructor(
    private readonly toolName: string,
    readonly builtBy: string,
    readonly agentTool?: AgentTool,
    readonly scope?: ToolCallScope,
  ) {}

  name(): string {
    return this.toolName;
  }

  description(): string {
    return `${this.toolName} built by ${this.builtBy}`;
  }

  parametersSchema(): JsonSchema {
    return { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
  }

  async execute(args: Record<string, unknown>): Promise<string> {
    return `${this.toolName}: ${String(args.text ?? '')}`;
  }
}

/** Gives an anonymous test class the export name the registry reports as its entry. */
export function named<C extends abstract new () => unknown>(name: string, pluginClass: C): C {
  Object.defineProperty(pluginClass, 'name', { value: name });
  return pluginClass;
}

/** A factory for `toolName` whose isAvailable() is false, exported as `entry`. */
export function offlineFactory(toolName: string, entry = 'OfflineFactory'): new () => ToolFactory {
  return named(
    entry,
    class implements ToolFactory {
      name(): string {
        return toolName;
      }
      isAvailable(): boolean {
        return false;
      }
      create(): Tool {
        return new EchoTool(toolName, entry);
      }
    },
  );
}

/** A provider of `names` in `group` whose isAvailable() is false, exported as `entry`. */
export function offlineBundle(group: string, names: readonly string[], entry = 'OfflineBundle'): new () => MultiToolProvider {
  return named(
    entry,
    class implements MultiToolProvider {
      group(): string {
        return group;
      }
      isAvailable(): boolean {
        return false;
      }
      toolNames(): ReadonlySet<string> {
        return new Set(names);
      }
      create(toolName: string): Tool {
        return new EchoTool(toolName, entry);
      }
    },
  );
}

/** A plain factory for `toolName`, exported as `entry`. */
export function echoFactory(toolName: string, entry: string): new () => ToolFactory {
  return named(
    entry,
    class implements ToolFactory {
      name(): string {
        return toolName;
      }
      create(agentTool: AgentTool, scope: ToolCallScope): Tool {
        return new EchoTool(toolName, entry, agentTool, scope);
      }
    },
  );
}

/** A provider of group `group` serving whatever `names` holds at the time of asking. */
export function setProvider(group: string, names: Set<string>, entry: string): new () => MultiToolProvider {
  return named(
    entry,
    class implements MultiToolProvider {
      group(): string {
        return group;
      }
      toolNames(): ReadonlySet<string> {
        return names;
      }
      create(toolName: string, agentTool: AgentTool, scope: ToolCallScope): Tool | undefined {
        return names.has(toolName) ? new EchoTool(toolName, entry, agentTool, scope) : undefined;
      }
    },
  );
}

/** Loads a registry with an empty process environment. */
export function loadRegistry(registrations: PluginRegistration[], environment?: ToolEnvironment): Promise<ToolRegistry> {
  return ToolRegistry.load({ registrations, environment: environment ?? createToolEnvironment({ env: {} }) });
}

/** Registers a test class as a factory of package `source`. */
export const factory = (pluginClass: new () => unknown, source = 'acme') => registerClass(source, 'factory', pluginClass);
/** Registers a test class as a provider of package `source`. */
export const provider = (pluginClass: new () => unknown, source = 'acme') => registerClass(source, 'provider', pluginClass);

/** A registry of one factory, `entry`, whose tool is made by `tool` (the name it reports is the factory's). */
export function oneToolRegistry(entry: string, tool: () => Tool): Promise<ToolRegistry> {
  const toolName = tool().name();
  return loadRegistry([
    factory(
      named(entry, class {
        name(): string {
          return toolName;
        }
        create(): Tool {
          return tool();
        }
      }),
    ),
  ]);
}

/** The ToolResolutionError resolving `toolName` throws. */
export function resolutionError(registry: ToolRegistry, toolName: string): ToolResolutionError {
  try {
    registry.resolve(bindingFor(toolName), callScope);
  } catch (error) {
    if (error instanceof ToolResolutionError) return error;
    throw error;
  }
  throw new Error(`resolving "${toolName}" did not fail`);
}

/** Asserts resolving `toolName` fails with `code`, and returns the error. */
export function expectResolutionError(registry: ToolRegistry, toolName: string, code: ToolResolutionCode): ToolResolutionError {
  const error = resolutionError(registry, toolName);
  expect(error.code).toBe(code);
  expect(error.toolName).toBe(toolName);
  return error;
}

/** The catalogue entry called `name`; throws when there is none. */
export function entryNamed(registry: ToolRegistry, name: string) {
  const entry = registry.catalogue().find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`the catalogue has no entry "${name}"`);
  return entry;
}

/** Which test plugin built `tool`. */
export function builtBy(tool: Tool): string {
  if (!(tool instanceof EchoTool)) throw new Error('not a test tool');
  return tool.builtBy;
}

/** A healthy factory of `word_count`, to show the rest keeps working. */
export const HEALTHY = echoFactory('word_count', 'WordCountToolFactory');

/** A registration whose `load` is given as is, for load failures. */
export function rawRegistration(entry: string, kind: PluginKind, load: () => unknown): PluginRegistration {
  return { source: 'acme', entry, kind, load };
}
