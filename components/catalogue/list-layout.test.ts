import { describe, expect, it } from 'vitest';
import { groupEnd, itemAt, layoutList, visibleRange } from './list-layout';
import type { VisibleGroup } from '@/lib/catalogue/filter-catalogue';
import type { ToolSummary } from '@/lib/catalogue/tool-summary';

const tool = (name: string, available = true): ToolSummary => ({
  name, group: 'g', description: '', source: 'builtin', ...(available ? {} : { unavailableReason: 'Missing a key' }),
});

const groups: VisibleGroup[] = [
  { group: 'a', label: 'A', total: 2, tools: [tool('a_1'), tool('a_2', false)] },
  { group: 'b', label: 'B', total: 1, tools: [tool('b_1')] },
];

describe('layoutList', () => {
  it('places each heading before its tools and stacks the lines by their heights', () => {
    const layout = layoutList(groups, 40, (t) => (t.unavailableReason === undefined ? 80 : 100));

    const items = Array.from({ length: layout.count }, (_, index) => itemAt(layout, index));
    expect(items.map((item) => (item.type === 'heading' ? `#${item.groupIndex}` : `${item.tool.name}@${item.position}`))).toEqual([
      '#0', 'a_1@0', 'a_2@1', '#1', 'b_1@0',
    ]);
    expect(Array.from(layout.starts)).toEqual([0, 40, 120, 220, 260]);
    expect(Array.from(layout.sizes)).toEqual([40, 80, 100, 40, 80]);
    expect(layout.totalSize).toBe(340);
    expect(layout.groupStarts).toEqual([0, 3]);
    expect(groupEnd(layout, 0)).toBe(3);
    expect(groupEnd(layout, 1)).toBe(5);
  });

  it('lays out a group with no tools as its heading alone', () => {
    const layout = layoutList([{ group: 'e', label: 'E', total: 0, tools: [] }, ...groups], 40, () => 80);

    expect(layout.count).toBe(6);
    expect(itemAt(layout, 0)).toEqual({ type: 'heading', groupIndex: 0 });
    expect(itemAt(layout, 1)).toEqual({ type: 'heading', groupIndex: 1 });
    expect(itemAt(layout, 5)).toMatchObject({ type: 'tool', groupIndex: 2, position: 0 });
    expect(groupEnd(layout, 0)).toBe(1);
  });
});

describe('visibleRange', () => {
  const layout = layoutList(groups, 40, (t) => (t.unavailableReason === undefined ? 80 : 100));

  it('answers the items overlapping the viewport band, widened by the overscan', () => {
    // starts 0, 40, 120, 220, 260; ends 40, 120, 220, 260, 340
    expect(visibleRange(layout, 0, 100, 0)).toEqual({ start: 0, end: 2 });
    expect(visibleRange(layout, 130, 230, 0)).toEqual({ start: 2, end: 4 });
    expect(visibleRange(layout, 130, 230, 1)).toEqual({ start: 1, end: 5 });
    expect(visibleRange(layout, 120, 220, 0)).toEqual({ start: 2, end: 3 });
  });

  it('answers nothing when the band is above or below the list, or the list is empty', () => {
    expect(visibleRange(layout, -500, -100, 2)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(layout, 340, 900, 2)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(layoutList([], 40, () => 80), 0, 900, 2)).toEqual({ start: 0, end: 0 });
  });

  it('clips the band to the list when it runs past either end', () => {
    expect(visibleRange(layout, -100, 50, 0)).toEqual({ start: 0, end: 2 });
    expect(visibleRange(layout, 250, 2000, 0)).toEqual({ start: 3, end: 5 });
  });
});
