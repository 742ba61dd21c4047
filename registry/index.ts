export * from './spi';
export { createToolEnvironment, envVarName, provide, MissingDependencyError, type ToolEnvironmentOptions } from './environment';
export type { Diagnostic, DiagnosticPhase } from './diagnostics';
export type { CatalogueEntry, ToolCatalogue } from './catalogue';
export { ToolResolutionError, type ToolResolutionCode } from './errors';
export { registerClass, type PluginKind, type PluginRegistration } from './registration';
export { CATALOGUE_SCOPE } from './plugin-handle';
export { ToolRegistry, TOOL_CATALOGUE, type ToolRegistryOptions } from './tool-registry';
export { discoverPlugins, pluginPathFrom, type Discovery, type DiscoveryOptions } from './discovery';
