import { isJsonEqual } from '@/lib/json-equal';
import { isPlainObject } from '@/lib/json-pointer';

/** What an agent was at a version, as the history page receives it. */
export interface VersionContent {
  name: string;
  description: string;
  tools: Record<string, Record<string, unknown>>;
  rules: Record<string, string[]>;
}

/** How one assigned tool differs between two versions. */
export interface ToolChange {
  toolName: string;
  kind: 'added' | 'removed' | 'changed' | 'unchanged';
  /** Absent when added. */
  left?: Record<string, unknown>;
  /** Absent when removed. */
  right?: Record<string, unknown>;
  /** The settings whose values differ (for `changed`). */
  changedKeys: Set<string>;
}

/** The top-level keys whose values differ between two objects (one side may lack the key). */
export function changedKeysOf(left: unknown, right: unknown): Set<string> {
  const a = isPlainObject(left) ? left : {};
  const b = isPlainObject(right) ? right : {};
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return new Set([...keys].filter((key) => !(Object.hasOwn(a, key) && Object.hasOwn(b, key) && isJsonEqual(a[key], b[key]))));
}

/** Each tool of either version, by name, with how it changed from `left` to `right`. */
export function compareTools(left: VersionContent, right: VersionContent): ToolChange[] {
  const names = [...new Set([...Object.keys(left.tools), ...Object.keys(right.tools)])].sort();
  return names.map((toolName) => {
    const before = left.tools[toolName];
    const after = right.tools[toolName];
    const kind = !before ? 'added' : !after ? 'removed' : isJsonEqual(before, after) ? 'unchanged' : 'changed';
    return { toolName, kind, left: before, right: after, changedKeys: kind === 'changed' ? changedKeysOf(before, after) : new Set<string>() };
  });
}
