import { errorMessage, type Diagnostic, type DiagnosticPhase, type FaultLog } from './diagnostics';
import { FactoryHandle, ProviderHandle, type AnyHandle } from './plugin-handle';
import { requireSync } from './plugin-values';
import { describeValue } from './text';
import type { PluginRegistration } from './registration';
import type { MultiToolProvider, ToolEnvironment, ToolFactory } from './spi';

/** How long a plugin's async `bind` may take before it counts as failed. */
export const DEFAULT_BIND_TIMEOUT_MS = 10_000;

/**
 * Loads one registration: import → no-arg constructor → name → bind once → group.
 * Returns the handle, or a diagnostic when the plugin cannot be used at all.
 */
export async function loadPlugin(
  registration: PluginRegistration,
  env: ToolEnvironment,
  faults: FaultLog,
  bindTimeoutMs: number = DEFAULT_BIND_TIMEOUT_MS,
): Promise<AnyHandle | Diagnostic> {
  const failed = (phase: DiagnosticPhase, message: string): Diagnostic => ({
    kind: 'failed',
    source: registration.source,
    entry: registration.entry,
    file: registration.file,
    phase,
    message,
  });

  let pluginClass: unknown;
  try {
    pluginClass = await registration.load();
  } catch (error) {
    return failed('import', errorMessage(error));
  }
  if (typeof pluginClass !== 'function') {
    return failed('import', `${registration.entry} is not a class (got ${describeValue(pluginClass)})`);
  }

  let instance: Record<string, unknown>;
  let missing: string[];
  const required = registration.kind === 'factory' ? ['name', 'create'] : ['toolNames', 'create'];
  try {
    instance = new (pluginClass as new () => Record<string, unknown>)();
    missing = required.filter((member) => typeof instance[member] !== 'function');
  } catch (error) {
    return failed('construct', `constructor failed: ${errorMessage(error)}`);
  }
  if (missing.length > 0) {
    const spi = registration.kind === 'factory' ? 'ToolFactory' : 'MultiToolProvider';
    return failed('construct', `${registration.entry} does not implement ${spi}: it has no ${missing.map((m) => `${m}()`).join(' and no ')}`);
  }

  let handle: AnyHandle;
  if (registration.kind === 'provider') {
    handle = new ProviderHandle(registration, instance as unknown as MultiToolProvider, faults);
  } else {
    const factory = instance as unknown as ToolFactory;
    let name: unknown;
    try {
      name = requireSync(factory.name(), 'name()');
    } catch (error) {
      return failed('name', `name() failed: ${errorMessage(error)}`);
    }
    if (typeof name !== 'string' || name === '') {
      return failed('name', `name() must return a non-empty string (got ${describeValue(name)})`);
    }
    handle = new FactoryHandle(registration, factory, name, faults);
  }
  await handle.bind(env, bindTimeoutMs);
  return handle;
}
