'use client';

import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AssignedGroup } from './assigned-group';
import type { EditorActions, ListedTool } from './assignment-card';
import { MemoAssignmentCard } from './memo-assignment-card';

type Row = { type: 'heading'; group: AssignedGroup; groupIndex: number } | { type: 'tool'; item: ListedTool; groupIndex: number };

interface VirtualAssignmentListProps {
  agentId: string;
  groups: readonly AssignedGroup[];
  open: ReadonlySet<string>;
  actions: EditorActions;
}

const GAP = 8;
const HEADING_SIZE = 44;
const CARD_SIZE = 96;

/**
 * A long list of the agent's tools: group headings and cards in one flow, only those near the
 * viewport mounted (each measured, as an open form is much taller), with spacers for the rest.
 */
export function VirtualAssignmentList({ agentId, groups, open, actions }: VirtualAssignmentListProps) {
  const rows = useMemo(
    () => groups.flatMap((group, groupIndex): Row[] => [{ type: 'heading', group, groupIndex }, ...group.tools.map((item): Row => ({ type: 'tool', item, groupIndex }))]),
    [groups],
  );
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useListOffset(listRef);
  const getItemKey = useCallback((index: number) => rowKey(rows[index], index), [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.type === 'heading' ? HEADING_SIZE : CARD_SIZE),
    getItemKey,
    gap: GAP,
    overscan: 8,
    scrollMargin,
    initialRect: { width: 1024, height: 900 },
  });
  const visible = virtualizer.getVirtualItems();
  const first = visible[0];
  const last = visible.at(-1);
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  // Consecutive cards of one group share a list; a heading starts the next.
  const blocks: ReactNode[] = [];
  let cards: ReactNode[] = [];
  let cardsGroup = -1;
  const flush = () => {
    if (cards.length === 0) return;
    blocks.push(
      <ul key={`cards-${cardsGroup}`} aria-label={groups[cardsGroup]?.label} className="flex flex-col gap-2">
        {cards}
      </ul>,
    );
    cards = [];
  };
  for (const virtualItem of visible) {
    const row = rows[virtualItem.index];
    if (!row) continue;
    if (row.type === 'heading') {
      flush();
      blocks.push(<GroupHeading key={`heading-${row.groupIndex}`} group={row.group} virtualItem={virtualItem} measure={virtualizer.measureElement} />);
      continue;
    }
    if (row.groupIndex !== cardsGroup) flush();
    cardsGroup = row.groupIndex;
    cards.push(
      <MemoAssignmentCard
        key={row.item.toolName}
        agentId={agentId}
        item={row.item}
        isOpen={open.has(row.item.toolName)}
        actions={actions}
        index={virtualItem.index}
        measureRef={virtualizer.measureElement}
      />,
    );
  }
  flush();

  return (
    <div ref={listRef} data-virtual-list="" style={{ paddingTop: before, paddingBottom: Math.max(0, after) }}>
      <div className="flex flex-col gap-2">{blocks}</div>
    </div>
  );
}

function GroupHeading({ group, virtualItem, measure }: { group: AssignedGroup; virtualItem: VirtualItem; measure: (element: Element | null) => void }) {
  return (
    <h2 ref={measure} data-index={virtualItem.index} className="pt-4 text-lg font-semibold">
      {group.label} <span className="text-sm font-normal text-muted-foreground">({group.tools.length})</span>
    </h2>
  );
}

function rowKey(row: Row | undefined, index: number): string {
  if (!row) return String(index);
  return row.type === 'heading' ? `heading:${row.group.key}` : `tool:${row.item.toolName}`;
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
