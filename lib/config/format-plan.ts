import type { ConfigError } from './parse-config';
import type { ConfigPlan } from './config-plan';

const SIGN = { create: '+', update: '~', delete: '-' } as const;

/** A plan as text for a terminal: one line per object, one indented line per changed field, then the totals. */
export function formatPlan(plan: ConfigPlan): string {
  const lines: string[] = [];
  for (const change of plan.changes) {
    lines.push(`${SIGN[change.action]} ${change.action} ${change.target}${change.words === undefined ? '' : `: ${change.words}`}`);
    for (const diff of change.diffs) {
      const before = 'before' in diff ? JSON.stringify(diff.before) : undefined;
      const after = 'after' in diff ? JSON.stringify(diff.after) : undefined;
      lines.push(`    ${diff.field}: ${before !== undefined && after !== undefined ? `${before} → ${after}` : (after ?? `${before} (removed)`)}`);
    }
  }
  for (const warning of plan.warnings) lines.push(`! not checked: ${warning.target} (line ${warning.line}): ${warning.message}`);
  const { create, update, delete: remove } = plan.summary;
  lines.push(plan.changes.length === 0 ? 'No changes: the stored configuration already matches the file.' : `Plan: ${create} to create, ${update} to update, ${remove} to delete.`);
  return lines.join('\n');
}

/** A file's errors as `file:line:column: message`, as compilers print them. */
export function formatConfigErrors(fileName: string, errors: readonly Partial<ConfigError>[]): string {
  return errors.map((error) => `${fileName}:${error.line ?? 1}:${error.column ?? 1}: ${error.message ?? 'invalid'}${error.pointer ? ` (${error.pointer})` : ''}`).join('\n');
}
