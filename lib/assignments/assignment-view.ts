import 'server-only';
import type { FieldError } from '@/lib/app-error';
import { compareStrings, type CatalogueEntry } from '@/registry';
import type { Assignment, AssignmentView } from './assignment';
import type { ToolLookup } from './tool-lookup';
import { sinceOf } from '@/lib/catalogue/tool-summary';

/** What a caller found for these very overrides with the same lookup a moment ago (a save's own checks). */
export interface CheckedOverrides {
  entry: CatalogueEntry | undefined;
  errors: FieldError[];
}

/**
 * The assignment with its status. Precedence: `missing`, then `invalid` (the admin can fix
 * that), then `unavailable`, then `ok`. Stored overrides are checked afresh each time, against
 * the tool's schema and its plugin's own check, so a folder deleted or a policy narrowed since
 * the save shows as `invalid`. An unavailable tool still has its overrides checked. `checked`:
 * the entry and errors the caller found for the same overrides, used instead of finding them again.
 */
export function viewAssignment(assignment: Assignment, lookup: ToolLookup, checked?: CheckedOverrides): AssignmentView {
  const entry = checked ? checked.entry : lookup(assignment.toolName);
  if (!entry) return { ...assignment, status: 'missing' };
  const errors = checked ? checked.errors : lookup.overridesErrors(entry, assignment.overrides);
  const unavailable = entry.available ? {} : { unavailableReason: entry.unavailableReason ?? 'The tool is unavailable', ...sinceOf(entry) };
  if (errors.length > 0) return { ...assignment, status: 'invalid', group: entry.group, ...unavailable, errors };
  return { ...assignment, status: entry.available ? 'ok' : 'unavailable', group: entry.group, ...unavailable };
}

/** Sorts by group then tool name, with missing tools (which have no group) last, by name. */
export function compareViews(a: AssignmentView, b: AssignmentView): number {
  const aMissing = a.group === undefined;
  const bMissing = b.group === undefined;
  if (aMissing !== bMissing) return aMissing ? 1 : -1;
  return compareStrings(a.group ?? '', b.group ?? '') || compareStrings(a.toolName, b.toolName);
}
