/** Which SPI a registered class implements. */
export type PluginKind = 'factory' | 'provider';

/**
 * One class a plugin contributes, not yet constructed. Built-in tools and discovered
 * plugin packages both enter the registry as these.
 */
export interface PluginRegistration {
  /** "builtin" or the plugin package's name. */
  readonly source: string;
  /** The export as registered, e.g. "./dist/index.js#WordCountToolFactory". */
  readonly entry: string;
  readonly kind: PluginKind;
  /** The module file, for diagnostics. */
  readonly file?: string;
  /** Returns the exported class (a no-arg constructor). */
  load(): unknown;
}

/**
 * A registration for a class already in hand (built-ins, tests). Pass `entry` where the
 * code may be minified, so diagnostics keep a readable name.
 */
export function registerClass(
  source: string,
  kind: PluginKind,
  pluginClass: new () => unknown,
  entry: string = pluginClass.name,
): PluginRegistration {
  return { source, kind, entry, load: () => pluginClass };
}

/**
 * A registration for a plugin object already constructed and configured by the host (one per
 * MCP server an admin added): the registry's no-arg construction hands back this instance.
 */
export function registerInstance(source: string, kind: PluginKind, instance: object, entry: string): PluginRegistration {
  function Instance(): object {
    return instance;
  }
  return { source, kind, entry, load: () => Instance };
}
