import { isPlainObject } from '@/lib/json-pointer';

/**
 * Drops nested objects left with no values (an admin emptied every field of an optional group),
 * so the group counts as not set instead of as set with its required fields missing.
 */
export function pruneEmptyObjects(data: Record<string, unknown>): Record<string, unknown> {
  const pruned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (isPlainObject(value)) {
      const inner = pruneEmptyObjects(value);
      if (Object.keys(inner).length > 0) pruned[key] = inner;
    } else {
      pruned[key] = value;
    }
  }
  return pruned;
}
