'use client';

import { memo, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { VisibleGroup } from '@/lib/catalogue/filter-catalogue';
import { groupEnd, itemAt, layoutList, visibleRange, type ListLayout, type ToolItem } from './list-layout';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';
import { ToolRow, toolRowHeight } from './tool-row';
import { useIsNarrow } from './use-is-narrow';

const HEADING_HEIGHT = 44;
const OVERSCAN = 6;
// The server renders the top of the list as if in a desktop window, so the first paint has rows.
const SERVER_BAND = { top: 0, bottom: 900 };

/**
 * The catalogue as one section per group, rendering only the rows near the viewport.
 * Each rendered section spans its whole group, so its heading sticks while the group scrolls by.
 * Rows have known heights, so the layout is computed once per search result and the rows to draw
 * are found by binary search: nothing is measured in the page.
 */
export const VirtualToolList = memo(function VirtualToolList({ groups, isFiltered }: { groups: readonly VisibleGroup[]; isFiltered: boolean }) {
  const idPrefix = useId();
  const isNarrow = useIsNarrow();
  const layout = useMemo(() => layoutOf(groups, isNarrow), [groups, isNarrow]);
  const listRef = useRef<HTMLDivElement>(null);
  const { start, end } = useWindowedRange(listRef, layout);

  const rowsByGroup = new Map<number, { index: number; item: ToolItem }[]>();
  for (let index = start; index < end; index++) {
    const item = itemAt(layout, index);
    const rows = rowsByGroup.get(item.groupIndex) ?? [];
    if (item.type === 'tool') rows.push({ index, item });
    rowsByGroup.set(item.groupIndex, rows);
  }

  return (
    <div ref={listRef} className="relative" style={{ height: layout.totalSize }}>
      {[...rowsByGroup].map(([groupIndex, rows]) => {
        const group = groups[groupIndex]!;
        const matched = group.matched ?? group.tools.length;
        const top = layout.starts[layout.groupStarts[groupIndex]!]!;
        const last = groupEnd(layout, groupIndex) - 1;
        const height = layout.starts[last]! + layout.sizes[last]! - top;
        const headingId = `${idPrefix}-group-${groupIndex}`;
        return (
          <section key={group.group} aria-labelledby={headingId} className="absolute inset-x-0" style={{ top, height }}>
            <h2
              id={headingId}
              className="sticky top-0 z-10 flex items-center gap-2 border-b border-border bg-background px-2 text-lg font-semibold"
              style={{ height: HEADING_HEIGHT }}
            >
              <span className="min-w-0 truncate" title={group.label}>
                {group.label}
              </span>{' '}
              <span className="shrink-0 text-sm font-normal whitespace-nowrap text-muted-foreground">
                ({isFiltered ? `${matched} of ${group.total}` : group.total})
              </span>
            </h2>
            <ul className="relative" style={{ height: height - HEADING_HEIGHT }}>
              {rows.map(({ index, item }) => (
                <li
                  key={item.tool.name}
                  className="absolute inset-x-0"
                  style={{ top: layout.starts[index]! - top - HEADING_HEIGHT, height: layout.sizes[index] }}
                  aria-setsize={matched}
                  aria-posinset={item.position + 1}
                >
                  <ToolRow tool={item.tool} isNarrow={isNarrow} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
});

// A search result's layout is kept as long as the result is: the search hands back the same
// result for a query typed again (Backspace), and then nothing is laid out again.
const layouts = { narrow: new WeakMap<readonly VisibleGroup[], ListLayout>(), wide: new WeakMap<readonly VisibleGroup[], ListLayout>() };

function layoutOf(groups: readonly VisibleGroup[], isNarrow: boolean): ListLayout {
  const known = isNarrow ? layouts.narrow : layouts.wide;
  let layout = known.get(groups);
  if (!layout) {
    layout = layoutList(groups, HEADING_HEIGHT, (tool) => knownRowHeight(tool, isNarrow));
    known.set(groups, layout);
  }
  return layout;
}

// A narrow row's height (which weighs up its badges) is worked out once per tool, not on every
// search that shows it. A wide row's is a comparison and some arithmetic, cheaper than looking it
// up: keeping 10,000 of them in a WeakMap cost more than working them out, on the way to the
// whole list being live.
const narrowRowHeights = new WeakMap<ToolSummary, number>();

function knownRowHeight(tool: ToolSummary, isNarrow: boolean): number {
  if (!isNarrow) return toolRowHeight(tool, false);
  let height = narrowRowHeights.get(tool);
  if (height === undefined) {
    height = toolRowHeight(tool, true);
    narrowRowHeights.set(tool, height);
  }
  return height;
}

/**
 * The items of `layout` in or near the window, following scrolling, resizing and the list's
 * own position on the page. It re-renders only when that run of items changes.
 */
function useWindowedRange(ref: React.RefObject<HTMLElement | null>, layout: ListLayout) {
  // The window's band in list coordinates, [top, bottom): where the rows are drawn for. It is
  // only re-set when the rows to draw change; `actual` follows every scroll step.
  const [band, setBand] = useState(SERVER_BAND);
  const actual = useRef(SERVER_BAND);
  const range = visibleRange(layout, band.top, band.bottom, OVERSCAN);
  const latest = useRef({ layout, range });
  useLayoutEffect(() => {
    latest.current = { layout, range };
  });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let listTop = element.getBoundingClientRect().top + window.scrollY;
    const update = () => {
      const top = window.scrollY - listTop;
      const now = { top, bottom: top + window.innerHeight };
      actual.current = now;
      const { layout: current, range: shown } = latest.current;
      const next = visibleRange(current, now.top, now.bottom, OVERSCAN);
      if (next.start !== shown.start || next.end !== shown.end) setBand(now);
    };
    // The page above the list (diagnostics, an error banner) can grow or shrink.
    const observer = new ResizeObserver(() => {
      listTop = element.getBoundingClientRect().top + window.scrollY;
      update();
    });
    observer.observe(document.body);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref]);

  // A new search result is drawn for where the window is now, not where it was when the rows
  // last changed (a short result may have fitted the window whatever the scrolling).
  useLayoutEffect(() => {
    const now = actual.current;
    setBand((shown) => (shown.top === now.top && shown.bottom === now.bottom ? shown : now));
  }, [layout]);

  return range;
}
