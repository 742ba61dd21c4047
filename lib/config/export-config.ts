import 'server-only';
import { AppError } from '@/lib/app-error';
import type { Actor } from '@/lib/auth/actor';
import { authorize, authorizeAllAgents } from '@/lib/auth/authorize';
import type { Db } from '@/lib/db/schema';
import { readFleetAt } from '@/lib/history/config-at';
import { compareStrings } from '@/registry';
import { CONFIG_API_VERSION, normalServer, type ConfigFile } from './config-file';
import { normalWorkflow } from './parse-config';
import { readPoliciesAt } from './policies-at';
import { readConfigState } from './read-config-state';
import { renderConfig, type ConfigFormat } from './render-config';
import { sortedJson } from './sorted-json';

/** What `exportConfig` needs. */
export interface ExportConfigOptions {
  db: Db;
  actor: Actor;
  format: ConfigFormat;
  /** The app's public URL, to name the schema by. */
  baseUrl: string;
  /** An ISO 8601 time: the configuration as it was then, built from each object's version history. */
  at?: string;
}

/**
 * Everything an admin configures as one file, in a stable order; with `at`, as it was then (see
 * `readFleetAt` for what such a file leaves out). AppError `forbidden` without `agents:read`,
 * `invalid` for an `at` in the future.
 */
export async function exportConfig({ db, actor, format, baseUrl, at }: ExportConfigOptions): Promise<string> {
  authorize(actor, 'agents:read');
  authorizeAllAgents(actor, 'export the configuration (it covers every agent)');
  if (at === undefined) return renderConfig((await readConfigState(db)).file, format, baseUrl);
  if (Date.parse(at) > Date.now()) throw new AppError('invalid', `${at} is in the future: the configuration then is not known yet`, { errors: [{ pointer: '/at', message: 'Give a time in the past' }] });
  return renderConfig(await configFileAt(db, at), format, baseUrl);
}

/** The configuration file of the fleet at `at`, in the order and shape `readConfigState` gives the present one. */
async function configFileAt(db: Db, at: string): Promise<ConfigFile> {
  const fleet = await readFleetAt(db, at);
  const policies = await readPoliciesAt(db, at);
  return {
    apiVersion: CONFIG_API_VERSION,
    agents: fleet.agents.map(({ id, name, description, tools, rules }) => ({
      id,
      name,
      description,
      tools: sortedJson(tools) as Record<string, Record<string, unknown>>,
      rules: Object.keys(rules)
        .sort(compareStrings)
        .map((group) => ({ group, exclude: [...(rules[group] ?? [])].sort(compareStrings) })),
      policies: policies.agents.get(id) ?? {},
      tokenBudget: policies.budgets.get(id) ?? null,
    })),
    toolDefaults: policies.defaults,
    servers: fleet.servers.map(normalServer),
    workflows: fleet.workflows.map(normalWorkflow),
  };
}
