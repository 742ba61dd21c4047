import type { ToolSummary } from './tool-summary';
import type { VisibleGroup } from './filter-catalogue';

/** One line of the virtual list: a group's heading or one of its tools. */
export type ListItem =
  | { readonly type: 'heading'; readonly groupIndex: number }
  | { readonly type: 'tool'; readonly groupIndex: number; readonly position: number; readonly tool: ToolSummary };

/** The list flattened for the virtualizer, with each item's offset and each group's extent. */
export interface ListLayout {
  readonly items: readonly ListItem[];
  readonly sizes: readonly number[];
  /** Offset of each item from the top of the list, in pixels. */
  readonly starts: readonly number[];
  /** Index in `items` of each group's heading. */
  readonly groupStarts: readonly number[];
  readonly totalSize: number;
}

/** Lays the groups out as heading, tools, heading, tools…, sizing each line with the given heights. */
export function layoutList(
  groups: readonly VisibleGroup[],
  headingHeight: number,
  rowHeight: (tool: ToolSummary) => number,
): ListLayout {
  const items: ListItem[] = [];
  const sizes: number[] = [];
  const starts: number[] = [];
  const groupStarts: number[] = [];
  let offset = 0;
  const push = (item: ListItem, size: number) => {
    items.push(item);
    sizes.push(size);
    starts.push(offset);
    offset += size;
  };
  groups.forEach((group, groupIndex) => {
    groupStarts.push(items.length);
    push({ type: 'heading', groupIndex }, headingHeight);
    group.tools.forEach((tool, position) => push({ type: 'tool', groupIndex, position, tool }, rowHeight(tool)));
  });
  return { items, sizes, starts, groupStarts, totalSize: offset };
}

/** The end (exclusive) of a group's items. */
export function groupEnd(layout: ListLayout, groupIndex: number): number {
  return layout.groupStarts[groupIndex + 1] ?? layout.items.length;
}
