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
  const count = layout.items.length;
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
