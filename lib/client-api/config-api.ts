import type { ConfigPlan } from '@/lib/config/config-plan';
import { apiFetch } from './api-fetch';
import type { ApiProblem } from './api-problem';

export type { ConfigChange, ConfigPlan, FieldDiff } from '@/lib/config/config-plan';
export type { ConfigWarning } from '@/lib/config/check-config';

/** One error of a configuration file, where it is. */
export interface ConfigFileError {
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

/** What applying the file would change; throws `ApiProblem` (400 with the file's errors). */
export async function planConfigFile(file: string, prune: boolean): Promise<ConfigPlan> {
  return (await apiFetch<ConfigPlan>('/api/v1/config/plan', { method: 'POST', body: { file, prune } })).data;
}

/** Applies the plan with this hash; throws `ApiProblem` (412 with the plan as it stands now in `current`). */
export async function applyConfigFile(file: string, prune: boolean, planHash: string): Promise<ConfigPlan> {
  return (await apiFetch<ConfigPlan>('/api/v1/config/apply', { method: 'POST', body: { file, prune, planHash } })).data;
}

/** The file's errors of a 400 answer, with their lines and columns. */
export function configFileErrors(problem: ApiProblem): ConfigFileError[] {
  return problem.errors.map((error) => {
    const { line, column } = error as { line?: unknown; column?: unknown };
    return { ...error, line: typeof line === 'number' ? line : undefined, column: typeof column === 'number' ? column : undefined };
  });
}
