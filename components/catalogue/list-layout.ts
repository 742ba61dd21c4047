import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import type { VisibleGroup } from '@/lib/catalogue/filter-catalogue';

/** One line of the virtual list: a group's heading or one of its tools. */
export type ListItem = { readonly type: 'heading'; readonly groupIndex: number } | ToolItem;

/** A tool's line of the virtual list, with its position in its group. */
export interface ToolItem {
  readonly type: 'tool';
  readonly groupIndex: number;
  readonly position: number;
  readonly tool: ToolSummary;
}

/**
 * The list flattened for the virtualizer, with each item's offset and each group's extent. Items
 * are numbered heading, tools, heading, tools…; `itemAt` answers what one of them is.
 */
export interface ListLayout {
  readonly groups: readonly VisibleGroup[];
  /** Items in all: a heading per group and each of its tools. */
  readonly count: number;
  readonly sizes: Float64Array;
  /** Offset of each item from the top of the list, in pixels. */
  readonly starts: Float64Array;
  /** Index of each group's heading. */
  readonly groupStarts: readonly number[];
  readonly totalSize: number;
}

/**
 * Lays the groups out as heading, tools, heading, tools…, sizing each line with the given heights.
 * Offsets and sizes go into two arrays sized once: no object per line, so laying out 10,000 tools
 * (before the whole list is live, and at a keystroke that matches most of them) leaves little
 * garbage.
 */
export function layoutList(
  groups: readonly VisibleGroup[],
  headingHeight: number,
  rowHeight: (tool: ToolSummary) => number,
): ListLayout {
  let count = groups.length;
  for (const group of groups) count += group.tools.length;
  const sizes = new Float64Array(count);
  const starts = new Float64Array(count);
  const groupStarts: number[] = [];
  let offset = 0;
  let index = 0;
  const place = (size: number) => {
    sizes[index] = size;
    starts[index] = offset;
    offset += size;
    index++;
  };
  for (const group of groups) {
    groupStarts.push(index);
    place(headingHeight);
    for (const tool of group.tools) place(rowHeight(tool));
  }
  return { groups, count, sizes, starts, groupStarts, totalSize: offset };
}

/** What the item at `index` is: a group's heading, or a tool with its position in the group. */
export function itemAt(layout: ListLayout, index: number): ListItem {
  // The last group whose heading is at or before `index`.
  const groupIndex = firstIndex(layout.groupStarts.length, (i) => layout.groupStarts[i]! > index) - 1;
  const position = index - layout.groupStarts[groupIndex]! - 1;
  if (position < 0) return { type: 'heading', groupIndex };
  return { type: 'tool', groupIndex, position, tool: layout.groups[groupIndex]!.tools[position]! };
}

/** The end (exclusive) of a group's items. */
export function groupEnd(layout: ListLayout, groupIndex: number): number {
  return layout.groupStarts[groupIndex + 1] ?? layout.count;
}

/** A run of item indexes, `end` exclusive. */
export interface ItemRange {
  readonly start: number;
  readonly end: number;
}

/**
 * The items that overlap the band `top`–`bottom` (pixels from the top of the list), widened by
 * `overscan` items on each side. Binary searches over the offsets: a scroll step or a new search
 * result never walks the whole list.
 */
export function visibleRange(layout: ListLayout, top: number, bottom: number, overscan: number): ItemRange {
  const count = layout.count;
  if (count === 0 || bottom <= 0 || top >= layout.totalSize) return { start: 0, end: 0 };
  // The first item whose bottom edge is below `top`, and the first that starts at or below `bottom`.
  const first = firstIndex(count, (i) => layout.starts[i]! + layout.sizes[i]! > top);
  const afterLast = firstIndex(count, (i) => layout.starts[i]! >= bottom);
  return { start: Math.max(0, first - overscan), end: Math.min(count, afterLast + overscan) };
}

/** The smallest index in 0…count for which `isPast` holds (it must hold for every index after it too). */
function firstIndex(count: number, isPast: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isPast(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
