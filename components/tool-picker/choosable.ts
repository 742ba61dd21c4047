import type { IndexedGroup } from '@/lib/catalogue/filter-catalogue';
import { isAvailable, type ToolSummary } from '@/lib/catalogue/tool-summary';

// Each group's choosable tools, once per catalogue and assignment change: not on every opening of
// the picker (each opening mounts it afresh), nor on every keystroke.
const choosable = new WeakMap<readonly IndexedGroup[], { assigned: ReadonlySet<string>; pending?: ReadonlySet<string>; byGroup: ReadonlyMap<string, readonly string[]> }>();

/** Per group of the index, the names of its tools that can be chosen (see `isChoosable`). */
export function choosableByGroup(index: readonly IndexedGroup[], assigned: ReadonlySet<string>, pending: ReadonlySet<string> | undefined): ReadonlyMap<string, readonly string[]> {
  const known = choosable.get(index);
  if (known && known.assigned === assigned && known.pending === pending) return known.byGroup;
  const byGroup = new Map(index.map((section) => [section.group, section.tools.filter((tool) => isChoosable(tool, assigned, pending)).map((tool) => tool.name)]));
  choosable.set(index, { assigned, pending, byGroup });
  return byGroup;
}

/** Whether a tool can be chosen: available, and neither assigned already nor waiting for its settings. */
export function isChoosable(tool: ToolSummary, assigned: ReadonlySet<string>, pending: ReadonlySet<string> | undefined): boolean {
  return isAvailable(tool) && !assigned.has(tool.name) && !(pending?.has(tool.name) ?? false);
}
