export { CONFIG_API_VERSION, CONFIG_SCHEMA_PATH, configJsonSchema, type ConfigAgent, type ConfigFile, type ConfigPolicy, type ConfigRule, type ConfigWorkflow } from './config-file';
export { exportConfig, type ExportConfigOptions } from './export-config';
export { planConfig, type PlanConfigOptions } from './plan-config';
export type { ConfigChange, ConfigPlan, FieldDiff } from './config-plan';
export { applyConfig, type ApplyConfigOptions } from './apply-config';
export type { ConfigFormat } from './render-config';
export type { ConfigError } from './parse-config';
export type { ConfigWarning } from './check-config';
