import path from 'node:path';
import { ToolRegistry, discoverPlugins, pluginPathFrom } from '../../registry';
import { builtinRegistrations } from '../../registry/builtins';

/** The many-tools fixture the bench's app servers load (SCALE_TOOL_COUNT tools, 10,000 unless set). */
export const SCALE_PLUGIN_PATH = 'e2e/fixtures/scale-plugins';

/**
 * A registry in this process with the built-ins and the plugins of `configuredPath` (as
 * TOOLS_PLUGIN_PATH; the app's default places when undefined), discovered and loaded the way
 * the app does it, for baselines and timings beside the app server.
 */
export async function loadPluginRegistry(configuredPath: string | undefined): Promise<ToolRegistry> {
  const appRoot = path.resolve(process.cwd());
  const discovery = await discoverPlugins({ pluginPath: pluginPathFrom(configuredPath, appRoot), isPluginPathConfigured: configuredPath !== undefined, appRoot });
  return ToolRegistry.load({ registrations: [...builtinRegistrations(), ...discovery.registrations], diagnostics: discovery.diagnostics });
}
