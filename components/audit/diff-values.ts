import { isJsonEqual } from '@/lib/json-equal';
import { escapePointerToken, isPlainObject } from '@/lib/json-pointer';

export { isJsonEqual };

/** How one value differs between an event's before and after. */
export type DiffKind = 'added' | 'removed' | 'changed' | 'unchanged';

/** One line of a diff: a value at a JSON Pointer path (`''` is the whole value). */
export interface DiffRow {
  path: string;
  kind: DiffKind;
  /** Absent when `kind` is `added`. */
  before?: unknown;
  /** Absent when `kind` is `removed`. */
  after?: unknown;
}

/**
 * The differences between two JSON values, key by key, descending into objects present on both
 * sides; arrays and other values are compared whole. A create (`before` null) lists every key of
 * `after` as added, a delete every key of `before` as removed. Keys keep `before`'s order, with
 * new keys after them.
 */
export function diffValues(before: unknown, after: unknown): DiffRow[] {
  if (before === null && isPlainObject(after)) {
    return Object.entries(after).map(([key, value]) => ({ path: child('', key), kind: 'added', after: value }));
  }
  if (after === null && isPlainObject(before)) {
    return Object.entries(before).map(([key, value]) => ({ path: child('', key), kind: 'removed', before: value }));
  }
  const rows: DiffRow[] = [];
  collect(before, after, '', rows);
  return rows;
}

function collect(before: unknown, after: unknown, path: string, rows: DiffRow[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))];
    for (const key of keys) {
      const isInBefore = Object.hasOwn(before, key);
      const isInAfter = Object.hasOwn(after, key);
      if (!isInAfter) rows.push({ path: child(path, key), kind: 'removed', before: before[key] });
      else if (!isInBefore) rows.push({ path: child(path, key), kind: 'added', after: after[key] });
      else collect(before[key], after[key], child(path, key), rows);
    }
    return;
  }
  rows.push({ path, kind: isJsonEqual(before, after) ? 'unchanged' : 'changed', before, after });
}

function child(path: string, key: string): string {
  return `${path}/${escapePointerToken(key)}`;
}
