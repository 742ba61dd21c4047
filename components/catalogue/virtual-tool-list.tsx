'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { VisibleGroup } from '@/lib/catalogue/filter-catalogue';
import { groupEnd, layoutList, type ListLayout } from '@/lib/catalogue/list-layout';
import { ToolRow, toolRowHeight } from './tool-row';
import { useIsNarrow } from './use-is-narrow';

const HEADING_HEIGHT = 44;

/**
 * The catalogue as one section per group, rendering only the rows near the viewport.
 * Each rendered section spans its whole group, so its heading sticks while the group scrolls by.
 */
export const VirtualToolList = memo(function VirtualToolList({ groups, isFiltered }: { groups: readonly VisibleGroup[]; isFiltered: boolean }) {
  const idPrefix = useId();
  const isNarrow = useIsNarrow();
  const layout = useMemo(() => layoutList(groups, HEADING_HEIGHT, (tool) => toolRowHeight(tool, isNarrow)), [groups, isNarrow]);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useListOffset(listRef);
  // A new key function per layout makes the virtualizer recompute its offsets in the same render.
  const getItemKey = useCallback((index: number) => itemKey(layout, index), [layout]);
  const virtualizer = useWindowVirtualizer({
    count: layout.items.length,
    estimateSize: (index) => layout.sizes[index] ?? 0,
    getItemKey,
    overscan: 6,
    scrollMargin,
    // The server renders the top of the list as if in a desktop window, so the first paint has rows.
    initialRect: { width: 1024, height: 900 },
  });

  const rowsByGroup = new Map<number, number[]>();
  for (const virtualItem of virtualizer.getVirtualItems()) {
    const item = layout.items[virtualItem.index];
    if (!item) continue;
    const rows = rowsByGroup.get(item.groupIndex) ?? [];
    if (item.type === 'tool') rows.push(virtualItem.index);
    rowsByGroup.set(item.groupIndex, rows);
  }

  return (
    <div ref={listRef} className="relative" style={{ height: layout.totalSize }}>
      {[...rowsByGroup].map(([groupIndex, rows]) => {
        const group = groups[groupIndex]!;
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
                ({isFiltered ? `${group.tools.length} of ${group.total}` : group.total})
              </span>
            </h2>
            <ul className="relative" style={{ height: height - HEADING_HEIGHT }}>
              {rows.map((index) => {
                const item = layout.items[index];
                if (item?.type !== 'tool') return null;
                return (
                  <li
                    key={item.tool.name}
                    className="absolute inset-x-0"
                    style={{ top: layout.starts[index]! - top - HEADING_HEIGHT, height: layout.sizes[index] }}
                    aria-setsize={group.tools.length}
                    aria-posinset={item.position + 1}
                  >
                    <ToolRow tool={item.tool} isNarrow={isNarrow} />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
});

function itemKey(layout: ListLayout, index: number): string {
  const item = layout.items[index];
  if (!item) return String(index);
  return item.type === 'tool' ? `tool:${item.tool.name}` : `heading:${item.groupIndex}`;
}

/** The list's distance from the top of the document, kept current as the page above it changes. */
function useListOffset(ref: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setOffset(element.getBoundingClientRect().top + window.scrollY);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}
